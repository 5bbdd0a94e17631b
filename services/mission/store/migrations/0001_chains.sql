CREATE TABLE missions (
	mission_id        TEXT PRIMARY KEY,
	brain             TEXT NOT NULL,
	title             TEXT NOT NULL DEFAULT '',
	phase             TEXT NOT NULL,
	head_seq          INTEGER NOT NULL,
	head_letter_id    TEXT NOT NULL,
	opened_at         INTEGER NOT NULL,
	updated_at        INTEGER NOT NULL,
	candidate_letter  TEXT NOT NULL DEFAULT '',
	spawned           INTEGER NOT NULL DEFAULT 0,
	assigned_runner   TEXT NOT NULL DEFAULT '',
	lease_id          TEXT NOT NULL DEFAULT '',
	lease_runner      TEXT NOT NULL DEFAULT '',
	lease_expires     INTEGER NOT NULL DEFAULT 0,
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

-- The chain. (mission_id, seq) is the primary key, so two writers can never both hold a seq:
-- no fork is representable.
CREATE TABLE letters (
	mission_id TEXT NOT NULL REFERENCES missions(mission_id),
	seq        INTEGER NOT NULL,
	letter_id  TEXT NOT NULL UNIQUE,
	phase      TEXT NOT NULL,
	advisory   INTEGER NOT NULL,
	posted_at  INTEGER NOT NULL,
	body       TEXT NOT NULL,
	PRIMARY KEY (mission_id, seq)
) WITHOUT ROWID;

CREATE TABLE board_events (
	cursor     INTEGER PRIMARY KEY AUTOINCREMENT,
	mission_id TEXT NOT NULL,
	brain      TEXT NOT NULL,
	seq        INTEGER NOT NULL,
	kind       TEXT NOT NULL,
	from_phase TEXT NOT NULL,
	to_phase   TEXT NOT NULL,
	at         INTEGER NOT NULL
);
CREATE INDEX board_events_brain ON board_events(brain, cursor);

CREATE TABLE gate_logs (
	mission_id TEXT NOT NULL REFERENCES missions(mission_id),
	sha256     TEXT NOT NULL,
	size       INTEGER NOT NULL,
	content    BLOB NOT NULL,
	runner     TEXT NOT NULL,
	stored_at  INTEGER NOT NULL,
	PRIMARY KEY (mission_id, sha256)
);

CREATE TABLE refusals (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	mission_id TEXT NOT NULL,
	reason     TEXT NOT NULL,
	message    TEXT NOT NULL,
	by_agent   TEXT NOT NULL,
	by_seat    TEXT NOT NULL,
	by_brain   TEXT NOT NULL,
	by_origin  TEXT NOT NULL,
	at         INTEGER NOT NULL
);
CREATE INDEX refusals_mission ON refusals(mission_id, id);

CREATE TABLE receipts (
	receipt_id TEXT PRIMARY KEY,
	mission_id TEXT NOT NULL,
	brain      TEXT NOT NULL,
	body       TEXT NOT NULL,
	at         INTEGER NOT NULL
);
CREATE INDEX receipts_mission ON receipts(mission_id);
