package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"time"

	"github.com/organism-dev/organism/platform/idgen"
	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// The mission store on PostgreSQL (schema mission), for any number of mission replicas sharing
// one database. PG has the SQLite Store's methods one for one; what differs is how the laws
// are kept once several processes write:
//
//   - the chain head's compare-and-swap stays in the UPDATE's WHERE; a concurrent append on
//     another replica holds the row, and when it commits PostgreSQL re-checks the WHERE
//     against the new head, so exactly one append wins each head;
//   - board event cursors are numbered by the writing transaction's id, and a reader returns
//     only those below the oldest transaction still running (pgboard.go), so a watcher
//     reading by cursor from any replica never sees a cursor before a smaller one, and no
//     lock orders the replicas' commits;
//   - leases are taken under a per-runner advisory lock, the charter composer's reads and
//     writes under a charter lock; screenings, live curations, the one candidate skeleton and
//     the skeleton version are unique keys;
//   - sections that span other systems (a landing's git moves and medulla bump) take session
//     advisory locks through Lock (domain.Locks);
//   - writers NOTIFY mission_board (events) and mission_work (new work) in their transaction;
//     Follow turns other replicas' notifications into wake-ups of this replica's watchers and
//     waiting runners, who then read by cursor.

//go:embed pgmigrations/*.sql
var pgMigrationFiles embed.FS

// Schema is the organ's schema in a shared PostgreSQL database.
const Schema = "mission"

// PGMigrations are the PostgreSQL store's embedded schema migrations.
func PGMigrations() fs.FS {
	sub, err := fs.Sub(pgMigrationFiles, "pgmigrations")
	if err != nil {
		panic(err)
	}
	return sub
}

// Notification channels: events were stored (board watchers re-read), work appeared (waiting
// runners try to claim). The payload is the writing replica's id.
const (
	boardChannel = "mission_board"
	workChannel  = "mission_work"
)

// PG implements domain.Store, domain.SkeletonStore, domain.ReportStore and domain.Locks.
type PG struct {
	shared
	dsn     string
	opts    pgdb.Options
	replica string

	// Appends go through one writer goroutine per replica that commits them in groups, as
	// the SQLite store does: one transaction (one WAL flush) for every append waiting at
	// that moment.
	appends chan pgAppendReq
	quit    chan struct{}
	done    chan struct{}
	// boardNews asks the notifier to NOTIFY mission_board once for every group committed
	// since it last did (see notifier); notified closes when it has stopped.
	boardNews chan struct{}
	notified  chan struct{}
	maxBatch  int
	// stageHook and notifyHook, when a benchmark sets them before the first append, hear
	// where each append's time went and how long each board notification took (pgtrace.go).
	stageHook  func(appendStages)
	notifyHook func(time.Duration)
}

var (
	_ domain.Store         = (*PG)(nil)
	_ domain.SkeletonStore = (*PG)(nil)
	_ domain.ReportStore   = (*PG)(nil)
	_ domain.Locks         = (*PG)(nil)
)

// PGOptions tune the PostgreSQL store.
type PGOptions struct {
	// DB tunes the pool (pool size, statement timeout); its Schema defaults to "mission".
	DB pgdb.Options
	// MaxBatch bounds the appends committed in one transaction; default 256, 1 disables
	// grouping, at most 65,535 (the ordinals a transaction's board cursors have room for).
	MaxBatch int
}

// OpenPostgres opens the mission schema of the database dsn names, applying its migrations
// under the migration lock, and starts the append writer.
func OpenPostgres(ctx context.Context, dsn string, o PGOptions) (*PG, error) {
	if o.DB.Schema == "" {
		o.DB.Schema = Schema
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = 256
	}
	o.MaxBatch = min(o.MaxBatch, maxEventsPerTx)
	db, err := pgdb.Open(ctx, dsn, PGMigrations(), o.DB)
	if err != nil {
		return nil, err
	}
	p := &PG{shared: shared{db: db, pg: true}, dsn: dsn, opts: o.DB, replica: idgen.Hex("rep_", 8), appends: make(chan pgAppendReq),
		quit: make(chan struct{}), done: make(chan struct{}), maxBatch: o.MaxBatch,
		boardNews: make(chan struct{}, 1), notified: make(chan struct{})}
	go p.writer()
	go p.notifier()
	return p, nil
}

// Close stops the writer after the group in hand and closes the pool.
func (p *PG) Close() error {
	close(p.quit)
	<-p.done
	<-p.notified
	return p.db.Close()
}

// lockKey names an advisory lock of the mission organ.
func lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("organism/mission/" + name))
	return int64(h.Sum64())
}

