// Package store keeps mission chains in SQLite: one row per mission, an append-only letters
// table whose primary key makes forks unrepresentable, board events, gate logs and refusals.
package store

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sync/atomic"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations are the store's embedded schema migrations.
func Migrations() fs.FS {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		panic(err)
	}
	return sub
}

// Store implements domain.Store.
type Store struct {
	shared
	getMission *sql.Stmt

	// Appends go through one writer goroutine that commits them in groups: one transaction
	// and one fsync for every append waiting at that moment, each inside its own savepoint
	// so a lost CAS rolls back only itself.
	appends  chan appendReq
	quit     chan struct{}
	done     chan struct{}
	maxBatch int

	// commits counts the writer's committed groups so the checkpointer runs only after
	// writes; cpDone closes when the checkpointer has stopped.
	commits atomic.Uint64
	// checkpointed is the commit count the last successful checkpoint started after.
	checkpointed atomic.Uint64
	// topUp asks the writer to finish the background checkpoint's work between groups;
	// checkpointErrs counts the background checkpoints that failed.
	topUp          sqlitedb.TopUp
	checkpointErrs atomic.Int64
	cpDone         chan struct{}
	stopCheckpoint context.CancelFunc
	// writerConn is the writer's own connection, kept to read its settings back.
	writerConn *sql.Conn
}

var _ domain.Store = (*Store)(nil)

// Options tune the database.
type Options struct {
	// Synchronous defaults to sqlitedb.SyncFull.
	Synchronous sqlitedb.Synchronous
	// MaxBatch bounds the appends committed in one transaction; default 256, 1 disables grouping.
	MaxBatch int
	// CheckpointEvery is how often committed WAL frames are folded back into the database
	// off the append path; default 100ms.
	CheckpointEvery time.Duration
	// Clock drives the checkpointer; default the wall clock.
	Clock clock.Clock
	// InlineCheckpoints restores SQLite's auto-checkpoint inside the writer's commits and
	// stops the background checkpointer: the append benchmark's baseline, not for serving.
	InlineCheckpoints bool
}

// Open opens (creating and migrating) the database file at path.
func Open(ctx context.Context, path string, o Options) (*Store, error) {
	db, err := sqlitedb.Open(ctx, path, Migrations(), sqlitedb.Options{Synchronous: o.Synchronous})
	if err != nil {
		return nil, err
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = 256
	}
	if o.CheckpointEvery <= 0 {
		o.CheckpointEvery = defaultCheckpointEvery
	}
	w, err := prepareWriter(ctx, db, o.InlineCheckpoints)
	if err != nil {
		db.Close()
		return nil, err
	}
	cp, err := db.Conn(ctx)
	if err != nil {
		w.close()
		db.Close()
		return nil, err
	}
	getMission, err := db.PrepareContext(ctx, `SELECT `+missionCols+` FROM missions WHERE mission_id = ?`)
	if err != nil {
		cp.Close()
		w.close()
		db.Close()
		return nil, err
	}
	s := &Store{shared: shared{db: db}, getMission: getMission, appends: make(chan appendReq), quit: make(chan struct{}), done: make(chan struct{}),
		maxBatch: o.MaxBatch, cpDone: make(chan struct{}), writerConn: w.conn}
	go s.writer(w)
	if o.InlineCheckpoints {
		cp.Close()
		close(s.cpDone)
	} else {
		cpCtx, stop := context.WithCancel(context.Background())
		s.stopCheckpoint = stop
		go s.checkpointer(cpCtx, cp, clock.Or(o.Clock), o.CheckpointEvery)
	}
	return s, nil
}

// Close stops the writer after the batch in hand and the checkpointer, folds the WAL back
// into the database and closes it.
func (s *Store) Close() error {
	close(s.quit)
	<-s.done
	if s.stopCheckpoint != nil {
		s.stopCheckpoint()
	}
	<-s.cpDone
	// Leave a compact database behind; a failure here loses nothing (the WAL stays).
	_, _ = s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	s.getMission.Close()
	return s.db.Close()
}

