-- Soul receipts: dated events (checks and seat checks), append-only. Claim states are never stored.
CREATE TABLE receipts (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  receipt_id   TEXT NOT NULL UNIQUE,
  brain        TEXT NOT NULL,
  kind         TEXT NOT NULL,
  at_unix_ms   INTEGER NOT NULL,
  line         TEXT NOT NULL,
  repo_sha     TEXT NOT NULL DEFAULT '',
  soul_path    TEXT NOT NULL DEFAULT '',
  fresh        INTEGER NOT NULL DEFAULT 0,
  stale        INTEGER NOT NULL DEFAULT 0,
  superseded   INTEGER NOT NULL DEFAULT 0,
  receipt_req  INTEGER NOT NULL DEFAULT 0,
  unprovable   INTEGER NOT NULL DEFAULT 0,
  declared     INTEGER NOT NULL DEFAULT 0,
  by_agent     TEXT NOT NULL DEFAULT '',
  by_seat      TEXT NOT NULL DEFAULT '',
  by_brain     TEXT NOT NULL DEFAULT '',
  by_origin    TEXT NOT NULL DEFAULT '',
  by_owner     INTEGER NOT NULL DEFAULT 0,
  verdict      TEXT NOT NULL DEFAULT '',
  report_json  BLOB
);

CREATE INDEX receipts_brain_seq ON receipts(brain, seq DESC);
CREATE INDEX receipts_brain_kind_seq ON receipts(brain, kind, seq DESC);

CREATE TRIGGER receipts_append_only_update BEFORE UPDATE ON receipts
BEGIN SELECT RAISE(ABORT, 'receipts are append-only'); END;
CREATE TRIGGER receipts_append_only_delete BEFORE DELETE ON receipts
BEGIN SELECT RAISE(ABORT, 'receipts are append-only'); END;
