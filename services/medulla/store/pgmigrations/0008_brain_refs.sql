-- The two foreign keys to brains (claim_versions.brain, receipts.brain) cost each new version
-- and receipt a lookup of its brain's row: 5-7 us of the server's ~87 us per memorize in
-- flush_batch (replayed on a copy of a storm's database, 300 batches of 16 supersessions). What
-- they guarantee is kept another way:
--
--   - a new row never names a missing brain: flush_batch (the only writer of either table)
--     checks the batch's brains once, taking the same KEY SHARE row lock the foreign keys took,
--     so no brain can be deleted or renamed before the batch commits, and refuses with the
--     foreign key's SQLSTATE (23503);
--   - a brain with versions or receipts is never deleted, renamed or truncated away: the
--     triggers below refuse it, as the foreign keys' NO ACTION did. Medulla itself never
--     deletes or renames a brain.
ALTER TABLE claim_versions DROP CONSTRAINT claim_versions_brain_fkey;
ALTER TABLE receipts DROP CONSTRAINT receipts_brain_fkey;

CREATE FUNCTION brains_keep_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF EXISTS (SELECT FROM claim_versions) OR EXISTS (SELECT FROM receipts) THEN
      RAISE EXCEPTION 'brains: versions and receipts still name brains' USING ERRCODE = '23503';
    END IF;
    RETURN NULL;
  END IF;
  IF (TG_OP = 'DELETE' OR NEW.name IS DISTINCT FROM OLD.name)
     AND (EXISTS (SELECT FROM claim_versions v WHERE v.brain = OLD.name)
          OR EXISTS (SELECT FROM receipts r WHERE r.brain = OLD.name)) THEN
    RAISE EXCEPTION 'brain % still has versions or receipts', OLD.name USING ERRCODE = '23503';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER brains_keep_referenced BEFORE DELETE OR UPDATE OF name ON brains
  FOR EACH ROW EXECUTE FUNCTION brains_keep_referenced();
-- AFTER, not BEFORE: PostgreSQL fires a statement's AFTER TRUNCATE triggers once every table it
-- names is empty, so 'TRUNCATE brains, claim_versions, receipts' (store migrate --force empties a
-- target that way) passes, as it did under the foreign keys, while 'TRUNCATE brains' alone is
-- refused and rolled back.
CREATE TRIGGER brains_keep_referenced_truncate AFTER TRUNCATE ON brains
  FOR EACH STATEMENT EXECUTE FUNCTION brains_keep_referenced();

-- flush_batch as 0005 wrote it, with the batch's brain check in place of the foreign keys.
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
  old_search tsvector;
  gone tsvector[];
  born tsvector[];
  named text[];
  held integer;
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
