// Package store persists presence records, the roster event log and the ledgers: in SQLite
// (presence.db, one process) or in PostgreSQL (schema presence, shared by every replica; see
// shared.go), with the same statements rebound for the latter.
package store

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/presence/domain"
)

//go:embed migrations/*.sql
var migrations embed.FS

//go:embed pgmigrations/*.sql
var pgMigrations embed.FS

// Schema is the organ's schema in a shared PostgreSQL database.
const Schema = "presence"

// ErrUnavailable wraps driver errors: the domain treats any of them as an internal failure,
// except those that also carry domain.ErrStoreUnavailable (the database cannot serve now).
var ErrUnavailable = errors.New("presence store unavailable")

// Store is presence.db.
type Store struct {
	db *sql.DB
	// pg is set on PostgreSQL: statements are written with ? and rebound to $n.
	pg bool
	// The statements of every register and leave, prepared once: parsing them per call was
	// the largest single cost of a register (see BenchmarkLedgerGRPC).
	upsertStmt, eventStmt, receiptStmt *sql.Stmt
}

var _ domain.Store = (*Store)(nil)

// Open opens (creating) <dataDir>/presence.db and applies the migrations. Commits use
// synchronous=NORMAL: a presence is witness tissue with a TTL of seconds, so losing the newest
// commits on power loss costs nothing a sidecar's next register does not restore.
func Open(ctx context.Context, dataDir string) (*Store, error) {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	db, err := sqlitedb.Open(ctx, filepath.Join(dataDir, "presence.db"), sub, sqlitedb.Options{Synchronous: sqlitedb.SyncNormal})
	if err != nil {
		return nil, err
	}
	return prepare(ctx, &Store{db: db})
}

// OpenPostgres opens the presence schema of the PostgreSQL database dsn names. Commits are
// synchronous there (pgdb's rule for every organ): one rule for the whole database is simpler
// to reason about than presence's cheaper SQLite setting.
func OpenPostgres(ctx context.Context, dsn string) (*Store, error) {
	sub, err := fs.Sub(pgMigrations, "pgmigrations")
	if err != nil {
		return nil, err
	}
	db, err := pgdb.Open(ctx, dsn, sub, pgdb.Options{Schema: Schema})
	if err != nil {
		return nil, err
	}
	return prepare(ctx, &Store{db: db, pg: true})
}

// OpenFor opens the backend sel names: empty or "sqlite" is <dataDir>/presence.db, a
// postgres:// DSN is that database.
func OpenFor(ctx context.Context, sel, dataDir string) (*Store, error) {
	switch {
	case sel == "" || sel == "sqlite":
		return Open(ctx, dataDir)
	case pgdb.IsDSN(sel):
		return OpenPostgres(ctx, sel)
	}
	return nil, fmt.Errorf("store %q: want sqlite or a postgres:// URL", pgdb.Redact(sel))
}

// q returns query in the backend's placeholder style.
func (s *Store) q(query string) string {
	if s.pg {
		return pgdb.Rebind(query)
	}
	return query
}

func prepare(ctx context.Context, st *Store) (*Store, error) {
	var err error
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{{&st.upsertStmt, upsertSQL}, {&st.eventStmt, eventSQL}, {&st.receiptStmt, receiptSQL}} {
		if *p.stmt, err = st.db.PrepareContext(ctx, st.q(p.sql)); err != nil {
			st.Close()
			return nil, wrap("prepare", err)
		}
	}
	return st, nil
}

// Close closes the statements and the database.
func (s *Store) Close() error {
	for _, st := range []*sql.Stmt{s.upsertStmt, s.eventStmt, s.receiptStmt} {
		if st != nil {
			st.Close()
		}
	}
	return s.db.Close()
}

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if pgdb.IsUnavailable(err) {
		// The server is down, restarting, out of connections or past a statement's timeout:
		// the caller hears UNAVAILABLE with a reason and may retry, never a bare Internal.
		return fmt.Errorf("%s: %w: %w: %w", op, ErrUnavailable, domain.ErrStoreUnavailable, err)
	}
	return fmt.Errorf("%s: %w: %w", op, ErrUnavailable, err)
}

