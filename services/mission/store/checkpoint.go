package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/organism-dev/organism/platform/clock"
)

// The append writer does not auto-checkpoint: with SQLite's auto-checkpoint, the commit that
// pushes the WAL past 1,000 pages copies those pages into the database file and fsyncs it
// before COMMIT returns, and every append queued behind that group waits for it. Measured at
// 3,000 appends/s that was one commit in ~90 taking 4-6 ms instead of ~0.5 ms, which set the
// p99. A separate connection does the bulk of the copying with PASSIVE checkpoints (no lock a
// writer or reader waits on), and the writer tops it up between groups (sqlitedb.WriteGroups).

// defaultCheckpointEvery is how often the checkpointer looks for new commits to fold back.
const defaultCheckpointEvery = 100 * time.Millisecond

// writerPragmas turn the writer connection's auto-checkpoint off and give it a page cache
// large enough to keep every chain's tail and index pages across groups (default is 2 MiB).
const writerPragmas = `PRAGMA wal_autocheckpoint = 0; PRAGMA cache_size = -32768`

// inlineCheckpointPragmas are SQLite's defaults (checkpoint at 1,000 WAL pages, 2 MiB cache),
// the configuration the background checkpointer replaced.
const inlineCheckpointPragmas = `PRAGMA wal_autocheckpoint = 1000; PRAGMA cache_size = -2000`

// checkpointer runs a PASSIVE checkpoint on its own connection, every tick of the store's
// clock on which the writer has committed since the last one, until ctx ends (Close), and
// then asks the writer to top it up (sqlitedb.WriteGroups).
func (s *Store) checkpointer(ctx context.Context, conn *sql.Conn, clk clock.Clock, every time.Duration) {
	defer close(s.cpDone)
	defer conn.Close()
	var seen uint64
	clock.Loop(ctx, clk, every, func(context.Context) {
		n := s.commits.Load()
		if n == seen {
			return
		}
		seen = n
		// A failed checkpoint loses nothing: the frames stay in the WAL, readers still see
		// them, and the next tick tries again. It runs on its own context so Close never
		// interrupts one halfway.
		if _, err := conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`); err != nil {
			s.checkpointErrs.Add(1)
		} else {
			s.topUp.Ask()
			s.checkpointed.Store(n)
		}
	})
}

// checkpointFailures counts failed checkpoints, in the background and in the writer's top-ups.
func (s *Store) checkpointFailures() int64 { return s.checkpointErrs.Load() + s.topUp.Failed() }
