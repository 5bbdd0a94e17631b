-- flush_batch writes what a write transaction held back (store/pgflush.go) in one round trip,
-- in the order the schema needs: the supersessions first (a conditional UPDATE that must find
-- every row still live, so a new live version only ever follows the old one's end), then the
-- new versions, bm25's word counts, the brains' counters and the receipts.
--
-- Every row set arrives as parallel arrays, one per column, so the statement's text never
-- changes with the batch's size: it is parsed and planned once per connection, where a
-- multi-row VALUES list was a new statement (parse, plan, and a prepare round trip) for every
-- size of batch. The caller holds every touched brain's advisory lock.
--
-- A supersession that finds its row no longer live raises 'MD409' (the store reads it as
-- ErrConflict); nothing of the batch is then kept, as the transaction is rolled back.
CREATE FUNCTION flush_batch(
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
  old_search tsvector;
  gone tsvector[];
  born tsvector[];
BEGIN
  -- One UPDATE per row, by primary key: a single joined UPDATE was planned by the statistics,
  -- and on a table not yet analyzed (a memory just filling) it walked every live row.
  FOR i IN 1 .. COALESCE(cardinality(s_id), 0) LOOP
    UPDATE claim_versions SET superseded_at = s_at[i]
    WHERE id = s_id[i] AND brain = s_brain[i] AND slug = s_slug[i] AND superseded_at IS NULL
    RETURNING search INTO old_search;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'supersede: row % of %/% is no longer the live version', s_id[i], s_brain[i], s_slug[i] USING ERRCODE = 'MD409';
    END IF;
    gone := gone || old_search;
  END LOOP;

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

-- lock_brain again, in PL/pgSQL: a LANGUAGE sql function is parsed and planned on every call,
-- which was a tenth of the server's time per write batch; PL/pgSQL keeps its plans. Still
-- VOLATILE, so the read after the lock takes a fresh snapshot and sees what the previous
-- holder committed.
CREATE OR REPLACE FUNCTION lock_brain(brain_name text, lock_key bigint, want integer)
  RETURNS TABLE (name text, repo_root text, soul_path text, policy text, reserved integer, store_version bigint,
                 live_claims bigint, created_at bigint, updated_at bigint, writes bigint, ids text)
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key);
  RETURN QUERY SELECT b.name, b.repo_root, b.soul_path, b.policy, b.reserved, b.store_version, b.live_claims, b.created_at, b.updated_at, b.writes,
    array_to_string(ARRAY(SELECT nextval(pg_get_serial_sequence('claim_versions', 'id')) FROM generate_series(1, want)), ',')
  FROM brains b WHERE b.name = brain_name;
END;
$$;
