-- TRUST (issue 12): who may grant verified, and doctrine that follows its origin.
-- trust holds the provenance the independence rule and the doctrine sweep read (the author's
-- credential family, the authoring and verifying commits, a doctrine copy's demotion) as one
-- small JSON object: most versions carry only the first two.
ALTER TABLE claim_versions ADD COLUMN trust TEXT NOT NULL DEFAULT '{}';
-- An unfollowed peer keeps its row (the foreign material it served stays listable and keeps
-- its provenance) but loses its credential and is never pulled again.
ALTER TABLE peers ADD COLUMN unfollowed_at INTEGER;
-- One-time data migrations that run in the rules (they write versions and receipts), each
-- marked done here.
CREATE TABLE flags (
  name TEXT PRIMARY KEY,
  at   INTEGER NOT NULL
) STRICT;