// presenceRow is the JSON shape of a presence inside event payloads.
type presenceRow struct {
	ID         string   `json:"id"`
	Brain      string   `json:"brain"`
	AgentID    string   `json:"agent_id"`
	Kind       string   `json:"kind"`
	Theme      string   `json:"theme"`
	Intent     string   `json:"intent"`
	WorkingSet []string `json:"working_set"`
	Worktree   string   `json:"worktree,omitempty"`
	StartedAt  int64    `json:"started_at"`
	UpdatedAt  int64    `json:"updated_at"`
	LastBeat   int64    `json:"last_beat"`
	TTL        int64    `json:"ttl_ns"`
	// Changes and Base exist only for working sets derived from git.
	Changes []changeRow `json:"changes,omitempty"`
	Base    string      `json:"base,omitempty"`
}

// changeRow is one changed file: path, hunks as [start, count] pairs, binary.
type changeRow struct {
	Path   string     `json:"p"`
	Hunks  [][2]int32 `json:"h,omitempty"`
	Binary bool       `json:"b,omitempty"`
}

func toChangeRows(cs []domain.FileChange) []changeRow {
	if len(cs) == 0 {
		return nil
	}
	out := make([]changeRow, len(cs))
	for i, c := range cs {
		out[i] = changeRow{Path: c.Path, Binary: c.Binary}
		for _, h := range c.Hunks {
			out[i].Hunks = append(out[i].Hunks, [2]int32{h.Start, h.Count})
		}
	}
	return out
}

func fromChangeRows(rs []changeRow) []domain.FileChange {
	if len(rs) == 0 {
		return nil
	}
	out := make([]domain.FileChange, len(rs))
	for i, r := range rs {
		out[i] = domain.FileChange{Path: r.Path, Binary: r.Binary}
		for _, h := range r.Hunks {
			out[i].Hunks = append(out[i].Hunks, domain.Hunk{Start: h[0], Count: h[1]})
		}
	}
	return out
}

func toRow(r domain.Record) presenceRow {
	return presenceRow{ID: r.ID, Brain: r.Brain, AgentID: r.AgentID, Kind: string(r.Kind), Theme: r.Theme,
		Intent: string(r.Intent), WorkingSet: r.WorkingSet.Canons(), Worktree: r.Worktree,
		StartedAt: r.StartedAt.UnixNano(), UpdatedAt: r.UpdatedAt.UnixNano(), LastBeat: r.LastBeat.UnixNano(),
		TTL: int64(r.TTL), Changes: toChangeRows(r.Changes), Base: r.Base}
}

func fromRow(p presenceRow) (domain.Record, error) {
	set, bad := domain.ParseWorkingSet(p.WorkingSet)
	if len(bad) > 0 {
		return domain.Record{}, fmt.Errorf("presence %s: stored working set no longer parses: %s", p.ID, bad[0].Description)
	}
	return domain.Record{ID: p.ID, Brain: p.Brain, AgentID: p.AgentID, Kind: domain.Kind(p.Kind), Theme: p.Theme,
		Intent: domain.Intent(p.Intent), WorkingSet: set, Worktree: p.Worktree,
		StartedAt: time.Unix(0, p.StartedAt).UTC(), UpdatedAt: time.Unix(0, p.UpdatedAt).UTC(),
		LastBeat: time.Unix(0, p.LastBeat).UTC(), TTL: time.Duration(p.TTL),
		Changes: fromChangeRows(p.Changes), Base: p.Base}, nil
}

// LoadPresences returns every stored presence, live or not; the registry decides liveness.
func (s *Store) LoadPresences(ctx context.Context) ([]domain.Record, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, brain, agent_id, kind, theme, intent, working_set, worktree,
		started_at, updated_at, last_beat, ttl_ns, changes, base FROM presences ORDER BY id`)
	if err != nil {
		return nil, wrap("load presences", err)
	}
	defer rows.Close()
	var out []domain.Record
	for rows.Next() {
		var p presenceRow
		var set, changes string
		if err := rows.Scan(&p.ID, &p.Brain, &p.AgentID, &p.Kind, &p.Theme, &p.Intent, &set, &p.Worktree,
			&p.StartedAt, &p.UpdatedAt, &p.LastBeat, &p.TTL, &changes, &p.Base); err != nil {
			return nil, wrap("load presences", err)
		}
		if err := json.Unmarshal([]byte(set), &p.WorkingSet); err != nil {
			return nil, fmt.Errorf("presence %s: working set: %w", p.ID, err)
		}
		if changes != "" {
			if err := json.Unmarshal([]byte(changes), &p.Changes); err != nil {
				return nil, fmt.Errorf("presence %s: changes: %w", p.ID, err)
			}
		}
		rec, err := fromRow(p)
		if err != nil {
			return nil, err
		}
		out = append(out, rec)
	}
	return out, wrap("load presences", rows.Err())
}

// Head returns the oldest retained and the newest ever written event seq (first is newest+1
// when nothing is retained). The newest survives pruning through SQLite's autoincrement table.
func (s *Store) Head(ctx context.Context) (first, newest int64, err error) {
	var n sql.NullInt64
	head := `SELECT seq FROM sqlite_sequence WHERE name = 'events'`
	if s.pg {
		head = `SELECT newest FROM event_head`
	}
	err = s.db.QueryRowContext(ctx, head).Scan(&n)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, 0, wrap("event head", err)
	}
	newest = n.Int64
	var f sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT MIN(seq) FROM events`).Scan(&f); err != nil {
		return 0, 0, wrap("event head", err)
	}
	first = newest + 1
	if f.Valid {
		first = f.Int64
	}
	return first, newest, nil
}

