package store

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/sqlitedb"
)

// The full-text index lives in its own database file and is kept by an indexer goroutine with
// its own connection, not by the writer. Indexing (tokenizing, FTS5 segment writes and merges,
// tombstones) was about a third of the writer's time per memorize, and the writer is the one
// serial part of the write door; beside it, the indexer runs on another core and indexes many
// write batches in one transaction.
//
// Reads never see the index lag behind an acknowledged write: the writer queues a batch's index
// changes before it acknowledges the batch, and every full-text read first waits until the
// indexer has committed everything queued when the read began (caughtUp). A read then opens
// the index's snapshot before the claims' (searchTx), so every row the index returns exists in
// the claims snapshot, and the result is the live set as of the index snapshot.
//
// The index file is derived data. It is written with synchronous=NORMAL and marked clean only
// by a Close that indexed everything; an open that finds it not clean (a crash, a power cut,
// a new or deleted file) reconciles it with the live claim versions before the store accepts
// writes.

//go:embed index_migrations/*.sql
var indexMigrationFiles embed.FS

// indexSchema is the name the read pool attaches the index file under.
const indexSchema = "search"

// indexPath is the index file beside the claims database p (medulla.db → medulla.index.db).
func indexPath(p string) string {
	return strings.TrimSuffix(p, ".db") + ".index.db"
}

// indexBatch is one committed write batch's change to the index.
type indexBatch struct {
	add []ftsRow
	del []int64
}

type indexer struct {
	db  *sql.DB
	ins *multiRow
	// clock times the gathering and retry waits.
	clock clock.Clock

	mu sync.Mutex
	// queue holds batches committed to the claims but not yet indexed; queued counts every
	// batch ever queued and indexed those the index has committed.
	queue           []indexBatch
	queued, indexed uint64
	// progress is closed (and replaced) after every indexing attempt, so waiting reads look
	// again at indexed and failure.
	progress chan struct{}
	// failure is the last indexing error, cleared by the next success.
	failure error

	// pendingRows counts the rows in queue; maxBacklog bounds it while indexing fails.
	pendingRows, maxBacklog int
	// dropped is set once a failing index let its backlog grow past maxBacklog: the queue was
	// let go (it holds claim bodies, and the claims are safe in their own file), every
	// full-text read is refused until a restart rebuilds the index, and nothing more is queued.
	dropped bool

	// wake says changes are queued; hurry says index them now (a read is waiting, or plenty
	// have gathered).
	wake, hurry chan struct{}
	stop        chan struct{}
	done        chan struct{}
	closeOnce   sync.Once
	closeErr    error
}

const (
	// gatherDelay is how long queued changes may gather before they are indexed when no read
	// is waiting for them. FTS5 writes a segment per transaction and merges segments as they
	// pile up, so indexing many write batches at once costs far less per row than indexing
	// each as it commits (measured: about 58 µs of CPU per claim one write batch at a time).
	gatherDelay = 20 * time.Millisecond
	// gatherRows indexes at once when this many rows are queued.
	gatherRows = 2048
	// retryDelay is how long the indexer waits after a failed transaction before trying again.
	retryDelay = 100 * time.Millisecond
	// maxBacklogRows is the default maxBacklog.
	maxBacklogRows = 200_000
)

// openIndex opens (creating if needed) the index file for the claims database at mainPath,
// reconciles it when it was not closed cleanly, and marks it in use. Run before the writer
// starts. An index file that cannot be opened at all (damaged, or not a database) is derived
// data: it is deleted and built again from the claims.
func openIndex(ctx context.Context, mainPath string, clk clock.Clock) (*indexer, error) {
	ix, err := tryOpenIndex(ctx, mainPath, clk)
	if err == nil {
		return ix, nil
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if rmErr := os.Remove(indexPath(mainPath) + suffix); rmErr != nil && !errors.Is(rmErr, fs.ErrNotExist) {
			return nil, fmt.Errorf("full-text index: %w (and it could not be removed to rebuild it: %v)", err, rmErr)
		}
	}
	ix, err2 := tryOpenIndex(ctx, mainPath, clk)
	if err2 != nil {
		return nil, fmt.Errorf("full-text index: %w (rebuilding it from scratch also failed: %v)", err, err2)
	}
	return ix, nil
}

