-- The mission organ on PostgreSQL (schema mission): the tables of the SQLite migrations 0001 to
-- 0005 as they stand after them, in PostgreSQL's types. Times stay Unix nanoseconds (BIGINT)
-- and flags stay 0/1 integers so both backends scan rows into the domain the same way.

CREATE TABLE missions (
	mission_id        TEXT PRIMARY KEY,
	brain             TEXT NOT NULL,
	title             TEXT NOT NULL DEFAULT '',
	phase             TEXT NOT NULL,
	head_seq          BIGINT NOT NULL,
	head_letter_id    TEXT NOT NULL,
	opened_at         BIGINT NOT NULL,
	updated_at        BIGINT NOT NULL,
	candidate_letter  TEXT NOT NULL DEFAULT '',
	spawned           INTEGER NOT NULL DEFAULT 0,
	assigned_runner   TEXT NOT NULL DEFAULT '',
	lease_id          TEXT NOT NULL DEFAULT '',
	lease_runner      TEXT NOT NULL DEFAULT '',
	lease_expires     BIGINT NOT NULL DEFAULT 0,
	attempts          INTEGER NOT NULL DEFAULT 0,
	rerun_requested   INTEGER NOT NULL DEFAULT 0,
	packet            TEXT NOT NULL,
	debrief_state     TEXT NOT NULL DEFAULT '',
	debrief_slug      TEXT NOT NULL DEFAULT '',
	debrief_error     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX missions_board ON missions(brain, opened_at, mission_id);
CREATE INDEX missions_opened ON missions(opened_at, mission_id);
CREATE INDEX missions_lease_runner ON missions(lease_runner, lease_expires);
CREATE INDEX missions_debrief ON missions(debrief_state);

-- The chain: (mission_id, seq) is unique, so two writers can never both hold a seq, whichever
-- replica they write from. The head CAS in the missions UPDATE is what decides the winner; this
-- key is the floor under it.
CREATE TABLE letters (
	id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	mission_id TEXT NOT NULL REFERENCES missions(mission_id),
	seq        BIGINT NOT NULL,
	letter_id  TEXT NOT NULL,
	phase      TEXT NOT NULL,
	advisory   INTEGER NOT NULL,
	posted_at  BIGINT NOT NULL,
	body       TEXT NOT NULL,
	UNIQUE (mission_id, seq)
);

-- Board events. A watcher reads by cursor, so a cursor must never become visible after a
-- larger one: every writer of events takes the board lock (an advisory transaction lock, see
-- store/pgstore.go) before it numbers them and holds it to COMMIT, so cursors commit in order
-- across replicas. cursor is assigned from the sequence under that lock.
CREATE TABLE board_events (
	cursor     BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	mission_id TEXT NOT NULL,
	brain      TEXT NOT NULL,
	seq        BIGINT NOT NULL,
	kind       TEXT NOT NULL,
	from_phase TEXT NOT NULL,
	to_phase   TEXT NOT NULL,
	at         BIGINT NOT NULL
);
CREATE INDEX board_events_brain ON board_events(brain, cursor);

CREATE TABLE gate_logs (
	mission_id TEXT NOT NULL REFERENCES missions(mission_id),
	sha256     TEXT NOT NULL,
	size       BIGINT NOT NULL,
	content    BYTEA NOT NULL,
	runner     TEXT NOT NULL,
	stored_at  BIGINT NOT NULL,
	PRIMARY KEY (mission_id, sha256)
);

CREATE TABLE refusals (
	id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	mission_id TEXT NOT NULL,
	reason     TEXT NOT NULL,
	message    TEXT NOT NULL,
	by_agent   TEXT NOT NULL,
	by_seat    TEXT NOT NULL,
	by_brain   TEXT NOT NULL,
	by_origin  TEXT NOT NULL,
	at         BIGINT NOT NULL
);
CREATE INDEX refusals_mission ON refusals(mission_id, id);

CREATE TABLE receipts (
	receipt_id TEXT PRIMARY KEY,
	mission_id TEXT NOT NULL,
	brain      TEXT NOT NULL,
	body       TEXT NOT NULL,
	at         BIGINT NOT NULL
);
CREATE INDEX receipts_mission ON receipts(mission_id);

CREATE TABLE brain_targets (
	brain    TEXT PRIMARY KEY,
	branch   TEXT NOT NULL,
	fixed_at BIGINT NOT NULL
);

CREATE TABLE mission_refs (
	mission_id TEXT PRIMARY KEY,
	brain      TEXT NOT NULL,
	repo_root  TEXT NOT NULL,
	ref        TEXT NOT NULL,
	removed_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX mission_refs_kept ON mission_refs(removed_at, mission_id);

CREATE TABLE ledger (
	id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	ledger     TEXT NOT NULL,
	receipt_id TEXT NOT NULL,
	mission_id TEXT NOT NULL,
	body       TEXT NOT NULL
);
CREATE INDEX ledger_by_ledger ON ledger(ledger, id);

-- Skeletons: at most one candidate per brain (partial unique index), as on SQLite.
CREATE TABLE skeletons (
	skeleton_id TEXT PRIMARY KEY,
	brain       TEXT NOT NULL,
	revision    BIGINT NOT NULL,
	state       TEXT NOT NULL,
	body        TEXT NOT NULL,
	UNIQUE (brain, revision)
);
CREATE UNIQUE INDEX skeletons_one_candidate ON skeletons(brain) WHERE state = 'candidate';
CREATE INDEX skeletons_state ON skeletons(brain, state, revision);

-- The skeleton store version: every write advances it by one under compare-and-swap in the
-- UPDATE's WHERE; the first write of a brain inserts it, and the primary key refuses a second.
CREATE TABLE skeleton_versions (
	brain   TEXT PRIMARY KEY,
	version BIGINT NOT NULL
);

-- One live curation per brain: the partial unique index.
CREATE TABLE curations (
	curation_id TEXT PRIMARY KEY,
	brain       TEXT NOT NULL,
	state       TEXT NOT NULL,
	lease_id    TEXT NOT NULL DEFAULT '',
	created_at  BIGINT NOT NULL,
	body        TEXT NOT NULL
);
CREATE UNIQUE INDEX curations_one_live ON curations(brain) WHERE state IN ('pending', 'claimed');
CREATE INDEX curations_state ON curations(state, created_at);

-- The field-report spool, append-only.
CREATE TABLE field_reports (
	seq         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	report_id   TEXT NOT NULL UNIQUE,
	class       TEXT NOT NULL,
	repo        TEXT NOT NULL,
	tool        TEXT NOT NULL,
	what        TEXT NOT NULL,
	block_id    TEXT NOT NULL DEFAULT '',
	reporter    TEXT NOT NULL,
	reported_at BIGINT NOT NULL,
	fingerprint TEXT NOT NULL
);

-- One screening per report, ever: the primary key is the claim. Two sweeps on two replicas
-- that both try a report collide on it; the loser's INSERT fails (unique violation) or finds
-- the row, and the store answers ErrScreened.
CREATE TABLE report_screens (
	report_id   TEXT PRIMARY KEY REFERENCES field_reports(report_id),
	seq         BIGINT NOT NULL,
	outcome     TEXT NOT NULL CHECK (outcome IN ('chartered', 'refused')),
	reason      TEXT NOT NULL DEFAULT '',
	message     TEXT NOT NULL DEFAULT '',
	brain       TEXT NOT NULL DEFAULT '',
	mission_id  TEXT NOT NULL DEFAULT '',
	fingerprint TEXT NOT NULL,
	screened_at BIGINT NOT NULL,
	swept_by    TEXT NOT NULL
);
CREATE INDEX report_screens_by_seq ON report_screens(seq);
CREATE INDEX report_screens_chartered_fp ON report_screens(fingerprint) WHERE outcome = 'chartered';
CREATE INDEX report_screens_chartered_brain ON report_screens(brain) WHERE outcome = 'chartered';
CREATE INDEX report_screens_refused ON report_screens(reason, seq) WHERE outcome = 'refused';
