-- Brains, the claim versions (append-only: a supersession stamps superseded_at, nothing is
-- deleted), the full-text index of live versions, and the ledger.
CREATE TABLE brains (
  name          TEXT PRIMARY KEY,
  repo_root     TEXT NOT NULL,
  soul_path     TEXT NOT NULL,
  policy        TEXT NOT NULL,
  reserved      INTEGER NOT NULL DEFAULT 0,
  store_version INTEGER NOT NULL DEFAULT 0,
  live_claims   INTEGER NOT NULL DEFAULT 0,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE claim_versions (
  id              INTEGER PRIMARY KEY,
  brain           TEXT NOT NULL REFERENCES brains(name),
  slug            TEXT NOT NULL,
  version         INTEGER NOT NULL,
  kind            TEXT NOT NULL,
  body            TEXT NOT NULL,
  evidence        TEXT NOT NULL,
  confidence      REAL NOT NULL,
  state           TEXT NOT NULL,
  tier            TEXT NOT NULL,
  verse           TEXT NOT NULL,
  created_at      INTEGER,
  source_agent    TEXT NOT NULL,
  origin_brain    TEXT NOT NULL,
  soul_source     TEXT NOT NULL,
  promoted_by     TEXT NOT NULL,
  promoted_reason TEXT NOT NULL,
  promoted_at     INTEGER,
  verified_by     TEXT NOT NULL,
  verified_via    TEXT NOT NULL,
  verified_at     INTEGER,
  written_at      INTEGER NOT NULL,
  superseded_at   INTEGER,
  receipt_id      TEXT NOT NULL,
  UNIQUE (brain, slug, version)
) STRICT;

-- Ids grow in write order, so (brain, id) serves paging and newest-first listing. There is
-- deliberately no index on the live flag: a supersession would then rewrite a random index
-- page per write, and group commit pays for every page it touches. The live version of a slug
-- is its highest version, found through the unique (brain, slug, version) index.
CREATE INDEX claim_versions_by_brain ON claim_versions(brain, id);

-- Only live versions are indexed; the rowid is claim_versions.id. Contentless: the text lives in
-- claim_versions, and contentless_delete lets a supersession drop a row by id alone.
CREATE VIRTUAL TABLE claim_fts USING fts5(slug, body, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2');
-- Rank by BM25 with a slug word worth twice a body word; ORDER BY rank lets FTS5 sort inside the
-- index instead of handing every match to the SQL layer.
INSERT INTO claim_fts (claim_fts, rank) VALUES ('rank', 'bm25(2.0, 1.0)');

CREATE TABLE receipts (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  brain        TEXT NOT NULL REFERENCES brains(name),
  kind         TEXT NOT NULL,
  proposal_id  TEXT NOT NULL,
  effect       TEXT NOT NULL,
  subject      TEXT NOT NULL,
  gates        TEXT NOT NULL,
  reason       TEXT NOT NULL,
  message      TEXT NOT NULL,
  version_from INTEGER NOT NULL,
  version_to   INTEGER NOT NULL,
  details      TEXT NOT NULL,
  by_agent     TEXT NOT NULL,
  by_seat      TEXT NOT NULL,
  by_brain     TEXT NOT NULL,
  by_origin    TEXT NOT NULL,
  at           INTEGER NOT NULL,
  verse        TEXT NOT NULL
) STRICT;

CREATE INDEX receipts_by_brain ON receipts(brain, seq);
