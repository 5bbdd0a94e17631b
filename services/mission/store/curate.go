package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

func decodeCuration(body string) (domain.Curation, error) {
	var c domain.Curation
	if err := json.Unmarshal([]byte(body), &c); err != nil {
		return domain.Curation{}, fmt.Errorf("decode curation: %w", err)
	}
	return c, nil
}

// CreateCuration implements domain.SkeletonStore: the curation and its mission chain are one
// transaction, so a curation refused for a busy lease leaves no chain behind.
func (s *Store) CreateCuration(ctx context.Context, c domain.Curation, m domain.Mission, first domain.Letter, ev domain.BoardEvent, entry *domain.Entry) error {
	body, err := json.Marshal(c)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("create curation", err)
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, `INSERT INTO curations(curation_id, brain, state, lease_id, created_at, body) VALUES (?, ?, ?, ?, ?, ?)`,
		c.CurationID, c.Brain, string(c.State), c.LeaseID, ns(c.CreatedAt), string(body))
	if sqlitedb.IsConstraint(err) {
		return domain.ErrCurationBusy
	}
	if err != nil {
		return wrap("create curation", err)
	}
	if err := insertMission(ctx, tx, m, first, ev, entry); err != nil {
		return err
	}
	return wrap("create curation", tx.Commit())
}

// Curations implements domain.SkeletonStore.
func (s *Store) Curations(ctx context.Context, brain string, before *domain.CurationCursor, limit int) ([]domain.Curation, error) {
	q, args := `SELECT body FROM curations WHERE brain = ? ORDER BY created_at DESC, curation_id DESC LIMIT ?`, []any{brain, limit}
	if before != nil {
		q = `SELECT body FROM curations WHERE brain = ? AND (created_at < ? OR (created_at = ? AND curation_id < ?))
			ORDER BY created_at DESC, curation_id DESC LIMIT ?`
		at := ns(before.CreatedAt)
		args = []any{brain, at, at, before.CurationID, limit}
	}
	return bodies(ctx, s.shared, "curations", decodeCuration, q, args...)
}

// UpdateCuration implements domain.SkeletonStore.
func (s *Store) UpdateCuration(ctx context.Context, c domain.Curation, from domain.CurationState, prevLease string, entry *domain.Entry) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("update curation", err)
	}
	defer tx.Rollback()
	if err := updateCuration(ctx, tx, c, from, prevLease); err != nil {
		return err
	}
	if entry != nil {
		if err := insertEntry(ctx, tx, entry); err != nil {
			return err
		}
	}
	return wrap("update curation", tx.Commit())
}

func updateCuration(ctx context.Context, tx *sql.Tx, c domain.Curation, from domain.CurationState, prevLease string) error {
	body, err := json.Marshal(c)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE curations SET state = ?, lease_id = ?, body = ? WHERE curation_id = ? AND state = ? AND lease_id = ?`,
		string(c.State), c.LeaseID, string(body), c.CurationID, string(from), prevLease)
	if err != nil {
		return wrap("update curation", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrCurationMoved
	}
	return nil
}