// pgwrap is wrap for PostgreSQL: a lost race the caller may retry says so, as "database
// busy" does on SQLite; an unreachable server keeps its error for the transport.
func pgwrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if pgdb.IsBusy(err) {
		return fmt.Errorf("%s: database busy: %w", op, err)
	}
	if pgdb.IsUnavailable(err) {
		return fmt.Errorf("%s: %w: %w", op, domain.ErrStoreUnavailable, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// Lock implements domain.Locks with a session advisory lock on a connection of its own, held
// until unlock. Waiting for it is not bounded by statement_timeout (a landing may take longer
// than a statement), only by ctx. If the connection is lost the server releases the lock.
func (p *PG) Lock(ctx context.Context, name string) (func(), error) {
	conn, err := p.db.Conn(ctx)
	if err != nil {
		return nil, pgwrap("lock "+name, err)
	}
	discard := func() {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		conn.Close()
	}
	if _, err := conn.ExecContext(ctx, `SET statement_timeout = 0`); err != nil {
		discard()
		return nil, pgwrap("lock "+name, err)
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, lockKey("lock/"+name)); err != nil {
		discard()
		return nil, pgwrap("lock "+name, err)
	}
	return func() {
		// Unlock on a fresh context: the caller's may have ended, and the lock must go.
		ctx := context.Background()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, lockKey("lock/"+name)); err != nil {
			discard()
			return
		}
		if _, err := conn.ExecContext(ctx, `RESET statement_timeout`); err != nil {
			discard()
			return
		}
		conn.Close()
	}, nil
}

// Follow calls wake for every notification another replica sends (work true when it made new
// work available), and wake(true) whenever the listening connection (re)connects, since
// notifications sent while it was away are lost; until ctx ends. Wake-ups are only hints:
// whoever wakes reads the database by cursor.
func (p *PG) Follow(ctx context.Context, wake func(work bool)) error {
	l, err := pgdb.Listen(p.dsn, p.opts, boardChannel, workChannel)
	if err != nil {
		return err
	}
	go func() {
		<-ctx.Done()
		l.Close()
	}()
	go func() {
		for n := range l.C {
			switch {
			case n.Channel == "":
				wake(true)
			case n.Payload == p.replica:
				// This replica's own write: its domain woke its watchers already.
			default:
				wake(n.Channel == workChannel)
			}
		}
	}()
	return nil
}

func (p *PG) notify(ctx context.Context, tx *sql.Tx, channel string) error {
	return pgwrap("notify", pgdb.Notify(ctx, tx, channel, p.replica))
}

// CreateMission stores a new mission, its seq 1 letter, its board event and its receipt atomically.
func (p *PG) CreateMission(ctx context.Context, m domain.Mission, first domain.Letter, ev domain.BoardEvent, receipt *domain.Entry) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("create mission", err)
	}
	defer tx.Rollback()
	if err := p.insertMission(ctx, tx, m, first, ev, receipt); err != nil {
		return err
	}
	return pgwrap("create mission", tx.Commit())
}

// insertMission writes a new mission row, its seq 1 letter, its event (ordinal 0 of tx: no
// transaction writes two new missions, nor a new mission and appends) and its receipt inside
// tx, and notifies the board.
func (p *PG) insertMission(ctx context.Context, tx *sql.Tx, m domain.Mission, first domain.Letter, ev domain.BoardEvent, receipt *domain.Entry) error {
	packet, err := json.Marshal(m.Packet)
	if err != nil {
		return err
	}
	body, err := json.Marshal(first)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO missions(mission_id, brain, title, phase, head_seq, head_letter_id,
		opened_at, updated_at, packet) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		m.MissionID, m.Brain, m.Title, string(m.Phase), m.HeadSeq, m.HeadLetterID, ns(m.OpenedAt), ns(m.UpdatedAt), string(packet)); err != nil {
		return pgwrap("create mission", err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO letters(mission_id, seq, letter_id, phase, advisory, posted_at, body)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, first.MissionID, first.Seq, first.LetterID, string(first.Phase), b2i(first.Advisory), ns(first.PostedAt), string(body))
	if pgdb.IsUnique(err) {
		return domain.ErrHeadMoved
	}
	if err != nil {
		return pgwrap("insert letter", err)
	}
	if err := pgInsertEvent(ctx, tx, ev); err != nil {
		return err
	}
	if receipt != nil {
		if err := pgInsertEntry(ctx, tx, receipt); err != nil {
			return err
		}
	}
	return p.notify(ctx, tx, boardChannel)
}

// Mission returns one mission or ErrNoMission.
func (p *PG) Mission(ctx context.Context, id string) (domain.Mission, error) {
	m, err := scanMission(p.db.QueryRowContext(ctx, `SELECT `+missionCols+` FROM missions WHERE mission_id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return m, domain.ErrNoMission
	}
	return m, pgwrap("mission", err)
}
