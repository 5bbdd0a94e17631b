package store

import (
	"context"
	"time"

	"github.com/organism-dev/organism/services/mission/domain"
)

// Spawn marks a judging mission claimable for runner.
func (s *Store) Spawn(ctx context.Context, missionID, runner string, expectedHead int64, now time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE missions SET spawned = 1, assigned_runner = ?, updated_at = ?
		WHERE mission_id = ? AND head_seq = ? AND phase = 'judging' AND spawned = 0`, runner, ns(now), missionID, expectedHead)
	if err != nil {
		return wrap("spawn", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrHeadMoved
	}
	return nil
}

// TakeLease gives the lease to its runner iff nobody holds the mission and the runner holds
// nothing else, all inside one immediate transaction.
func (s *Store) TakeLease(ctx context.Context, l domain.Lease, expectedHead int64, now time.Time) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, wrap("take lease", err)
	}
	defer tx.Rollback()
	var busy int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM missions WHERE lease_runner = ? AND lease_expires > ?`,
		l.RunnerID, ns(now)).Scan(&busy); err != nil {
		return false, wrap("take lease", err)
	}
	if busy > 0 {
		return false, nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE missions SET lease_id = ?, lease_runner = ?, lease_expires = ?, attempts = ?
		WHERE mission_id = ? AND head_seq = ? AND lease_expires <= ?`,
		l.LeaseID, l.RunnerID, ns(l.ExpiresAt), l.Attempt, l.MissionID, expectedHead, ns(now))
	if err != nil {
		return false, wrap("take lease", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	return true, wrap("take lease", tx.Commit())
}

// RequestRerun marks a merge_wait mission for a fresh gate run.
func (s *Store) RequestRerun(ctx context.Context, missionID string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE missions SET rerun_requested = 1 WHERE mission_id = ? AND phase = 'merge_wait'`, missionID)
	return wrap("request rerun", err)
}

// Events lists stored board events after cursor.
func (s *Store) Events(ctx context.Context, brain string, after int64, limit int) ([]domain.BoardEvent, error) {
	q, args := eventsQuery("", brain, after, limit)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, wrap("events", err)
	}
	defer rows.Close()
	var out []domain.BoardEvent
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, wrap("events", err)
		}
		out = append(out, e)
	}
	return out, wrap("events", rows.Err())
}
