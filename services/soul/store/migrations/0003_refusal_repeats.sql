-- The security ledger's refusal receipts coalesce: identical refusals of one caller within the
-- refusal window are one receipt (append-only, in receipts) whose count and newest time grow
-- here. coalesce_key names the caller, RPC and reason; first_unix_ms opens the window.
CREATE TABLE refusal_repeats (
  receipt_id    TEXT PRIMARY KEY REFERENCES receipts(receipt_id),
  coalesce_key  TEXT NOT NULL,
  first_unix_ms INTEGER NOT NULL,
  count         INTEGER NOT NULL,
  last_unix_ms  INTEGER NOT NULL
);

CREATE INDEX refusal_repeats_key ON refusal_repeats(coalesce_key, first_unix_ms DESC);