func ns(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromNS(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// wrap turns driver failures into errors that say what the store was doing; busy and
// constraint conditions the domain cares about are mapped where they occur.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if sqlitedb.IsBusy(err) {
		return fmt.Errorf("%s: database busy: %w", op, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// CreateMission stores a new mission, its seq 1 letter, its board event and its receipt atomically.
func (s *Store) CreateMission(ctx context.Context, m domain.Mission, first domain.Letter, ev domain.BoardEvent, receipt *domain.Entry) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("create mission", err)
	}
	defer tx.Rollback()
	if err := insertMission(ctx, tx, m, first, ev, receipt); err != nil {
		return err
	}
	return wrap("create mission", tx.Commit())
}

// insertMission writes a new mission row, its seq 1 letter, its event and its receipt inside tx
// (CreateMission, and a chartered mission with its report's screening).
func insertMission(ctx context.Context, tx *sql.Tx, m domain.Mission, first domain.Letter, ev domain.BoardEvent, receipt *domain.Entry) error {
	packet, err := json.Marshal(m.Packet)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO missions(mission_id, brain, title, phase, head_seq, head_letter_id,
		opened_at, updated_at, packet) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.MissionID, m.Brain, m.Title, string(m.Phase), m.HeadSeq, m.HeadLetterID, ns(m.OpenedAt), ns(m.UpdatedAt), string(packet)); err != nil {
		return wrap("create mission", err)
	}
	if err := insertLetter(ctx, tx, first); err != nil {
		return err
	}
	if err := insertEvent(ctx, tx, ev); err != nil {
		return err
	}
	if receipt != nil {
		return insertEntry(ctx, tx, receipt)
	}
	return nil
}

func insertLetter(ctx context.Context, tx *sql.Tx, l domain.Letter) error {
	body, err := json.Marshal(l)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO letters(mission_id, seq, letter_id, phase, advisory, posted_at, body)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, l.MissionID, l.Seq, l.LetterID, string(l.Phase), b2i(l.Advisory), ns(l.PostedAt), string(body))
	if sqlitedb.IsUnique(err) {
		// Only reachable if the head row and the letters disagree; the chain refuses to fork.
		return domain.ErrHeadMoved
	}
	return wrap("insert letter", err)
}

func insertEvent(ctx context.Context, tx *sql.Tx, ev domain.BoardEvent) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO board_events(mission_id, brain, seq, kind, from_phase, to_phase, at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, ev.MissionID, ev.Brain, ev.Seq, string(ev.Kind), string(ev.From), string(ev.To), ns(ev.At))
	return wrap("insert board event", err)
}

const missionCols = `mission_id, brain, title, phase, head_seq, head_letter_id, opened_at, updated_at, candidate_letter,
	spawned, assigned_runner, lease_id, lease_runner, lease_expires, attempts, rerun_requested, packet,
	debrief_state, debrief_slug, debrief_error`

type scanner interface{ Scan(...any) error }

func scanMission(r scanner) (domain.Mission, error) {
	var row missionRow
	if err := row.scan(r); err != nil {
		return row.m, err
	}
	return row.mission()
}

// missionRow is a missions row as scanned, its packet still encoded. The append writers read
// the row their UPDATE left into one and the appending caller decodes it, so the writer
// goroutine every append passes through does not.
type missionRow struct {
	m      domain.Mission
	packet string
}

func (row *missionRow) scan(r scanner, first ...any) error {
	m := &row.m
	var phase string
	var opened, updated, expires int64
	var spawned, rerun int
	dst := append(first, &m.MissionID, &m.Brain, &m.Title, &phase, &m.HeadSeq, &m.HeadLetterID, &opened, &updated,
		&m.CandidateLetterID, &spawned, &m.AssignedRunner, &m.Lease.LeaseID, &m.Lease.RunnerID, &expires, &m.Attempts,
		&rerun, &row.packet, &m.Debrief.State, &m.Debrief.Slug, &m.Debrief.LastError)
	if err := r.Scan(dst...); err != nil {
		return err
	}
	m.Phase = domain.Phase(phase)
	m.OpenedAt, m.UpdatedAt = fromNS(opened), fromNS(updated)
	m.Spawned, m.RerunRequested = spawned != 0, rerun != 0
	m.Lease.MissionID, m.Lease.ExpiresAt, m.Lease.Attempt = m.MissionID, fromNS(expires), m.Attempts
	return nil
}

// mission decodes the packet.
func (row *missionRow) mission() (domain.Mission, error) {
	m := row.m
	if err := json.Unmarshal([]byte(row.packet), &m.Packet); err != nil {
		return m, fmt.Errorf("mission %s packet: %w", m.MissionID, err)
	}
	return m, nil
}

// Mission returns one mission or ErrMissionNotFound.
func (s *Store) Mission(ctx context.Context, id string) (domain.Mission, error) {
	m, err := scanMission(s.getMission.QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return m, domain.ErrNoMission
	}
	return m, wrap("mission", err)
}
