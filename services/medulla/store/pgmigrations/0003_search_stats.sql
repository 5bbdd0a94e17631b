-- Recall ranks like SQLite's FTS5 bm25 (store/pgsearch.go), which needs what FTS5 keeps of
-- its index: how many live versions hold each word, how many live versions there are and how
-- many words they hold in all. The writers keep these in the same transaction as the versions
-- (store/pgflush.go), so they are exact at every commit.

-- search_len is a document's length in words, as bm25 counts it: every position of every word.
CREATE FUNCTION search_len(doc tsvector) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT COALESCE(sum(array_length(positions, 1)), 0)::integer FROM unnest(doc));

CREATE TABLE search_terms (
  term TEXT PRIMARY KEY,
  docs BIGINT NOT NULL
);

CREATE TABLE search_totals (
  one    BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
  docs   BIGINT NOT NULL,
  tokens BIGINT NOT NULL
);

INSERT INTO search_terms (term, docs)
  SELECT u.lexeme, count(*) FROM claim_versions v, unnest(v.search) u WHERE v.superseded_at IS NULL GROUP BY u.lexeme;
INSERT INTO search_totals (docs, tokens)
  SELECT count(*), COALESCE(sum(search_len(search)), 0) FROM claim_versions WHERE superseded_at IS NULL;

-- Searches read the index directly: with fastupdate, every search also scans the list of
-- entries not yet merged, which after a burst of writes costs more than the search itself.
ALTER INDEX claim_versions_search SET (fastupdate = off);
SELECT gin_clean_pending_list('claim_versions_search'::regclass);
