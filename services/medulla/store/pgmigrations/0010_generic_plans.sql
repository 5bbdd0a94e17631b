-- flush_write and flush_batch keep one plan per statement. Left to choose, the plan cache planned
-- three of their statements afresh on every batch (the brains' counters, the brains' KEY SHARE
-- check, the hand-back), because a custom plan for a one-element array looks cheaper than the
-- generic one: 1,253 plans for 1,251 batches, ~180 us of the server's time per batch under the
-- brain's lock (pg_stat_statements with track_planning, the 32-writer storm). Every other
-- statement of both already ran on its generic plan from the sixth batch on; supersede_rows's is
-- kept to the primary key whatever it is planned on (0009), and the brains' statements read
-- brains by name.
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN SELECT p.oid FROM pg_proc p WHERE p.proname IN ('flush_write', 'flush_batch')
      AND p.pronamespace = current_schema()::regnamespace LOOP
    EXECUTE format('ALTER FUNCTION %s SET plan_cache_mode = force_generic_plan', f);
  END LOOP;
END;
$$;
