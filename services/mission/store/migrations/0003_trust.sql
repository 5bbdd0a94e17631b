-- TRUST: where a landing goes, the refs that keep candidates, and the mission ledger.

-- The branch a brain's landings apply to, fixed the first time the organ meets the brain (the
-- branch checked out then) unless the owner's landing.toml names one.
CREATE TABLE brain_targets (
	brain    TEXT PRIMARY KEY,
	branch   TEXT NOT NULL,
	fixed_at INTEGER NOT NULL
);

-- The ref keeping each mission's candidate commit in its brain's repository, removed a grace
-- period after the mission closes.
CREATE TABLE mission_refs (
	mission_id TEXT PRIMARY KEY,
	brain      TEXT NOT NULL,
	repo_root  TEXT NOT NULL,
	ref        TEXT NOT NULL,
	removed_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX mission_refs_kept ON mission_refs(removed_at, mission_id);

-- The ledger: a commit receipt for every accepted letter and landing, a rejection receipt for
-- every refused one, each in the ledger of the brain it belongs to ('' is the security ledger).
-- A rowid table ordered by id, with no index on the random receipt id, so an append's receipt
-- lands on the right edge its group shares (see 0002).
CREATE TABLE ledger (
	id         INTEGER PRIMARY KEY,
	ledger     TEXT NOT NULL,
	receipt_id TEXT NOT NULL,
	mission_id TEXT NOT NULL,
	body       TEXT NOT NULL
);
CREATE INDEX ledger_by_ledger ON ledger(ledger, id);
