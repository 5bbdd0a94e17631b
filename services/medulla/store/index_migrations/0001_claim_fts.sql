-- The full-text index of live claim versions. It is derived data: every row can be rebuilt from
-- medulla.db's claim_versions, and is, whenever this file was not closed cleanly.
--
-- The rowid is claim_versions.id. Contentless: the text lives in claim_versions, and
-- contentless_delete lets a supersession drop a row by id alone.
CREATE VIRTUAL TABLE claim_fts USING fts5(slug, body, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2');
-- Rank by BM25 with a slug word worth twice a body word; ORDER BY rank lets FTS5 sort inside the
-- index instead of handing every match to the SQL layer.
INSERT INTO claim_fts (claim_fts, rank) VALUES ('rank', 'bm25(2.0, 1.0)');

-- clean is 1 only between a close that indexed everything and the next open.
CREATE TABLE index_state (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  clean INTEGER NOT NULL
) STRICT;
INSERT INTO index_state (id, clean) VALUES (1, 0);
