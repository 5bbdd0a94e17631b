// Package store keeps medulla's brains, claim versions, full-text index and receipts ledger in SQLite.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Options tune a Store.
type Options struct {
	// MaxBatch is how many queued writes one transaction may carry (group commit); 1 turns
	// group commit off, giving one transaction per call. Default 256.
	MaxBatch int
	// Synchronous is the durability setting; default sqlitedb.SyncFull, which fsyncs the WAL at
	// every commit so an acknowledged write survives power loss, not just a process crash.
	Synchronous sqlitedb.Synchronous
	// Readers is the size of the read pool; default 4.
	Readers int
	// CheckpointEvery is how often the background checkpointer folds the WAL back into the
	// database; default 250ms.
	CheckpointEvery time.Duration
	// Clock times the store's background work (the checkpointer, the index's gathering and
	// retry waits); default the wall clock, which is what a WAL filling up is measured in.
	Clock clock.Clock
}

// Store is medulla's SQLite store. All writes go through one connection owned by a writer
// goroutine that batches queued writes into one transaction per fsync.
type Store struct {
	// sqlReads answers the reads both backends share, on the read pool.
	*sqlReads
	w, r   *sql.DB
	opts   Options
	reqs   chan *writeReq
	stop   chan struct{}
	done   chan struct{}
	cpDone chan struct{}
	once   sync.Once
	// topUp asks the writer to finish the background checkpoint between batches
	// (sqlitedb.WriteGroups).
	topUp sqlitedb.TopUp
	stmts *statements
	// readBrain is prepared on the read pool: every write door call looks its brain up first.
	readBrain *sql.Stmt
	// nextID is the next claim version row id; only the writer goroutine touches it.
	nextID int64
	// storeVersions is each brain's committed store version as the writer last wrote it, so
	// a batch need not read the brain row to bump it; only the writer goroutine touches it.
	storeVersions map[string]int64
	bulk          *bulkInserts
	cache         *liveCache
	// index keeps the full-text index file (index.go).
	index *indexer
}

var _ domain.Store = (*Store)(nil)

// Open opens (creating if needed) <dir>/medulla.db and its full-text index <dir>/medulla.index.db.
func Open(ctx context.Context, dir string, opts Options) (*Store, error) {
	return OpenFile(ctx, filepath.Join(dir, "medulla.db"), opts)
}

// OpenFile opens the database at path p.
func OpenFile(ctx context.Context, p string, opts Options) (*Store, error) {
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = 256
	}
	if opts.Synchronous == "" {
		opts.Synchronous = sqlitedb.SyncFull
	}
	if opts.Readers <= 0 {
		opts.Readers = 4
	}
	if opts.CheckpointEvery <= 0 {
		opts.CheckpointEvery = checkpointInterval
	}
	opts.Clock = clock.Or(opts.Clock)
	migrations, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	// closers undo what is open so far when a later step fails.
	var closers []func()
	fail := func(err error) (*Store, error) {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
		return nil, err
	}
	w, err := sqlitedb.Open(ctx, p, migrations, sqlitedb.Options{Synchronous: opts.Synchronous, MaxOpenConns: 1})
	if err != nil {
		return nil, err
	}
	closers = append(closers, func() { w.Close() })
	// The index opens after the claims are migrated (it may have to be rebuilt from them) and
	// before the read pool, which attaches it.
	index, err := openIndex(ctx, p, opts.Clock)
	if err != nil {
		return fail(err)
	}
	closers = append(closers, func() { index.close() })
	r, err := sqlitedb.Open(ctx, p, nil, sqlitedb.Options{Synchronous: opts.Synchronous, MaxOpenConns: opts.Readers,
		Attach: []sqlitedb.Attachment{{Schema: indexSchema, Path: indexPath(p)}}})
	if err != nil {
		return fail(err)
	}
	closers = append(closers, func() { r.Close() })
	// A larger page cache keeps the indexes' hot pages in the writer's memory on big stores
	// (the default is 2 MiB); the writer pool is one long-lived connection, so this sticks.
	// Checkpoints move off the writer: with autocheckpoint the commit that crosses the WAL
	// threshold copies pages back into the database while every queued write waits.
	if _, err := w.ExecContext(ctx, `PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 0`); err != nil {
		return fail(err)
	}
	st, err := prepare(ctx, w)
	if err != nil {
		return fail(err)
	}
	closers = append(closers, st.close)
	readBrain, err := r.PrepareContext(ctx, `SELECT `+brainCols+` FROM brains WHERE name = ?`)
	if err != nil {
		return fail(err)
	}
	closers = append(closers, func() { readBrain.Close() })
	var maxID int64
	if err := w.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM claim_versions`).Scan(&maxID); err != nil {
		return fail(err)
	}
	s := &Store{sqlReads: &sqlReads{db: r}, nextID: maxID + 1, storeVersions: map[string]int64{}, cache: newLiveCache(1 << 14),
		bulk: &bulkInserts{versions: newMultiRow(w, versionInsert, versionArity, multiRowChunk), receipts: newMultiRow(w, receiptInsert, receiptArity, multiRowChunk)},
		w:    w, r: r, index: index, opts: opts, reqs: make(chan *writeReq, 4*opts.MaxBatch), stop: make(chan struct{}), done: make(chan struct{}),
		cpDone: make(chan struct{}), stmts: st, readBrain: readBrain}
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// checkpointInterval is the default of Options.CheckpointEvery.
const checkpointInterval = 250 * time.Millisecond

// checkpointer runs PASSIVE checkpoints on a reader connection until Close; PASSIVE never
// blocks the writer or readers, it copies what it can. After each it asks the writer to top
// the checkpoint up.
func (s *Store) checkpointer() {
	defer close(s.cpDone)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-s.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	clock.Loop(ctx, s.opts.Clock, s.opts.CheckpointEvery, func(context.Context) {
		if _, err := s.r.Exec(`PRAGMA wal_checkpoint(PASSIVE)`); err == nil {
			s.topUp.Ask()
		}
	})
}

// Close stops the writer after the queued writes and closes the database.
func (s *Store) Close() error {
	s.once.Do(func() { close(s.stop) })
	<-s.done
	<-s.cpDone
	// The writer has stopped, so nothing more is queued for the index.
	indexErr := s.index.close()
	// Leave a compact database behind; a failure here loses nothing (the WAL stays).
	_, _ = s.w.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	s.stmts.close()
	s.bulk.versions.close()
	s.bulk.receipts.close()
	s.readBrain.Close()
	return errors.Join(indexErr, s.w.Close(), s.r.Close())
}

// ErrClosed is returned for writes that arrive after Close.
var ErrClosed = errors.New("store: closed")

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	if sqlitedb.IsUnique(err) {
		return fmt.Errorf("%s: %w: %v", op, domain.ErrConflict, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}
