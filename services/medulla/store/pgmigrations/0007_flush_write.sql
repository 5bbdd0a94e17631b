-- One round trip per write batch (store/pgtx.go, "speculation"). A replica that committed the
-- last write to a brain knows the brain's row as that commit left it (the row's text, which
-- flush_write hands back) and holds claim version ids drawn under that commit's lock. Its
-- next batch runs on that knowledge without asking, and flush_write checks it where it counts:
-- it takes the brain's lock first, and only if the row still reads exactly as handed back (no
-- replica wrote the brain since, so every slug the replica remembers is still the database's
-- and the ids it holds are still above every committed one) does it write anything. Otherwise
-- it raises 'MD412' and the replica runs the batch again, this time locking before it reads.
--
-- relock_brain is that check on its own, for a batch that must read the database before its
-- flush (a slug the replica does not remember, a peer, more ids): it takes the lock and says
-- whether the row is still as expected. VOLATILE, so the read after the lock takes a fresh
-- snapshot and sees what the previous holder committed.
CREATE FUNCTION relock_brain(brain_name text, lock_key bigint, expected text) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  seen text;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key);
  SELECT b::text INTO seen FROM brains b WHERE b.name = brain_name;
  RETURN seen IS NOT DISTINCT FROM expected;
END;
$$;

-- flush_write is flush_batch (0005) between the check above, for the brains x_name the batch
-- ran on without locking, and the hand-back: for each brain of k_name, its row as this
-- transaction leaves it, the row's text, and k_want claim version ids drawn under its lock for
-- the replica's next batch.
CREATE FUNCTION flush_write(
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
  r_at bigint[], r_verse text[],
  x_name text[], x_key bigint[], x_row text[], k_name text[], k_want integer[])
  RETURNS TABLE (name text, repo_root text, soul_path text, policy text, reserved integer, store_version bigint,
                 live_claims bigint, created_at bigint, updated_at bigint, writes bigint, ids text, row_text text)
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  FOR i IN 1 .. COALESCE(cardinality(x_name), 0) LOOP
    IF NOT relock_brain(x_name[i], x_key[i], x_row[i]) THEN
      RAISE EXCEPTION 'brain % was written by another replica since this one last did', x_name[i] USING ERRCODE = 'MD412';
    END IF;
  END LOOP;

  PERFORM flush_batch(s_id, s_brain, s_slug, s_at,
    v_id, v_brain, v_slug, v_version, v_kind, v_body, v_evidence, v_confidence, v_state, v_tier, v_verse,
    v_created_at, v_source_agent, v_origin_brain, v_soul_source, v_promoted_by, v_promoted_reason, v_promoted_at,
    v_verified_by, v_verified_via, v_verified_at, v_written_at, v_superseded_at, v_receipt_id, v_trust,
    b_name, b_store_version, b_live_delta, b_writes,
    r_id, r_brain, r_kind, r_proposal_id, r_effect, r_subject, r_gates, r_reason, r_message,
    r_version_from, r_version_to, r_details, r_by_agent, r_by_seat, r_by_brain, r_by_origin, r_at, r_verse);

  RETURN QUERY SELECT b.name, b.repo_root, b.soul_path, b.policy, b.reserved, b.store_version, b.live_claims,
      b.created_at, b.updated_at, b.writes,
      array_to_string(ARRAY(SELECT nextval(pg_get_serial_sequence('claim_versions', 'id')) FROM generate_series(1, k.want)), ','),
      b::text
    FROM unnest(k_name, k_want) AS k(brain, want) JOIN brains b ON b.name = k.brain;
END;
$$;
