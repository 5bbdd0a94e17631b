package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Leases, logs, refusals, debriefs, receipts, the ledger, landing targets and kept refs: the
// statements both backends share (see shared).

// Claimable lists spawned missions without a live lease that runner may take: fresh judging
// missions spawned to it, and, from any runner, executing missions whose runner died and
// merge_wait missions asked to re-run (the domain checks the runner serves the brain).
func (s shared) Claimable(ctx context.Context, runner string, now time.Time, limit int) ([]domain.Mission, error) {
	return s.queryMissions(ctx, `SELECT `+missionCols+` FROM missions
		WHERE spawned = 1 AND (assigned_runner = '' OR assigned_runner = ? OR attempts > 0) AND lease_expires <= ?
		AND (phase IN ('judging', 'executing') OR (phase = 'merge_wait' AND rerun_requested = 1))
		ORDER BY updated_at, mission_id LIMIT ?`, runner, ns(now), limit)
}

// RenewLease extends a live lease held by runner.
func (s shared) RenewLease(ctx context.Context, leaseID, runner string, expires, now time.Time) (domain.Lease, error) {
	res, err := s.exec(ctx, "renew lease", `UPDATE missions SET lease_expires = ?
		WHERE lease_id = ? AND lease_runner = ? AND lease_expires > ?`, ns(expires), leaseID, runner, ns(now))
	if err != nil {
		return domain.Lease{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Lease{}, domain.ErrLeaseNotHeld
	}
	l, _, err := s.RunnerLease(ctx, runner, now)
	return l, err
}

// RunnerLease returns runner's live lease.
func (s shared) RunnerLease(ctx context.Context, runner string, now time.Time) (domain.Lease, bool, error) {
	var l domain.Lease
	var exp int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT lease_id, mission_id, lease_runner, lease_expires, attempts FROM missions
		WHERE lease_runner = ? AND lease_expires > ? LIMIT 1`), runner, ns(now)).Scan(&l.LeaseID, &l.MissionID, &l.RunnerID, &exp, &l.Attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Lease{}, false, nil
	}
	if err != nil {
		return domain.Lease{}, false, s.wrap("runner lease", err)
	}
	l.ExpiresAt = fromNS(exp)
	return l, true, nil
}

// PutLog stores a gate log; storing the same content twice is a no-op.
func (s shared) PutLog(ctx context.Context, missionID, sha string, data []byte, runner string, at time.Time) error {
	_, err := s.exec(ctx, "put log", `INSERT INTO gate_logs(mission_id, sha256, size, content, runner, stored_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(mission_id, sha256) DO NOTHING`, missionID, sha, len(data), data, runner, ns(at))
	return err
}

// Log returns a stored gate log.
func (s shared) Log(ctx context.Context, missionID, sha string) ([]byte, error) {
	var data []byte
	err := s.db.QueryRowContext(ctx, s.q(`SELECT content FROM gate_logs WHERE mission_id = ? AND sha256 = ?`), missionID, sha).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNoLog
	}
	return data, s.wrap("log", err)
}

// AddRefusal logs a non-event.
func (s shared) AddRefusal(ctx context.Context, r domain.Refusal) error {
	_, err := s.exec(ctx, "add refusal", `INSERT INTO refusals(mission_id, reason, message, by_agent, by_seat, by_brain, by_origin, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.MissionID, string(r.Reason), r.Message, r.By.AgentID, r.By.Seat, r.By.Brain, string(r.By.Origin), ns(r.At))
	return err
}

// Refusals lists a mission's logged refusals, oldest first.
func (s shared) Refusals(ctx context.Context, missionID string) ([]domain.Refusal, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT reason, message, by_agent, by_seat, by_brain, by_origin, at FROM refusals
		WHERE mission_id = ? ORDER BY id`), missionID)
	if err != nil {
		return nil, s.wrap("refusals", err)
	}
	defer rows.Close()
	var out []domain.Refusal
	for rows.Next() {
		r := domain.Refusal{MissionID: missionID}
		var reason, origin string
		var at int64
		if err := rows.Scan(&reason, &r.Message, &r.By.AgentID, &r.By.Seat, &r.By.Brain, &origin, &at); err != nil {
			return nil, s.wrap("refusals", err)
		}
		r.Reason, r.By.Origin, r.At = refusal.Reason(reason), principal.Origin(origin), fromNS(at)
		out = append(out, r)
	}
	return out, s.wrap("refusals", rows.Err())
}

// SetDebrief records a mission's debrief state.
func (s shared) SetDebrief(ctx context.Context, missionID string, d domain.Debrief) error {
	_, err := s.exec(ctx, "set debrief", `UPDATE missions SET debrief_state = ?, debrief_slug = ?, debrief_error = ? WHERE mission_id = ?`,
		d.State, d.Slug, d.LastError, missionID)
	return err
}

// PendingDebriefs lists closed missions whose debrief has not reached medulla.
func (s shared) PendingDebriefs(ctx context.Context, limit int) ([]domain.Mission, error) {
	return s.queryMissions(ctx, `SELECT `+missionCols+` FROM missions WHERE debrief_state = 'pending' ORDER BY updated_at LIMIT ?`, limit)
}

// Receipts lists a mission's landing receipts.
func (s shared) Receipts(ctx context.Context, missionID string) ([]domain.Receipt, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT body FROM receipts WHERE mission_id = ? ORDER BY at`), missionID)
	if err != nil {
		return nil, s.wrap("receipts", err)
	}
	defer rows.Close()
	var out []domain.Receipt
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, s.wrap("receipts", err)
		}
		var r domain.Receipt
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, s.wrap("receipts", rows.Err())
}

