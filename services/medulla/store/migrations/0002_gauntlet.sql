-- Federation peers, foreign material (the global verse: proposals until the owner adopts),
-- and the reuse meter's learn events.
CREATE TABLE peers (
  name         TEXT PRIMARY KEY,
  addr         TEXT NOT NULL,
  credential   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  last_sync_at INTEGER,
  last_error   TEXT NOT NULL DEFAULT ''
) STRICT;

CREATE TABLE foreign_claims (
  seq               INTEGER PRIMARY KEY,
  id                TEXT NOT NULL UNIQUE,
  peer              TEXT NOT NULL REFERENCES peers(name),
  slug              TEXT NOT NULL,
  version           INTEGER NOT NULL,
  kind              TEXT NOT NULL,
  body              TEXT NOT NULL,
  evidence          TEXT NOT NULL,
  confidence        REAL NOT NULL,
  created_at        INTEGER,
  source_agent      TEXT NOT NULL,
  origin_brain      TEXT NOT NULL,
  promoted_by       TEXT NOT NULL,
  promoted_reason   TEXT NOT NULL,
  promoted_at       INTEGER,
  verified_by       TEXT NOT NULL,
  verified_via      TEXT NOT NULL,
  written_at        INTEGER,
  fetched_at        INTEGER NOT NULL,
  adopted_at        INTEGER,
  adopted_brain     TEXT NOT NULL DEFAULT '',
  adopted_slug      TEXT NOT NULL DEFAULT '',
  adoption_receipt  TEXT NOT NULL DEFAULT '',
  UNIQUE (peer, slug, version)
) STRICT;

-- One row per learner, claim and feedback: the meter counts survival, and a loop cannot inflate it.
CREATE TABLE reuse_events (
  id            INTEGER PRIMARY KEY,
  slug          TEXT NOT NULL,
  version       INTEGER NOT NULL,
  origin_brain  TEXT NOT NULL,
  learner_brain TEXT NOT NULL,
  learner       TEXT NOT NULL,
  feedback      TEXT NOT NULL,
  at            INTEGER NOT NULL,
  receipt_id    TEXT NOT NULL,
  UNIQUE (slug, learner_brain, learner, feedback)
) STRICT;

CREATE INDEX reuse_events_by_origin ON reuse_events(origin_brain);
