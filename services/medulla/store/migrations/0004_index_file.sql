-- The full-text index moves to its own database file (medulla.index.db), kept by an indexer
-- beside the writer; see store/index.go. It is rebuilt there from the live versions on first
-- open, so nothing is copied here.
DROP TABLE claim_fts;
