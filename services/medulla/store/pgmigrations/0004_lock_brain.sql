-- lock_brain takes a brain's write lock and then reads the brain as the last holder left it,
-- with the claim version ids the caller's batch may need drawn under the lock: one round trip
-- where two were needed. It must be VOLATILE: a volatile function takes a fresh snapshot for
-- each statement in it, so the read after the lock sees what the previous holder committed
-- (a single statement's snapshot would predate the wait for the lock).
CREATE FUNCTION lock_brain(brain_name text, lock_key bigint, want integer)
  RETURNS TABLE (name text, repo_root text, soul_path text, policy text, reserved integer, store_version bigint,
                 live_claims bigint, created_at bigint, updated_at bigint, writes bigint, ids text)
  LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(lock_key);
  SELECT b.name, b.repo_root, b.soul_path, b.policy, b.reserved, b.store_version, b.live_claims, b.created_at, b.updated_at, b.writes,
    array_to_string(ARRAY(SELECT nextval(pg_get_serial_sequence('claim_versions', 'id')) FROM generate_series(1, want)), ',')
  FROM brains b WHERE b.name = brain_name;
$$;
