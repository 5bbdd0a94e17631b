-- The supersessions of a batch as one UPDATE instead of one per row: each UPDATE statement
-- opens the table and its six indexes before it writes a single row, about 13 us of the
-- server's CPU per superseded row in the storm's replay (store/testdata/pgreplay.sql:
-- flush_batch 81 -> 70 us per memorize).
--
-- One statement was tried before (README, benchmark section) and dropped for its plan: joined
-- on the arrays, or with "superseded_at IS NULL" beside "id = ANY(...)", the planner may walk
-- the live-slug index (its predicate is that condition) or the whole table, and a plan made
-- while the table was small is kept by the connection as the table grows (replayed in one
-- session from an empty table: 58 -> 146 us per memorize over 1,200 batches). Here the planner
-- is left one way only, the primary key:
--
--   - the rows are found by "id = ANY(s_id)" alone (each row's time, brain and slug are read
--     from the arrays at its id's position), so the condition on a row is not an index's;
--   - the row must still be live, the same conditional write as before (MD409 otherwise), but
--     it is written as a CASE, which the planner does not read as "superseded_at IS NULL" and
--     so cannot match to the partial indexes' predicate;
--   - enable_seqscan is off inside this function only (a SET on it), so a sequential scan is
--     never chosen either, however small the table looked when the plan was made.
--
-- TestPostgresSupersessionReadsOnlyItsRows checks the plan's effect: with generic plans forced
-- from an empty table, a batch reads no row of claim_versions but the ones it supersedes.
CREATE FUNCTION supersede_rows(s_id bigint[], s_brain text[], s_slug text[], s_at bigint[]) RETURNS tsvector[]
  LANGUAGE plpgsql VOLATILE SET enable_seqscan = off AS $$
DECLARE
  done bigint[];
  gone tsvector[];
BEGIN
  WITH g AS (
    UPDATE claim_versions c SET superseded_at = s_at[array_position(s_id, c.id)]
    WHERE c.id = ANY(s_id)
      AND c.brain = s_brain[array_position(s_id, c.id)] AND c.slug = s_slug[array_position(s_id, c.id)]
      AND CASE WHEN c.superseded_at IS NULL THEN true ELSE false END
    RETURNING c.id, c.search)
  SELECT array_agg(g.id), array_agg(g.search) INTO done, gone FROM g;
  IF COALESCE(cardinality(done), 0) <> cardinality(s_id) THEN
    FOR i IN 1 .. cardinality(s_id) LOOP
      IF done IS NULL OR NOT (s_id[i] = ANY(done)) THEN
        RAISE EXCEPTION 'supersede: row % of %/% is no longer the live version', s_id[i], s_brain[i], s_slug[i] USING ERRCODE = 'MD409';
      END IF;
    END LOOP;
    RAISE EXCEPTION 'supersede: a row is named twice in one batch' USING ERRCODE = 'MD409';
  END IF;
  RETURN gone;
END;
$$;

-- flush_batch as 0008 left it, the supersessions by supersede_rows.
CREATE OR REPLACE FUNCTION flush_batch(
  s_id bigint[], s_brain text[], s_slug text[], s_at bigint[],
  v_id bigint[], v_brain text[], v_slug text[], v_version bigint[], v_kind text[], v_body text[],
  v_evidence text[], v_confidence double precision[], v_state text[], v_tier text[], v_verse text[],
  v_created_at bigint[], v_source_agent text[], v_origin_brain text[], v_soul_source text[],
  v_promoted_by text[], v_promoted_reason text[], v_promoted_at bigint[], v_verified_by text[],
  v_verified_via text[], v_verified_at bigint[], v_written_at bigint[], v_superseded_at bigint[],
  v_receipt_id text[], v_trust text[],
  b_name text[], b_store_version bigint[], b_live_delta bigint[], b_writes bigint[],
  r_id text[], r_brain text[], r_kind text[], r_proposal_id text[], r_effect text[], r_subject text[],
  r_gates text[], r_reason text[], r_message text[], r_version_from bigint[], r_version_to bigint[],
  r_details text[], r_by_agent text[], r_by_seat text[], r_by_brain text[], r_by_origin text[],
  r_at bigint[], r_verse text[])
  RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  gone tsvector[];
  born tsvector[];
  named text[];
  held integer;
BEGIN
  IF cardinality(s_id) > 0 THEN
    gone := supersede_rows(s_id, s_brain, s_slug, s_at);
  END IF;

  -- What the foreign keys checked row by row, once per batch: every brain a new version or
  -- receipt names exists, and is held (KEY SHARE, the lock a foreign key takes) until COMMIT.
  named := ARRAY(SELECT DISTINCT n FROM unnest(v_brain || r_brain) AS n);
  IF cardinality(named) > 0 THEN
    SELECT count(*) INTO held FROM (SELECT FROM brains b WHERE b.name = ANY(named) FOR KEY SHARE) k;
    IF held <> cardinality(named) THEN
      RAISE EXCEPTION 'flush: a new row names a brain that does not exist' USING ERRCODE = '23503';
    END IF;
  END IF;

  IF cardinality(v_id) > 0 THEN
    WITH v AS (
      INSERT INTO claim_versions (id, brain, slug, version, kind, body, evidence, confidence, state, tier, verse,
        created_at, source_agent, origin_brain, soul_source, promoted_by, promoted_reason, promoted_at,
        verified_by, verified_via, verified_at, written_at, superseded_at, receipt_id, trust)
      OVERRIDING SYSTEM VALUE
      SELECT * FROM unnest(v_id, v_brain, v_slug, v_version, v_kind, v_body, v_evidence, v_confidence, v_state, v_tier, v_verse,
        v_created_at, v_source_agent, v_origin_brain, v_soul_source, v_promoted_by, v_promoted_reason, v_promoted_at,
        v_verified_by, v_verified_via, v_verified_at, v_written_at, v_superseded_at, v_receipt_id, v_trust)
      RETURNING search, superseded_at)
    SELECT array_agg(v.search) FILTER (WHERE v.superseded_at IS NULL) INTO born FROM v;
  END IF;

  -- bm25's statistics as the flush leaves the live versions: the words of each new live
  -- version count once more, those of each version superseded here once less. Term rows are
  -- taken in word order, so two replicas' flushes never wait on each other in a cycle.
  IF cardinality(born) > 0 OR cardinality(gone) > 0 THEN
    WITH d AS (
      SELECT doc, 1 AS n FROM unnest(born) AS doc
      UNION ALL SELECT doc, -1 FROM unnest(gone) AS doc),
    w AS (
      SELECT u.lexeme, d.n, COALESCE(array_length(u.positions, 1), 0) AS f FROM d, unnest(d.doc) AS u),
    t AS (
      INSERT INTO search_terms (term, docs)
      SELECT lexeme, sum(w.n) FROM w GROUP BY lexeme HAVING sum(w.n) <> 0 ORDER BY lexeme
      ON CONFLICT (term) DO UPDATE SET docs = search_terms.docs + excluded.docs)
    UPDATE search_totals SET docs = docs + (SELECT COALESCE(sum(d.n), 0) FROM d),
      tokens = tokens + (SELECT COALESCE(sum(w.n * w.f), 0) FROM w);
  END IF;

  IF cardinality(b_name) > 0 THEN
    UPDATE brains b SET store_version = u.sv, live_claims = b.live_claims + u.delta, writes = b.writes + u.w
    FROM unnest(b_name, b_store_version, b_live_delta, b_writes) AS u(name, sv, delta, w)
    WHERE b.name = ANY(b_name) AND b.name = u.name;
  END IF;

  IF cardinality(r_id) > 0 THEN
    INSERT INTO receipts (id, brain, kind, proposal_id, effect, subject, gates, reason, message,
      version_from, version_to, details, by_agent, by_seat, by_brain, by_origin, at, verse)
    SELECT * FROM unnest(r_id, r_brain, r_kind, r_proposal_id, r_effect, r_subject, r_gates, r_reason, r_message,
      r_version_from, r_version_to, r_details, r_by_agent, r_by_seat, r_by_brain, r_by_origin, r_at, r_verse);
  END IF;
END;
$$;
