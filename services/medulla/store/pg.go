package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sync"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// Medulla on PostgreSQL. One database, schema medulla, shared by any number of medulla
// replicas. What makes that safe is the database, never this process:
//
//   - Every write transaction that touches a brain first takes that brain's transaction-level
//     advisory lock (pgTx.lock), and reads the brain and its slugs only after it. So two
//     writes to one brain, from any replicas, run one after the other, and the second sees
//     what the first committed: per-slug serialization of memorize, the store version's
//     compare-and-bump, and the live count all follow from it.
//   - Behind the lock, the schema refuses what a broken lock would let through: one row per
//     (brain, slug, version), at most one live version per slug (a partial unique index), and
//     a supersession is a conditional UPDATE that must find the version still live.
//
// Group commit stays as an optimisation: each replica's writer runs the writes queued while
// the previous transaction committed in one transaction (one WAL flush for all of them). A
// write's locks are taken inside that transaction, so batching changes how many writes share a
// COMMIT, never what any of them sees. The writer runs the next batch while the last one's
// COMMIT is in flight (pgpipe.go), and sends it on the row that commit handed back.

//go:embed pgmigrations/*.sql
var pgMigrationFiles embed.FS

// Schema is medulla's schema in a shared PostgreSQL database.
const Schema = "medulla"

// Backend is a medulla store that can be closed: SQLite's Store or PostgreSQL's PGStore.
type Backend interface {
	domain.Store
	Close() error
}

// OpenFor opens the backend sel names: empty or "sqlite" is <dir>/medulla.db, a postgres://
// DSN is that database's medulla schema.
func OpenFor(ctx context.Context, sel, dir string, opts Options) (Backend, error) {
	switch {
	case sel == "" || sel == "sqlite":
		return Open(ctx, dir, opts)
	case pgdb.IsDSN(sel):
		return OpenPostgres(ctx, sel, opts)
	}
	return nil, fmt.Errorf("store %q: want sqlite or a postgres:// URL", pgdb.Redact(sel))
}

// PGStore is medulla's PostgreSQL store.
type PGStore struct {
	*sqlReads
	db       *sql.DB
	maxBatch int
	// cache is the writer's memory of slugs, checked against the database (pgflush.go).
	cache *pgCache
	// pipe counts the pipeline's work (pgpipe.go).
	pipe pgPipeStats
	reqs chan *writeReq
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

var _ domain.Store = (*PGStore)(nil)

// OpenPostgres opens medulla's schema in the database dsn names, migrating it under the
// migration lock (replicas starting together take turns). Of opts only MaxBatch applies.
func OpenPostgres(ctx context.Context, dsn string, opts Options) (*PGStore, error) {
	sub, err := fs.Sub(pgMigrationFiles, "pgmigrations")
	if err != nil {
		return nil, err
	}
	return openPostgresWith(ctx, dsn, opts, sub)
}

// openPostgresWith is OpenPostgres migrating with the given files (a test opens a store on an
// earlier schema with them, to check an upgrade).
func openPostgresWith(ctx context.Context, dsn string, opts Options, migrations fs.FS) (*PGStore, error) {
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = 256
	}
	db, err := pgdb.Open(ctx, dsn, migrations, pgdb.Options{Schema: Schema})
	if err != nil {
		return nil, fmt.Errorf("medulla store: %w", err)
	}
	s := &PGStore{sqlReads: &sqlReads{db: db, pg: true}, db: db, maxBatch: opts.MaxBatch, cache: newPGCache(),
		reqs: make(chan *writeReq, 4*opts.MaxBatch), stop: make(chan struct{}), done: make(chan struct{})}
	go s.writer()
	return s, nil
}

// Close stops the writer after the queued writes and closes the pool.
func (s *PGStore) Close() error {
	s.once.Do(func() { close(s.stop) })
	<-s.done
	return s.db.Close()
}