const upsertSQL = `INSERT INTO presences (id, brain, agent_id, kind, theme, intent, working_set, worktree,
		started_at, updated_at, last_beat, ttl_ns, changes, base) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT(id) DO UPDATE SET brain = excluded.brain, agent_id = excluded.agent_id, kind = excluded.kind,
		theme = excluded.theme, intent = excluded.intent, working_set = excluded.working_set,
		worktree = excluded.worktree, started_at = excluded.started_at, updated_at = excluded.updated_at,
		last_beat = excluded.last_beat, ttl_ns = excluded.ttl_ns, changes = excluded.changes, base = excluded.base`

func (s *Store) upsert(ctx context.Context, tx *sql.Tx, r domain.Record) error {
	set, err := json.Marshal(r.WorkingSet.Canons())
	if err != nil {
		return err
	}
	var changes []byte
	if len(r.Changes) > 0 {
		if changes, err = json.Marshal(toChangeRows(r.Changes)); err != nil {
			return err
		}
	}
	_, err = tx.StmtContext(ctx, s.upsertStmt).ExecContext(ctx,
		r.ID, r.Brain, r.AgentID, string(r.Kind), r.Theme, string(r.Intent), string(set), r.Worktree,
		r.StartedAt.UnixNano(), r.UpdatedAt.UnixNano(), r.LastBeat.UnixNano(), int64(r.TTL), string(changes), r.Base)
	return err
}

// eventPayload is the stored body of an event: one presence or one colliding pair.
type eventPayload struct {
	Presence *presenceRow `json:"presence,omitempty"`
	A        *refRow      `json:"a,omitempty"`
	B        *refRow      `json:"b,omitempty"`
	Overlaps [][2]string  `json:"overlaps,omitempty"`
	// Heats runs parallel to Overlaps when any overlap has a heat (git-derived working sets).
	Heats []domain.Heat `json:"heats,omitempty"`
}

type refRow struct {
	ID       string `json:"id"`
	AgentID  string `json:"agent_id"`
	Kind     string `json:"kind"`
	Theme    string `json:"theme"`
	Worktree string `json:"worktree,omitempty"`
}

func toRef(r *domain.Ref) *refRow {
	return &refRow{ID: r.ID, AgentID: r.AgentID, Kind: string(r.Kind), Theme: r.Theme, Worktree: r.Worktree}
}

func fromRef(r *refRow) *domain.Ref {
	return &domain.Ref{ID: r.ID, AgentID: r.AgentID, Kind: domain.Kind(r.Kind), Theme: r.Theme, Worktree: r.Worktree}
}

const eventSQL = `INSERT INTO events (seq, at, type, brain, subject_id, payload) VALUES (?, ?, ?, ?, ?, ?)`

func (s *Store) appendEvents(ctx context.Context, tx *sql.Tx, evs []domain.Event) error {
	if len(evs) == 0 {
		return nil
	}
	stmt := tx.StmtContext(ctx, s.eventStmt)
	for _, e := range evs {
		var p eventPayload
		if e.Collision != nil {
			p.A, p.B = toRef(e.Collision.A), toRef(e.Collision.B)
			for _, o := range e.Collision.Overlaps {
				p.Overlaps = append(p.Overlaps, [2]string{o.A, o.B})
			}
			if e.Collision.Heat != domain.HeatNone {
				for _, o := range e.Collision.Overlaps {
					p.Heats = append(p.Heats, o.Heat)
				}
			}
		} else {
			r := toRow(e.Presence)
			p.Presence = &r
		}
		body, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if _, err := stmt.ExecContext(ctx, e.Seq, e.At.UnixNano(), string(e.Type), e.Brain, e.SubjectID(), string(body)); err != nil {
			return err
		}
	}
	if s.pg {
		_, err := tx.ExecContext(ctx, `UPDATE event_head SET newest = GREATEST(newest, $1)`, evs[len(evs)-1].Seq)
		return err
	}
	return nil
}

