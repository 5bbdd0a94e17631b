package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
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

// Claimable lists spawned missions without a live lease that runner may take: fresh judging
// missions spawned to it, and, from any runner, executing missions whose runner died and
// merge_wait missions asked to re-run (the domain checks the runner serves the brain).
func (s *Store) Claimable(ctx context.Context, runner string, now time.Time, limit int) ([]domain.Mission, error) {
	return s.queryMissions(ctx, `SELECT `+missionCols+` FROM missions
		WHERE spawned = 1 AND (assigned_runner = '' OR assigned_runner = ? OR attempts > 0) AND lease_expires <= ?
		AND (phase IN ('judging', 'executing') OR (phase = 'merge_wait' AND rerun_requested = 1))
		ORDER BY updated_at, mission_id LIMIT ?`, runner, ns(now), limit)
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

// RenewLease extends a live lease held by runner.
func (s *Store) RenewLease(ctx context.Context, leaseID, runner string, expires, now time.Time) (domain.Lease, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE missions SET lease_expires = ?
		WHERE lease_id = ? AND lease_runner = ? AND lease_expires > ?`, ns(expires), leaseID, runner, ns(now))
	if err != nil {
		return domain.Lease{}, wrap("renew lease", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Lease{}, domain.ErrLeaseNotHeld
	}
	l, _, err := s.RunnerLease(ctx, runner, now)
	return l, err
}

// RunnerLease returns runner's live lease.
func (s *Store) RunnerLease(ctx context.Context, runner string, now time.Time) (domain.Lease, bool, error) {
	var l domain.Lease
	var exp int64
	err := s.db.QueryRowContext(ctx, `SELECT lease_id, mission_id, lease_runner, lease_expires, attempts FROM missions
		WHERE lease_runner = ? AND lease_expires > ? LIMIT 1`, runner, ns(now)).Scan(&l.LeaseID, &l.MissionID, &l.RunnerID, &exp, &l.Attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Lease{}, false, nil
	}
	if err != nil {
		return domain.Lease{}, false, wrap("runner lease", err)
	}
	l.ExpiresAt = fromNS(exp)
	return l, true, nil
}

// RequestRerun marks a merge_wait mission for a fresh gate run.
func (s *Store) RequestRerun(ctx context.Context, missionID string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE missions SET rerun_requested = 1 WHERE mission_id = ? AND phase = 'merge_wait'`, missionID)
	return wrap("request rerun", err)
}

// PutLog stores a gate log; storing the same content twice is a no-op.
func (s *Store) PutLog(ctx context.Context, missionID, sha string, data []byte, runner string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO gate_logs(mission_id, sha256, size, content, runner, stored_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(mission_id, sha256) DO NOTHING`, missionID, sha, len(data), data, runner, ns(at))
	return wrap("put log", err)
}

// Log returns a stored gate log.
func (s *Store) Log(ctx context.Context, missionID, sha string) ([]byte, error) {
	var data []byte
	err := s.db.QueryRowContext(ctx, `SELECT content FROM gate_logs WHERE mission_id = ? AND sha256 = ?`, missionID, sha).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNoLog
	}
	return data, wrap("log", err)
}

// AddRefusal logs a non-event.
func (s *Store) AddRefusal(ctx context.Context, r domain.Refusal) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO refusals(mission_id, reason, message, by_agent, by_seat, by_brain, by_origin, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.MissionID, string(r.Reason), r.Message, r.By.AgentID, r.By.Seat, r.By.Brain, string(r.By.Origin), ns(r.At))
	return wrap("add refusal", err)
}

// Refusals lists a mission's logged refusals, oldest first.
func (s *Store) Refusals(ctx context.Context, missionID string) ([]domain.Refusal, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT reason, message, by_agent, by_seat, by_brain, by_origin, at FROM refusals
		WHERE mission_id = ? ORDER BY id`, missionID)
	if err != nil {
		return nil, wrap("refusals", err)
	}
	defer rows.Close()
	var out []domain.Refusal
	for rows.Next() {
		r := domain.Refusal{MissionID: missionID}
		var reason, origin string
		var at int64
		if err := rows.Scan(&reason, &r.Message, &r.By.AgentID, &r.By.Seat, &r.By.Brain, &origin, &at); err != nil {
			return nil, wrap("refusals", err)
		}
		r.Reason, r.By.Origin, r.At = refusal.Reason(reason), principal.Origin(origin), fromNS(at)
		out = append(out, r)
	}
	return out, wrap("refusals", rows.Err())
}

// Events lists stored board events after cursor.
func (s *Store) Events(ctx context.Context, brain string, after int64, limit int) ([]domain.BoardEvent, error) {
	q := `SELECT cursor, mission_id, brain, seq, kind, from_phase, to_phase, at FROM board_events WHERE cursor > ?`
	args := []any{after}
	if brain != "" {
		q += ` AND brain = ?`
		args = append(args, brain)
	}
	q += ` ORDER BY cursor LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, wrap("events", err)
	}
	defer rows.Close()
	var out []domain.BoardEvent
	for rows.Next() {
		var e domain.BoardEvent
		var kind, from, to string
		var at int64
		if err := rows.Scan(&e.Cursor, &e.MissionID, &e.Brain, &e.Seq, &kind, &from, &to, &at); err != nil {
			return nil, wrap("events", err)
		}
		e.Kind, e.From, e.To, e.At = domain.EventKind(kind), domain.Phase(from), domain.Phase(to), fromNS(at)
		out = append(out, e)
	}
	return out, wrap("events", rows.Err())
}

// SetDebrief records a mission's debrief state.
func (s *Store) SetDebrief(ctx context.Context, missionID string, d domain.Debrief) error {
	_, err := s.db.ExecContext(ctx, `UPDATE missions SET debrief_state = ?, debrief_slug = ?, debrief_error = ? WHERE mission_id = ?`,
		d.State, d.Slug, d.LastError, missionID)
	return wrap("set debrief", err)
}

// PendingDebriefs lists closed missions whose debrief has not reached medulla.
func (s *Store) PendingDebriefs(ctx context.Context, limit int) ([]domain.Mission, error) {
	return s.queryMissions(ctx, `SELECT `+missionCols+` FROM missions WHERE debrief_state = 'pending' ORDER BY updated_at LIMIT ?`, limit)
}

// Receipts lists a mission's landing receipts.
func (s *Store) Receipts(ctx context.Context, missionID string) ([]domain.Receipt, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT body FROM receipts WHERE mission_id = ? ORDER BY at`, missionID)
	if err != nil {
		return nil, wrap("receipts", err)
	}
	defer rows.Close()
	var out []domain.Receipt
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, wrap("receipts", err)
		}
		var r domain.Receipt
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, wrap("receipts", rows.Err())
}
