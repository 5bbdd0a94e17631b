-- A write batch costs PostgreSQL's CPU, not round trips (store/pgflush.go); measured with
-- pg_stat_statements (track = all) on the 32-writer memorize storm, the biggest parts of
-- flush_batch were the GIN index inserts of each new version's words and the supersessions'
-- one UPDATE per row.
--
-- (The supersessions as one joined UPDATE were tried and not kept: with the id = ANY condition
-- the planner still ANDed in the live-slug index and walked every live row of it.)
--
-- The GIN index takes new entries into its pending list again (0003 turned that off), but a
-- short one: 64 kB, the least PostgreSQL allows. An insert appends to the list and the writer
-- that fills it merges it into the index in one sorted pass, where each entry went down the
-- tree on its own before; words most versions share ("claim", the brain's slug words) are
-- merged once per pass instead of once per version. A search also scans the pending list,
-- which 64 kB bounds to eight pages, where the 4 MB default after a burst of writes cost more
-- than the search itself.
ALTER INDEX claim_versions_search SET (fastupdate = on, gin_pending_list_limit = 64);