func tryOpenIndex(ctx context.Context, mainPath string, clk clock.Clock) (*indexer, error) {
	migrations, err := fs.Sub(indexMigrationFiles, "index_migrations")
	if err != nil {
		return nil, err
	}
	db, err := sqlitedb.Open(ctx, indexPath(mainPath), migrations, sqlitedb.Options{Synchronous: sqlitedb.SyncNormal, MaxOpenConns: 1})
	if err != nil {
		return nil, err
	}
	ix := &indexer{db: db, clock: clock.Or(clk), ins: newMultiRow(db, ftsInsert, ftsArity, ftsChunk), progress: make(chan struct{}), maxBacklog: maxBacklogRows,
		wake: make(chan struct{}, 1), hurry: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	if err := ix.begin(ctx, mainPath); err != nil {
		db.Close()
		return nil, err
	}
	go ix.run()
	return ix, nil
}

// begin reconciles an index that was not closed cleanly, then marks it not clean. The mark is
// committed with a full fsync: after a power cut the WAL comes back as a prefix of its commits,
// and without the mark an index could come back marked clean while the claims moved on.
func (ix *indexer) begin(ctx context.Context, mainPath string) error {
	var clean int
	if err := ix.db.QueryRowContext(ctx, `SELECT clean FROM index_state WHERE id = 1`).Scan(&clean); err != nil {
		return fmt.Errorf("index state: %w", err)
	}
	if clean != 1 {
		if err := ix.reconcile(ctx, mainPath); err != nil {
			return err
		}
	}
	conn, err := ix.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.ExecContext(ctx, `PRAGMA synchronous = FULL; UPDATE index_state SET clean = 0 WHERE id = 1; PRAGMA synchronous = NORMAL`)
	if err != nil {
		return fmt.Errorf("index state: %w", err)
	}
	return nil
}

// reconcile makes the index hold exactly the live claim versions: it drops rows whose version
// is no longer live (or gone) and indexes live versions it lacks. Both are set differences on
// rowids, so an index that is nearly right costs two scans and few writes.
func (ix *indexer) reconcile(ctx context.Context, mainPath string) error {
	conn, err := ix.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `ATTACH DATABASE ? AS claims`, mainPath); err != nil {
		return fmt.Errorf("reconcile index: %w", err)
	}
	defer conn.ExecContext(context.Background(), `DETACH DATABASE claims`) //nolint:errcheck // the connection is returned either way
	for _, q := range []string{
		`CREATE TEMP TABLE live_ids AS SELECT id FROM claims.claim_versions WHERE superseded_at IS NULL`,
		`CREATE UNIQUE INDEX temp.live_ids_id ON live_ids(id)`,
		`BEGIN`,
		`DELETE FROM claim_fts WHERE rowid NOT IN (SELECT id FROM temp.live_ids)`,
		`INSERT INTO claim_fts (rowid, slug, body) SELECT v.id, v.slug, v.body FROM claims.claim_versions v
			WHERE v.id IN (SELECT id FROM temp.live_ids) AND v.id NOT IN (SELECT rowid FROM claim_fts)`,
		`COMMIT`,
		`DROP TABLE temp.live_ids`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			_, _ = conn.ExecContext(context.Background(), `ROLLBACK`)
			_, _ = conn.ExecContext(context.Background(), `DROP TABLE IF EXISTS temp.live_ids`)
			return fmt.Errorf("reconcile index: %w", err)
		}
	}
	return nil
}

// enqueue queues a committed batch's index changes. The writer calls it after COMMIT and
// before acknowledging, which is what lets caughtUp promise read-your-writes.
func (ix *indexer) enqueue(b indexBatch) {
	if len(b.add) == 0 && len(b.del) == 0 {
		return
	}
	ix.mu.Lock()
	if ix.dropped {
		ix.mu.Unlock()
		return
	}
	ix.queue = append(ix.queue, b)
	ix.queued++
	ix.pendingRows += len(b.add) + len(b.del)
	full := ix.pendingRows >= gatherRows
	ix.mu.Unlock()
	signal(ix.wake)
	if full {
		signal(ix.hurry)
	}
}

func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// caughtUp waits until every batch queued before the call is indexed.
func (ix *indexer) caughtUp(ctx context.Context) error {
	ix.mu.Lock()
	target := ix.queued
	for ix.indexed < target {
		if ix.failure != nil {
			err := ix.failure
			ix.mu.Unlock()
			return fmt.Errorf("full-text index is behind: %w", err)
		}
		ch := ix.progress
		ix.mu.Unlock()
		signal(ix.hurry)
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
		ix.mu.Lock()
	}
	ix.mu.Unlock()
	return nil
}

