-- Fewer pages per append. An append group's cost is the pages it dirties: each is a WAL frame
-- to write and fsync and later to copy back into the database.
--
-- letters becomes a rowid table. As a WITHOUT ROWID table keyed by (mission_id, seq), every
-- letter body landed in its own chain's leaf, so an append touched (and often split) one page
-- per chain; now bodies go to the table's right edge, which a whole group shares, and each
-- chain touches one leaf of the small (mission_id, seq) index. letter_id loses its own unique
-- index, which put every append on a random page of it: a letter is only ever looked up
-- within its mission, where the (mission_id, seq) index finds the chain's few letters, and its
-- id is 64 random bits.
CREATE TABLE letters_by_row (
	id         INTEGER PRIMARY KEY,
	mission_id TEXT NOT NULL REFERENCES missions(mission_id),
	seq        INTEGER NOT NULL,
	letter_id  TEXT NOT NULL,
	phase      TEXT NOT NULL,
	advisory   INTEGER NOT NULL,
	posted_at  INTEGER NOT NULL,
	body       TEXT NOT NULL,
	UNIQUE (mission_id, seq)
);
INSERT INTO letters_by_row(mission_id, seq, letter_id, phase, advisory, posted_at, body)
	SELECT mission_id, seq, letter_id, phase, advisory, posted_at, body FROM letters ORDER BY posted_at, mission_id, seq;
DROP TABLE letters;
ALTER TABLE letters_by_row RENAME TO letters;

-- board_events drops AUTOINCREMENT, which rewrote sqlite_sequence on every event. Events are
-- never deleted, so the largest cursor plus one is already a cursor never handed out before.
CREATE TABLE board_events_by_cursor (
	cursor     INTEGER PRIMARY KEY,
	mission_id TEXT NOT NULL,
	brain      TEXT NOT NULL,
	seq        INTEGER NOT NULL,
	kind       TEXT NOT NULL,
	from_phase TEXT NOT NULL,
	to_phase   TEXT NOT NULL,
	at         INTEGER NOT NULL
);
INSERT INTO board_events_by_cursor SELECT cursor, mission_id, brain, seq, kind, from_phase, to_phase, at FROM board_events;
DROP TABLE board_events;
ALTER TABLE board_events_by_cursor RENAME TO board_events;
CREATE INDEX board_events_brain ON board_events(brain, cursor);