// Ledger implements domain.Store.
func (s shared) Ledger(ctx context.Context, f domain.LedgerFilter) ([]domain.Entry, int64, error) {
	q := `SELECT id, body FROM ledger WHERE ledger = ? ORDER BY id DESC LIMIT ?`
	args := []any{f.Ledger, f.Limit}
	if f.Before > 0 {
		q = `SELECT id, body FROM ledger WHERE ledger = ? AND id < ? ORDER BY id DESC LIMIT ?`
		args = []any{f.Ledger, f.Before, f.Limit}
	}
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, 0, s.wrap("ledger", err)
	}
	defer rows.Close()
	var out []domain.Entry
	var last int64
	for rows.Next() {
		var body string
		if err := rows.Scan(&last, &body); err != nil {
			return nil, 0, s.wrap("ledger", err)
		}
		var e domain.Entry
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			return nil, 0, fmt.Errorf("ledger: %w", err)
		}
		out = append(out, e)
	}
	return out, last, s.wrap("ledger", rows.Err())
}

// FixTarget implements domain.Store: the first branch recorded for a brain stays, whichever
// process recorded it (the primary key decides).
func (s shared) FixTarget(ctx context.Context, brain, branch string, at time.Time) (string, error) {
	if _, err := s.exec(ctx, "fix target", `INSERT INTO brain_targets(brain, branch, fixed_at) VALUES (?, ?, ?) ON CONFLICT (brain) DO NOTHING`,
		brain, branch, ns(at)); err != nil {
		return "", err
	}
	b, _, err := s.Target(ctx, brain)
	return b, err
}

// Target implements domain.Store.
func (s shared) Target(ctx context.Context, brain string) (string, bool, error) {
	var b string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT branch FROM brain_targets WHERE brain = ?`), brain).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return b, err == nil, s.wrap("target", err)
}

// KeepRef implements domain.Store.
func (s shared) KeepRef(ctx context.Context, r domain.KeptRef) error {
	_, err := s.exec(ctx, "keep ref", `INSERT INTO mission_refs(mission_id, brain, repo_root, ref) VALUES (?, ?, ?, ?)
		ON CONFLICT(mission_id) DO UPDATE SET brain = excluded.brain, repo_root = excluded.repo_root, ref = excluded.ref, removed_at = 0`,
		r.MissionID, r.Brain, r.RepoRoot, r.Ref)
	return err
}

// DueRefs implements domain.Store.
func (s shared) DueRefs(ctx context.Context, closedBefore time.Time, limit int) ([]domain.KeptRef, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT r.mission_id, r.brain, r.repo_root, r.ref FROM mission_refs r
		JOIN missions m ON m.mission_id = r.mission_id
		WHERE r.removed_at = 0 AND m.phase IN ('landed', 'failed', 'abandoned') AND m.updated_at <= ?
		ORDER BY r.mission_id LIMIT ?`), ns(closedBefore), limit)
	if err != nil {
		return nil, s.wrap("due refs", err)
	}
	defer rows.Close()
	var out []domain.KeptRef
	for rows.Next() {
		var r domain.KeptRef
		if err := rows.Scan(&r.MissionID, &r.Brain, &r.RepoRoot, &r.Ref); err != nil {
			return nil, s.wrap("due refs", err)
		}
		out = append(out, r)
	}
	return out, s.wrap("due refs", rows.Err())
}

// RefRemoved implements domain.Store.
func (s shared) RefRemoved(ctx context.Context, missionID string, at time.Time) error {
	_, err := s.exec(ctx, "ref removed", `UPDATE mission_refs SET removed_at = ? WHERE mission_id = ?`, max(ns(at), 1), missionID)
	return err
}

// eventsQuery is the read of up to limit board events after cursor (of brain, unless empty),
// with ? placeholders; extra adds columns after the event's own.
func eventsQuery(extra, brain string, after int64, limit int) (string, []any) {
	q := `SELECT cursor, mission_id, brain, seq, kind, from_phase, to_phase, at` + extra + ` FROM board_events WHERE cursor > ?`
	args := []any{after}
	if brain != "" {
		q += ` AND brain = ?`
		args = append(args, brain)
	}
	return q + ` ORDER BY cursor LIMIT ?`, append(args, limit)
}

// scanEvent reads one row of eventsQuery, and its extra columns into extra.
func scanEvent(rows *sql.Rows, extra ...any) (domain.BoardEvent, error) {
	var e domain.BoardEvent
	var kind, from, to string
	var at int64
	if err := rows.Scan(append([]any{&e.Cursor, &e.MissionID, &e.Brain, &e.Seq, &kind, &from, &to, &at}, extra...)...); err != nil {
		return e, err
	}
	e.Kind, e.From, e.To, e.At = domain.EventKind(kind), domain.Phase(from), domain.Phase(to), fromNS(at)
	return e, nil
}
