-- The security ledger's refusal counts on PostgreSQL: the same table as the SQLite 0003.
CREATE TABLE refusal_repeats (
  receipt_id    TEXT PRIMARY KEY REFERENCES receipts(receipt_id),
  coalesce_key  TEXT NOT NULL,
  first_unix_ms BIGINT NOT NULL,
  count         BIGINT NOT NULL,
  last_unix_ms  BIGINT NOT NULL
);

CREATE INDEX refusal_repeats_key ON refusal_repeats(coalesce_key, first_unix_ms DESC);
