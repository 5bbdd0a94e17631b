-- The ledgers: commit receipts of registrations and leaves, rejection receipts of refusals.
-- Append-only, except that identical refusals of one caller within the refusal window add to
-- the count and last_at of the receipt that recorded the first of them.
CREATE TABLE receipts (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    id           TEXT NOT NULL UNIQUE,
    ledger       TEXT NOT NULL, -- a brain, or _security
    kind         TEXT NOT NULL, -- commit | rejection
    proposal_id  TEXT NOT NULL,
    brain        TEXT NOT NULL, -- the brain the proposal aimed at
    effect       TEXT NOT NULL,
    subject      TEXT NOT NULL,
    gates        TEXT NOT NULL, -- JSON array
    reason       TEXT NOT NULL,
    message      TEXT NOT NULL,
    details      TEXT NOT NULL, -- JSON object
    by_agent     TEXT NOT NULL,
    by_seat      TEXT NOT NULL,
    by_brain     TEXT NOT NULL,
    by_origin    TEXT NOT NULL,
    at           INTEGER NOT NULL, -- unix nanoseconds
    count        INTEGER NOT NULL,
    last_at      INTEGER NOT NULL,
    coalesce_key TEXT NOT NULL -- empty on commits
);
CREATE INDEX receipts_ledger_seq ON receipts(ledger, seq);
CREATE INDEX receipts_coalesce ON receipts(ledger, coalesce_key, at);