// Write queues fn and waits until the transaction carrying it has committed: COMMIT returned
// with synchronous_commit=on, so a nil return is a durable acknowledgement, as on SQLite.
func (s *PGStore) Write(ctx context.Context, fn func(domain.Tx) error) error {
	req := &writeReq{fn: fn, done: make(chan error, 1)}
	select {
	case s.reqs <- req:
	case <-s.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued the write will run; waiting for it keeps the caller from reporting failure
	// for a write that then commits.
	return <-req.done
}

// writer gathers the queued writes into batches and runs them through the pipeline
// (pgpipe.go): at most one batch in flight while the next is prepared.
func (s *PGStore) writer() {
	defer close(s.done)
	var fl *pgFlight
	for {
		var first *writeReq
		var landed <-chan struct{}
		if fl != nil {
			landed = fl.done
		}
		select {
		case first = <-s.reqs:
		case <-landed:
			s.land(fl, false)
			fl = nil
			continue
		case <-s.stop:
			if fl != nil {
				s.land(fl, false)
			}
			for {
				select {
				case req := <-s.reqs:
					req.done <- ErrClosed
				default:
					return
				}
			}
		}
		batch := []*writeReq{first}
	gather:
		for len(batch) < s.maxBatch {
			select {
			case req := <-s.reqs:
				batch = append(batch, req)
			default:
				break gather
			}
		}
		s.dispatch(&fl, batch)
	}
}

// errReplay says a write of a batch failed on its own account: the batch is rolled back and
// every write replayed in a transaction of its own, so one failure never sinks its neighbours.
var errReplay = errors.New("replay the batch one write at a time")

func (s *PGStore) runBatch(batch []*writeReq) {
	ctx := context.Background()
	if len(batch) > 1 {
		view, err := s.runTx(ctx, batch)
		if !errors.Is(err, errReplay) {
			if err == nil {
				view.committed()
			}
			err = settle(err)
			for _, req := range batch {
				req.done <- err
			}
			return
		}
	}
	s.replay(batch)
}

// replay runs each write of batch in a transaction of its own.
func (s *PGStore) replay(batch []*writeReq) {
	ctx := context.Background()
	for _, req := range batch {
		view, err := s.runTx(ctx, []*writeReq{req})
		if err == nil {
			view.committed()
		}
		req.done <- settle(err)
	}
}

// runTx runs the writes in one transaction and commits it, retrying a lost race (deadlock,
// serialization failure) up to pgdb.MaxTxAttempts times, as pgdb.InTx does. Locks are taken
// as the writes ask for them; a retry first takes every lock the failed attempt took, in one
// sorted order, so two replicas whose batches deadlocked do not deadlock again. In a batch of
// more than one write, a write failing on its own account (or a conflict found at flush) is
// errReplay.
func (s *PGStore) runTx(ctx context.Context, batch []*writeReq) (*pgTx, error) {
	var view *pgTx
	var prelock []string
	for attempt := 1; ; attempt++ {
		if view != nil {
			prelock = mergeSorted(prelock, view.order)
		}
		var err error
		view, err = s.attempt(ctx, batch, prelock)
		if errors.Is(err, errStale) {
			// Another replica wrote a brain since this one remembered it: forget the brains
			// and run the batch again, locking before reading (a retry never speculates, and
			// the brains' next batches lock first too: pgColdBatches).
			s.cache.stale(view.order)
			continue
		}
		if err == nil || !pgdb.IsBusy(err) || attempt == pgdb.MaxTxAttempts {
			return view, err
		}
		// A pause on the wall clock: it spaces out retries against a real database.
		time.Sleep(time.Duration(attempt*attempt) * time.Millisecond)
	}
}

// attempt runs the batch once in a transaction of its own on a connection from the pool.
func (s *PGStore) attempt(ctx context.Context, batch []*writeReq, prelock []string) (*pgTx, error) {
	view, err := s.prepare(ctx, batch, prelock)
	if err != nil {
		return view, err
	}
	defer view.sess.conn.Close()
	if err := view.commitBatch(len(batch)); err != nil {
		view.sess.rollback(ctx)
		return view, err
	}
	return view, nil
}

// prepare runs the batch's writes in a transaction on a connection from the pool, up to its
// flush; the caller commits it and gives the connection back. On failure the transaction is
// rolled back and the connection given back here.
func (s *PGStore) prepare(ctx context.Context, batch []*writeReq, prelock []string) (view *pgTx, err error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	sess := &pgSession{conn: conn}
	view = newPGTx(ctx, sess, s.cache, len(batch))
	view.noSpec = len(prelock) > 0
	defer func() {
		if err != nil {
			sess.rollback(ctx)
			conn.Close()
		}
	}()
	for _, name := range prelock {
		if _, err := view.lock(name); err != nil {
			return view, err
		}
	}
	for i, req := range batch {
		view.want = len(batch) - i
		if err := req.fn(view); err != nil {
			// A write that failed on a brain it has not locked may have failed on what another
			// replica changed: the lock and the check decide first (the transaction's own
			// failure, kept by the session, wins over what the write made of it).
			if view.speculative() {
				sess.settle()
			}
			if sess.err != nil {
				return view, sess.err
			}
			// A lost race or an outage is the transaction's, not the write's: runTx retries
			// the first, and the second reaches every write of the batch.
			if len(batch) == 1 || pgdb.IsBusy(err) || pgdb.IsUnavailable(err) {
				return view, err
			}
			return view, errReplay
		}
	}
	return view, nil
}

// commitBatch flushes and commits a batch of n writes; in a batch of more than one, a conflict
// found at flush is errReplay.
func (t *pgTx) commitBatch(n int) error {
	err := t.commit()
	if err != nil && n > 1 && errors.Is(err, domain.ErrConflict) {
		return errReplay
	}
	return err
}

// mergeSorted is the sorted union of a (sorted) and b.
func mergeSorted(a, b []string) []string {
	out := append(append([]string(nil), a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// settle is what a writer hears: its own error unchanged, a driver error translated.
func settle(err error) error {
	if err == nil || (pgdb.Code(err) == "" && !pgdb.IsUnavailable(err)) {
		return err
	}
	return pgWrap("write", err)
}

// pgWrap translates PostgreSQL's errors at the store edge, as wrap does SQLite's: no row is
// ErrNotFound, a unique violation ErrConflict, and a server that cannot serve now (down,
// restarting, out of connections, a statement past its timeout) ErrUnavailable, which the
// organ answers as UNAVAILABLE with reason STORE_UNAVAILABLE. The driver error stays in the
// chain, so pgdb.IsBusy still sees a lost race. Errors already translated pass unchanged.
func pgWrap(op string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return domain.ErrNotFound
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrUnavailable):
		return err
	case pgdb.IsUnique(err):
		return fmt.Errorf("%s: %w: %w", op, domain.ErrConflict, err)
	case pgdb.IsUnavailable(err):
		return fmt.Errorf("%s: %w: %w", op, domain.ErrUnavailable, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}
