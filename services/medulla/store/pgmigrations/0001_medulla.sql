-- Medulla on PostgreSQL (schema medulla): the tables of the SQLite migrations 0001-0005 in
-- PostgreSQL's types. Times stay unix nanoseconds (BIGINT) so both backends share their row
-- codecs. Every replica of medulla writes these tables; what keeps them consistent across
-- replicas is in the database: a brain's writes take its advisory lock (store/pgtx.go), a slug
-- has one row per version and at most one live one (the two unique indexes below).
CREATE TABLE brains (
  name          TEXT PRIMARY KEY,
  repo_root     TEXT NOT NULL,
  soul_path     TEXT NOT NULL,
  policy        TEXT NOT NULL,
  reserved      INTEGER NOT NULL DEFAULT 0,
  store_version BIGINT NOT NULL DEFAULT 0,
  live_claims   BIGINT NOT NULL DEFAULT 0,
  created_at    BIGINT NOT NULL,
  updated_at    BIGINT NOT NULL
);

CREATE TABLE claim_versions (
  id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brain           TEXT NOT NULL REFERENCES brains(name),
  slug            TEXT NOT NULL,
  version         BIGINT NOT NULL,
  kind            TEXT NOT NULL,
  body            TEXT NOT NULL,
  evidence        TEXT NOT NULL,
  confidence      DOUBLE PRECISION NOT NULL,
  state           TEXT NOT NULL,
  tier            TEXT NOT NULL,
  verse           TEXT NOT NULL,
  created_at      BIGINT,
  source_agent    TEXT NOT NULL,
  origin_brain    TEXT NOT NULL,
  soul_source     TEXT NOT NULL,
  promoted_by     TEXT NOT NULL,
  promoted_reason TEXT NOT NULL,
  promoted_at     BIGINT,
  verified_by     TEXT NOT NULL,
  verified_via    TEXT NOT NULL,
  verified_at     BIGINT,
  written_at      BIGINT NOT NULL,
  superseded_at   BIGINT,
  receipt_id      TEXT NOT NULL,
  trust           TEXT NOT NULL DEFAULT '{}',
  -- The full-text document: the slug's words weigh A (twice a body word, as FTS5's
  -- bm25(2.0, 1.0) on SQLite), the body's B. ASCII punctuation becomes a space first, so that
  -- "pay/retry.go" or "retry-budget" yield their words as SQLite's unicode61 tokenizer does
  -- (PostgreSQL's parser would otherwise keep a path or a hyphenated word whole). 'simple'
  -- neither stems nor drops stop words, like unicode61.
  search          tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, regexp_replace(slug, '[!-/:-@\[-`{-~]+', ' ', 'g')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, regexp_replace(body, '[!-/:-@\[-`{-~]+', ' ', 'g')), 'B')) STORED,
  UNIQUE (brain, slug, version)
);

-- One live version per slug, whatever any replica does: a second "live" row is a unique
-- violation, never a fork.
CREATE UNIQUE INDEX claim_versions_live ON claim_versions(brain, slug) WHERE superseded_at IS NULL;
CREATE INDEX claim_versions_by_brain ON claim_versions(brain, id);
CREATE INDEX claim_versions_medulla_origin ON claim_versions(origin_brain) WHERE tier = 'medulla' AND superseded_at IS NULL;
-- Only live versions are searched, so only they are indexed: a supersession takes its row out.
CREATE INDEX claim_versions_search ON claim_versions USING gin (search) WHERE superseded_at IS NULL;

CREATE TABLE receipts (
  seq          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  brain        TEXT NOT NULL REFERENCES brains(name),
  kind         TEXT NOT NULL,
  proposal_id  TEXT NOT NULL,
  effect       TEXT NOT NULL,
  subject      TEXT NOT NULL,
  gates        TEXT NOT NULL,
  reason       TEXT NOT NULL,
  message      TEXT NOT NULL,
  version_from BIGINT NOT NULL,
  version_to   BIGINT NOT NULL,
  details      TEXT NOT NULL,
  by_agent     TEXT NOT NULL,
  by_seat      TEXT NOT NULL,
  by_brain     TEXT NOT NULL,
  by_origin    TEXT NOT NULL,
  at           BIGINT NOT NULL,
  verse        TEXT NOT NULL
);
CREATE INDEX receipts_by_brain ON receipts(brain, seq);

CREATE TABLE peers (
  name          TEXT PRIMARY KEY,
  addr          TEXT NOT NULL,
  credential    TEXT NOT NULL,
  created_at    BIGINT NOT NULL,
  updated_at    BIGINT NOT NULL,
  last_sync_at  BIGINT,
  last_error    TEXT NOT NULL DEFAULT '',
  unfollowed_at BIGINT
);

CREATE TABLE foreign_claims (
  seq               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id                TEXT NOT NULL UNIQUE,
  peer              TEXT NOT NULL REFERENCES peers(name),
  slug              TEXT NOT NULL,
  version           BIGINT NOT NULL,
  kind              TEXT NOT NULL,
  body              TEXT NOT NULL,
  evidence          TEXT NOT NULL,
  confidence        DOUBLE PRECISION NOT NULL,
  created_at        BIGINT,
  source_agent      TEXT NOT NULL,
  origin_brain      TEXT NOT NULL,
  promoted_by       TEXT NOT NULL,
  promoted_reason   TEXT NOT NULL,
  promoted_at       BIGINT,
  verified_by       TEXT NOT NULL,
  verified_via      TEXT NOT NULL,
  written_at        BIGINT,
  fetched_at        BIGINT NOT NULL,
  adopted_at        BIGINT,
  adopted_brain     TEXT NOT NULL DEFAULT '',
  adopted_slug      TEXT NOT NULL DEFAULT '',
  adoption_receipt  TEXT NOT NULL DEFAULT '',
  UNIQUE (peer, slug, version)
);

CREATE TABLE reuse_events (
  id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug          TEXT NOT NULL,
  version       BIGINT NOT NULL,
  origin_brain  TEXT NOT NULL,
  learner_brain TEXT NOT NULL,
  learner       TEXT NOT NULL,
  feedback      TEXT NOT NULL,
  at            BIGINT NOT NULL,
  receipt_id    TEXT NOT NULL,
  UNIQUE (slug, learner_brain, learner, feedback)
);
CREATE INDEX reuse_events_by_origin ON reuse_events(origin_brain);

CREATE TABLE flags (
  name TEXT PRIMARY KEY,
  at   BIGINT NOT NULL
);