func (s *Store) inTx(ctx context.Context, op string, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap(op, err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return wrap(op, err)
	}
	return wrap(op, tx.Commit())
}

// SavePresence upserts rec and appends evs and rc (when not nil) atomically.
func (s *Store) SavePresence(ctx context.Context, rec domain.Record, evs []domain.Event, rc *domain.Receipt) error {
	return s.inTx(ctx, "save presence", func(tx *sql.Tx) error {
		if err := s.upsert(ctx, tx, rec); err != nil {
			return err
		}
		if err := s.appendEvents(ctx, tx, evs); err != nil {
			return err
		}
		return s.appendReceipt(ctx, tx, rc)
	})
}

// DeletePresences removes ids and appends evs and rc (when not nil) atomically.
func (s *Store) DeletePresences(ctx context.Context, ids []string, evs []domain.Event, rc *domain.Receipt) error {
	return s.inTx(ctx, "delete presences", func(tx *sql.Tx) error {
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM presences WHERE id = ?`), id); err != nil {
				return err
			}
		}
		if err := s.appendEvents(ctx, tx, evs); err != nil {
			return err
		}
		return s.appendReceipt(ctx, tx, rc)
	})
}

// SaveBeats writes last_beat values; the guard keeps a late flush from undoing a newer register.
func (s *Store) SaveBeats(ctx context.Context, beats []domain.Beat) error {
	return s.inTx(ctx, "save beats", func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, s.q(`UPDATE presences SET last_beat = ? WHERE id = ? AND last_beat < ?`))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, b := range beats {
			ns := b.LastBeat.UnixNano()
			if _, err := stmt.ExecContext(ctx, ns, b.ID, ns); err != nil {
				return err
			}
		}
		return nil
	})
}

// EventsAfter returns up to limit events with after < seq <= through, of one brain or all ("").
func (s *Store) EventsAfter(ctx context.Context, after, through int64, brain string, limit int) ([]domain.Event, error) {
	q := `SELECT seq, at, type, brain, payload FROM events WHERE seq > ? AND seq <= ?`
	args := []any{after, through}
	if brain != "" {
		q += ` AND brain = ?`
		args = append(args, brain)
	}
	q += ` ORDER BY seq LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, wrap("events after", err)
	}
	defer rows.Close()
	var out []domain.Event
	for rows.Next() {
		var e domain.Event
		var at int64
		var typ, body string
		if err := rows.Scan(&e.Seq, &at, &typ, &e.Brain, &body); err != nil {
			return nil, wrap("events after", err)
		}
		e.At, e.Type = time.Unix(0, at).UTC(), domain.EventType(typ)
		if err := decodePayload(&e, body); err != nil {
			return nil, fmt.Errorf("event %d: %w", e.Seq, err)
		}
		out = append(out, e)
	}
	return out, wrap("events after", rows.Err())
}

func decodePayload(e *domain.Event, body string) error {
	var p eventPayload
	dec := json.NewDecoder(strings.NewReader(body))
	if err := dec.Decode(&p); err != nil {
		return err
	}
	switch {
	case p.Presence != nil:
		r, err := fromRow(*p.Presence)
		if err != nil {
			return err
		}
		e.Presence = r
	case p.A != nil && p.B != nil:
		c := &domain.Collision{Brain: e.Brain, A: fromRef(p.A), B: fromRef(p.B)}
		for i, o := range p.Overlaps {
			ov := domain.Overlap{A: o[0], B: o[1]}
			if i < len(p.Heats) {
				ov.Heat = p.Heats[i]
			}
			c.Overlaps = append(c.Overlaps, ov)
			c.Heat = max(c.Heat, ov.Heat)
		}
		e.Collision = c
	default:
		return errors.New("payload names neither a presence nor a pair")
	}
	return nil
}

// PruneEvents deletes events older than before except the newest keep, and returns the oldest
// retained seq (newest+1 when none remain).
func (s *Store) PruneEvents(ctx context.Context, before time.Time, keep int) (int64, error) {
	err := s.inTx(ctx, "prune events", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM events WHERE at < ?
			AND seq <= (SELECT COALESCE(MAX(seq), 0) FROM events) - ?`), before.UnixNano(), keep)
		return err
	})
	if err != nil {
		return 0, err
	}
	first, _, err := s.Head(ctx)
	return first, err
}

func timeOf(ns int64) time.Time { return time.Unix(0, ns).UTC() }
