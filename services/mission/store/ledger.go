package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/organism-dev/organism/services/mission/domain"
)

// The mission ledger, landing targets and kept candidate refs (migration 0003).

const insertEntrySQL = `INSERT INTO ledger(ledger, receipt_id, mission_id, body) VALUES (?, ?, ?, ?)`

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func insertEntry(ctx context.Context, x execer, e *domain.Entry) error {
	body, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode receipt: %w", err)
	}
	_, err = x.ExecContext(ctx, insertEntrySQL, e.Ledger, e.ReceiptID, e.MissionID, string(body))
	return wrap("insert receipt", err)
}

// AddEntry implements domain.Store.
func (s *Store) AddEntry(ctx context.Context, e domain.Entry) error {
	return insertEntry(ctx, s.db, &e)
}

// Ledger implements domain.Store.
func (s *Store) Ledger(ctx context.Context, f domain.LedgerFilter) ([]domain.Entry, int64, error) {
	q := `SELECT id, body FROM ledger WHERE ledger = ? ORDER BY id DESC LIMIT ?`
	args := []any{f.Ledger, f.Limit}
	if f.Before > 0 {
		q = `SELECT id, body FROM ledger WHERE ledger = ? AND id < ? ORDER BY id DESC LIMIT ?`
		args = []any{f.Ledger, f.Before, f.Limit}
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, wrap("ledger", err)
	}
	defer rows.Close()
	var out []domain.Entry
	var last int64
	for rows.Next() {
		var body string
		if err := rows.Scan(&last, &body); err != nil {
			return nil, 0, wrap("ledger", err)
		}
		var e domain.Entry
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			return nil, 0, fmt.Errorf("ledger: %w", err)
		}
		out = append(out, e)
	}
	return out, last, wrap("ledger", rows.Err())
}

// FixTarget implements domain.Store: the first branch recorded for a brain stays.
func (s *Store) FixTarget(ctx context.Context, brain, branch string, at time.Time) (string, error) {
	if _, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO brain_targets(brain, branch, fixed_at) VALUES (?, ?, ?)`, brain, branch, ns(at)); err != nil {
		return "", wrap("fix target", err)
	}
	b, _, err := s.Target(ctx, brain)
	return b, err
}

// Target implements domain.Store.
func (s *Store) Target(ctx context.Context, brain string) (string, bool, error) {
	var b string
	err := s.db.QueryRowContext(ctx, `SELECT branch FROM brain_targets WHERE brain = ?`, brain).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return b, err == nil, wrap("target", err)
}

// KeepRef implements domain.Store.
func (s *Store) KeepRef(ctx context.Context, r domain.KeptRef) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO mission_refs(mission_id, brain, repo_root, ref) VALUES (?, ?, ?, ?)
		ON CONFLICT(mission_id) DO UPDATE SET brain = excluded.brain, repo_root = excluded.repo_root, ref = excluded.ref, removed_at = 0`,
		r.MissionID, r.Brain, r.RepoRoot, r.Ref)
	return wrap("keep ref", err)
}

// DueRefs implements domain.Store.
func (s *Store) DueRefs(ctx context.Context, closedBefore time.Time, limit int) ([]domain.KeptRef, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.mission_id, r.brain, r.repo_root, r.ref FROM mission_refs r
		JOIN missions m ON m.mission_id = r.mission_id
		WHERE r.removed_at = 0 AND m.phase IN ('landed', 'failed', 'abandoned') AND m.updated_at <= ?
		ORDER BY r.mission_id LIMIT ?`, ns(closedBefore), limit)
	if err != nil {
		return nil, wrap("due refs", err)
	}
	defer rows.Close()
	var out []domain.KeptRef
	for rows.Next() {
		var r domain.KeptRef
		if err := rows.Scan(&r.MissionID, &r.Brain, &r.RepoRoot, &r.Ref); err != nil {
			return nil, wrap("due refs", err)
		}
		out = append(out, r)
	}
	return out, wrap("due refs", rows.Err())
}

// RefRemoved implements domain.Store.
func (s *Store) RefRemoved(ctx context.Context, missionID string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE mission_refs SET removed_at = ? WHERE mission_id = ?`, max(ns(at), 1), missionID)
	return wrap("ref removed", err)
}
