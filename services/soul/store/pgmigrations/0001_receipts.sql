-- Soul receipts on PostgreSQL (schema soul): the same table as the SQLite 0001 and 0002, in
-- PostgreSQL's types. Append-only, enforced by triggers as on SQLite.
CREATE TABLE receipts (
  seq          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  receipt_id   TEXT NOT NULL UNIQUE,
  brain        TEXT NOT NULL,
  kind         TEXT NOT NULL,
  at_unix_ms   BIGINT NOT NULL,
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
  by_owner     BOOLEAN NOT NULL DEFAULT FALSE,
  verdict      TEXT NOT NULL DEFAULT '',
  report_json  BYTEA
);

CREATE INDEX receipts_brain_seq ON receipts(brain, seq DESC);
CREATE INDEX receipts_brain_kind_seq ON receipts(brain, kind, seq DESC);

CREATE FUNCTION receipts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts are append-only';
END $$;
CREATE TRIGGER receipts_append_only BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION receipts_append_only();

-- A brain's heading-to-tissue map: configuration, replaced whole by the owner.
CREATE TABLE tissue_maps (
  brain         TEXT PRIMARY KEY,
  tissues_json  TEXT NOT NULL,
  updated_at_ms BIGINT NOT NULL
);
