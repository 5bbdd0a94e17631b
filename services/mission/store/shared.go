package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// shared is what both backends do with the same SQL: statements are written with SQLite's ?
// placeholders and rebound to PostgreSQL's $n when pg is set, and driver errors are wrapped
// the backend's way. Store and PG embed it, so its methods are theirs. What differs stays
// with each backend: the append writers, board events, anything that must wake other
// replicas (spawn, re-run) or take a lock across them (leases, charters), and the upserts and
// RETURNING forms the dialects spell differently.
type shared struct {
	db *sql.DB
	pg bool
}

// q rebinds a statement written with ? for the backend.
func (s shared) q(query string) string {
	if s.pg {
		return pgdb.Rebind(query)
	}
	return query
}

// wrap wraps a driver error the backend's way (pgwrap also marks an unreachable server).
func (s shared) wrap(op string, err error) error {
	if s.pg {
		return pgwrap(op, err)
	}
	return wrap(op, err)
}

func (s shared) exec(ctx context.Context, op, query string, args ...any) (sql.Result, error) {
	res, err := s.db.ExecContext(ctx, s.q(query), args...)
	return res, s.wrap(op, err)
}

func (s shared) queryMissions(ctx context.Context, query string, args ...any) ([]domain.Mission, error) {
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, s.wrap("missions", err)
	}
	defer rows.Close()
	var out []domain.Mission
	for rows.Next() {
		m, err := scanMission(rows)
		if err != nil {
			return nil, s.wrap("missions", err)
		}
		out = append(out, m)
	}
	return out, s.wrap("missions", rows.Err())
}

// Missions lists the board in (opened_at, mission_id) order.
func (s shared) Missions(ctx context.Context, f domain.MissionFilter) ([]domain.Mission, error) {
	var where []string
	var args []any
	if f.Brain != "" {
		where = append(where, "brain = ?")
		args = append(args, f.Brain)
	}
	if len(f.Phases) > 0 {
		marks := make([]string, len(f.Phases))
		for i, p := range f.Phases {
			marks[i] = "?"
			args = append(args, string(p))
		}
		where = append(where, "phase IN ("+strings.Join(marks, ",")+")")
	}
	if f.AfterID != "" {
		where = append(where, "(opened_at > ? OR (opened_at = ? AND mission_id > ?))")
		args = append(args, ns(f.AfterOpened), ns(f.AfterOpened), f.AfterID)
	}
	q := `SELECT ` + missionCols + ` FROM missions`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY opened_at, mission_id LIMIT ?"
	args = append(args, f.Limit)
	return s.queryMissions(ctx, q, args...)
}

// Letters lists a chain after afterSeq.
func (s shared) Letters(ctx context.Context, missionID string, afterSeq int64, limit int) ([]domain.Letter, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT body FROM letters WHERE mission_id = ? AND seq > ? ORDER BY seq LIMIT ?`),
		missionID, afterSeq, limit)
	if err != nil {
		return nil, s.wrap("letters", err)
	}
	defer rows.Close()
	var out []domain.Letter
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, s.wrap("letters", err)
		}
		var l domain.Letter
		if err := json.Unmarshal([]byte(body), &l); err != nil {
			return nil, fmt.Errorf("letter of %s: %w", missionID, err)
		}
		out = append(out, l)
	}
	return out, s.wrap("letters", rows.Err())
}

// Letter returns one letter of a chain.
func (s shared) Letter(ctx context.Context, missionID, letterID string) (domain.Letter, error) {
	var body string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT body FROM letters WHERE mission_id = ? AND letter_id = ?`), missionID, letterID).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Letter{}, fmt.Errorf("letter %s of %s: %w", letterID, missionID, domain.ErrNoMission)
	}
	if err != nil {
		return domain.Letter{}, s.wrap("letter", err)
	}
	var l domain.Letter
	return l, json.Unmarshal([]byte(body), &l)
}

const insertEntrySQL = `INSERT INTO ledger(ledger, receipt_id, mission_id, body) VALUES (?, ?, ?, ?)`

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// insertEntryOn writes a receipt into its ledger through x (the pool or a transaction).
func insertEntryOn(ctx context.Context, x execer, pg bool, e *domain.Entry) error {
	body, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode receipt: %w", err)
	}
	s := shared{pg: pg}
	_, err = x.ExecContext(ctx, s.q(insertEntrySQL), e.Ledger, e.ReceiptID, e.MissionID, string(body))
	return s.wrap("insert receipt", err)
}

func insertEntry(ctx context.Context, x execer, e *domain.Entry) error {
	return insertEntryOn(ctx, x, false, e)
}

func pgInsertEntry(ctx context.Context, x execer, e *domain.Entry) error {
	return insertEntryOn(ctx, x, true, e)
}

// AddEntry implements domain.Store.
func (s shared) AddEntry(ctx context.Context, e domain.Entry) error {
	return insertEntryOn(ctx, s.db, s.pg, &e)
}
