package store

import (
	"context"
	"testing"
)

// TestPostgresFlushKeepsGenericPlans pins migration 0010: the two flush functions run on generic
// plans, which spares each batch three plannings under the brain's lock. A later migration that
// recreates either function (CREATE OR REPLACE resets its settings) must set it again.
func TestPostgresFlushKeepsGenericPlans(t *testing.T) {
	ctx := context.Background()
	s := openPostgresAt(t, pg.Database(t), true)
	for _, fn := range []string{"flush_write", "flush_batch"} {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM pg_proc
			WHERE proname = $1 AND pronamespace = current_schema()::regnamespace
			AND 'plan_cache_mode=force_generic_plan' = ANY(proconfig)`, fn).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("%s: got %d definitions keeping generic plans, want 1", fn, n)
		}
	}
}
