package store

import (
	"context"
	"database/sql"
	"time"
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

// checkpointer runs a PASSIVE checkpoint on its own connection whenever the writer has
// committed since the last one, until quit closes, and then asks the writer to top it up
// (sqlitedb.WriteGroups).
func (s *Store) checkpointer(conn *sql.Conn, every time.Duration) {
	defer close(s.cpDone)
	defer conn.Close()
	t := time.NewTicker(every)
	defer t.Stop()
	var seen uint64
	for {
		select {
		case <-s.quit:
			return
		case <-t.C:
		}
		if n := s.commits.Load(); n != seen {
			seen = n
			// A failed checkpoint loses nothing: the frames stay in the WAL, readers still
			// see them, and the next tick tries again.
			if _, err := conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`); err != nil {
				s.checkpointErrs.Add(1)
			} else {
				s.topUp.Ask()
				s.checkpointed.Store(n)
			}
		}
	}
}

// checkpointFailures counts failed checkpoints, in the background and in the writer's top-ups.
func (s *Store) checkpointFailures() int64 { return s.checkpointErrs.Load() + s.topUp.Failed() }