func (ix *indexer) run() {
	defer close(ix.done)
	for {
		urgent := false
		select {
		case <-ix.wake:
		case <-ix.hurry:
			urgent = true
		case <-ix.stop:
			ix.step()
			return
		}
		if !urgent {
			t := ix.clock.NewTimer(gatherDelay)
			select {
			case <-ix.hurry:
			case <-t.C():
			case <-ix.stop:
			}
			t.Stop()
		}
		if err := ix.step(); err != nil {
			t := ix.clock.NewTimer(retryDelay)
			select {
			case <-t.C():
				signal(ix.wake)
			case <-ix.stop:
				t.Stop()
				ix.step()
				return
			}
		}
	}
}

// step indexes everything queued in one transaction.
func (ix *indexer) step() error {
	ix.mu.Lock()
	batches, through := ix.queue, ix.queued
	ix.queue, ix.pendingRows = nil, 0
	ix.mu.Unlock()
	if len(batches) == 0 {
		return nil
	}
	err := ix.apply(batches)
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if err != nil {
		ix.queue = append(batches, ix.queue...)
		for _, b := range batches {
			ix.pendingRows += len(b.add) + len(b.del)
		}
		ix.failure = err
		if ix.pendingRows > ix.maxBacklog {
			ix.failure = fmt.Errorf("%w; %d queued changes were let go and the index is rebuilt at the next start", err, ix.pendingRows)
			ix.queue, ix.pendingRows, ix.dropped = nil, 0, true
		}
		// Wake the reads waiting for this step: they report the failure instead of waiting on.
		close(ix.progress)
		ix.progress = make(chan struct{})
		return err
	}
	ix.failure = nil
	ix.indexed = through
	close(ix.progress)
	ix.progress = make(chan struct{})
	return nil
}

// apply folds the batches into one change (a row added and dropped within them never reaches
// the index) and writes it.
func (ix *indexer) apply(batches []indexBatch) error {
	var del []int64
	var add []ftsRow
	pos := map[int64]int{}
	for _, b := range batches {
		for _, id := range b.del {
			if i, ok := pos[id]; ok {
				add[i].ID = 0
				delete(pos, id)
				continue
			}
			del = append(del, id)
		}
		for _, r := range b.add {
			pos[r.ID] = len(add)
			add = append(add, r)
		}
	}
	rows := make([][]any, 0, len(add))
	for _, r := range add {
		if r.ID != 0 {
			rows = append(rows, []any{r.ID, r.Slug, r.Body})
		}
	}
	ctx := context.Background()
	// The statements this step's row count needs, prepared on first use and kept; the index's
	// one connection must be free of a transaction to prepare them.
	if err := ix.ins.ensureRows(ctx, len(rows)); err != nil {
		return err
	}
	tx, err := ix.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if len(del) > 0 {
		ids, err := json.Marshal(del)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM claim_fts WHERE rowid IN (SELECT value FROM json_each(?))`, string(ids)); err != nil {
			return fmt.Errorf("unindex: %w", err)
		}
	}
	if err := ix.ins.exec(ctx, tx, rows); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	return tx.Commit()
}

// close indexes what is queued, marks the index clean when that worked, and closes the file.
// Later calls return the first one's result.
func (ix *indexer) close() error {
	ix.closeOnce.Do(func() { ix.closeErr = ix.shutdown() })
	return ix.closeErr
}

func (ix *indexer) shutdown() error {
	close(ix.stop)
	<-ix.done
	ix.mu.Lock()
	complete := len(ix.queue) == 0 && ix.failure == nil && !ix.dropped
	ix.mu.Unlock()
	var errs []error
	if complete {
		if _, err := ix.db.Exec(`UPDATE index_state SET clean = 1 WHERE id = 1`); err != nil {
			errs = append(errs, fmt.Errorf("index state: %w", err))
		}
		_, _ = ix.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	}
	ix.ins.close()
	return errors.Join(append(errs, ix.db.Close())...)
}

// searchTx runs fn in a read transaction whose index snapshot is taken first, after the index
// has caught up with every write acknowledged before the call: the claims snapshot, opened by
// fn's first query, is then at least as new, so every indexed row fn joins to exists there.
func (s *Store) searchTx(ctx context.Context, fn func(*sql.Tx) error) error {
	if err := s.index.caughtUp(ctx); err != nil {
		return err
	}
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // read-only
	var clean int
	if err := tx.QueryRowContext(ctx, `SELECT clean FROM `+indexSchema+`.index_state WHERE id = 1`).Scan(&clean); err != nil {
		return err
	}
	return fn(tx)
}
