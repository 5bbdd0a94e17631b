package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// TestPostgresUniqueIndexesHoldWithoutTheLock attacks a slug's history below the advisory
// lock: two replicas that skip it (an older binary, an operator's script) race to write the
// slug at once. Replica a supersedes v1 and inserts v2 and has not committed; replica b then
// writes a row that would fork the slug. The database alone must refuse b once a commits
// (unique_violation on the named index), leaving versions 1 and 2 with only v2 live.
func TestPostgresUniqueIndexesHoldWithoutTheLock(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name       string
		version    int64
		superseded any // b's row's superseded_at: nil is live
		constraint string
	}{
		{"the same version number twice", 2, int64(1), "claim_versions_brain_slug_version_key"},
		{"a second live version", 3, nil, "claim_versions_live"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dsn := pg.Database(t)
			a := openPostgresAt(t, dsn, true)
			b := openPostgresAt(t, dsn, false)
			if err := a.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", "v1") }); err != nil {
				t.Fatal(err)
			}
			txA, err := a.db.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer txA.Rollback()
			if _, err := txA.ExecContext(ctx, `UPDATE claim_versions SET superseded_at = 1
				WHERE brain = 'loja' AND slug = 'hot' AND superseded_at IS NULL`); err != nil {
				t.Fatal(err)
			}
			if _, err := txA.ExecContext(ctx, copyVersionSQL, 2, "A", nil); err != nil {
				t.Fatal(err)
			}
			got := make(chan error, 1)
			go func() { _, err := b.db.ExecContext(ctx, copyVersionSQL, tc.version, "B", tc.superseded); got <- err }()
			waitRowLock(t, a.db)
			if err := txA.Commit(); err != nil {
				t.Fatal(err)
			}
			var pe *pgconn.PgError
			if err := receive(t, got); !errors.As(err, &pe) || pe.Code != "23505" || pe.ConstraintName != tc.constraint {
				t.Fatalf("replica b's row: got %v, want unique_violation (23505) on %s", err, tc.constraint)
			}
			hist, err := b.History(ctx, "loja", "hot")
			if err != nil {
				t.Fatal(err)
			}
			var bodies []string
			live := 0
			for _, c := range hist {
				bodies = append(bodies, c.Body)
				if c.Live() {
					live++
				}
			}
			if len(hist) != 2 || bodies[1] != "A" || live != 1 || !hist[1].Live() {
				t.Errorf("hot after the race: got bodies %q with %d live, want [v1 A] with only A live", bodies, live)
			}
		})
	}
}

// copyVersionSQL inserts a version of loja/hot copied from v1 with the given version number,
// body and superseded_at, as a replica that skips the store would.
const copyVersionSQL = `INSERT INTO claim_versions (brain, slug, version, kind, body, evidence, confidence,
	state, tier, verse, created_at, source_agent, origin_brain, soul_source, promoted_by, promoted_reason,
	promoted_at, verified_by, verified_via, verified_at, written_at, superseded_at, receipt_id, trust)
	SELECT brain, slug, $1, kind, $2, evidence, confidence, state, tier, verse, created_at, source_agent,
	origin_brain, soul_source, promoted_by, promoted_reason, promoted_at, verified_by, verified_via,
	verified_at, written_at, $3::BIGINT, receipt_id, trust
	FROM claim_versions WHERE brain = 'loja' AND slug = 'hot' AND version = 1`

// waitRowLock waits until a backend of this database waits on a lock another transaction
// holds (here: an index entry of an uncommitted row).
func waitRowLock(t *testing.T, db *sql.DB) {
	t.Helper()
	waitFor(t, "a backend waiting on another's uncommitted row", func() bool {
		var n int
		if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE wait_event_type = 'Lock' AND datname = current_database()`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n >= 1
	})
}
