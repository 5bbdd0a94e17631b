-- letters loses its surrogate id. Nothing reads it: a chain is read by (mission_id, seq) and a
-- letter by (mission_id, letter_id), so the unique (mission_id, seq) index becomes the primary
-- key and each letter updates one index and draws no sequence value. (SQLite's letters keeps
-- a rowid for page locality; PostgreSQL's heap is written in arrival order anyway.)
ALTER TABLE letters DROP CONSTRAINT letters_pkey;
ALTER TABLE letters DROP COLUMN id;
ALTER TABLE letters ADD CONSTRAINT letters_pkey PRIMARY KEY (mission_id, seq);
ALTER TABLE letters DROP CONSTRAINT letters_mission_id_seq_key;

