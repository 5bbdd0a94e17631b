-- Scope the full-text index: a third column holds one token naming the claim's brain and, for
-- the medulla tier, one naming the brain the doctrine was born in. A recall restricts its MATCH
-- to the brains it searches inside FTS5, so ranking and counting touch only those brains'
-- postings instead of every brain's (with 50 brains, a common word matched ~50x the rows the
-- recall could return, and BM25 scored them all). Tokens are 'b'/'o' + hex(name): brain names
-- hold dashes, which the tokenizer would split on.
DROP TABLE claim_fts;

CREATE VIRTUAL TABLE claim_fts USING fts5(slug, body, scope, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2');
-- The scope column weighs nothing in BM25: it filters, it does not rank.
INSERT INTO claim_fts (claim_fts, rank) VALUES ('rank', 'bm25(2.0, 1.0, 0.0)');

INSERT INTO claim_fts (rowid, slug, body, scope)
SELECT id, slug, body, 'b' || lower(hex(brain)) || CASE WHEN brain = 'medulla' AND origin_brain <> '' THEN ' o' || lower(hex(origin_brain)) ELSE '' END
FROM claim_versions WHERE superseded_at IS NULL;
