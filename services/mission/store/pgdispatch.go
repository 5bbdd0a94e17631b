package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Dispatch, leases, logs, refusals, events, debriefs, receipts, the ledger, landing targets and
// kept refs on PostgreSQL: the SQLite store's statements, rebound, with the cross-replica
// locks noted where a law needs one.

// exec runs a statement written with ? placeholders.
func (p *PG) exec(ctx context.Context, op, q string, args ...any) (sql.Result, error) {
	res, err := p.db.ExecContext(ctx, pgdb.Rebind(q), args...)
	return res, pgwrap(op, err)
}

// Spawn marks a judging mission claimable for runner and wakes runners on every replica.
func (p *PG) Spawn(ctx context.Context, missionID, runner string, expectedHead int64, now time.Time) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("spawn", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE missions SET spawned = 1, assigned_runner = $1, updated_at = $2
		WHERE mission_id = $3 AND head_seq = $4 AND phase = 'judging' AND spawned = 0`, runner, ns(now), missionID, expectedHead)
	if err != nil {
		return pgwrap("spawn", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrHeadMoved
	}
	if err := p.notify(ctx, tx, workChannel); err != nil {
		return err
	}
	return pgwrap("spawn", tx.Commit())
}

// Claimable lists spawned missions without a live lease that runner may take.
func (p *PG) Claimable(ctx context.Context, runner string, now time.Time, limit int) ([]domain.Mission, error) {
	return p.queryMissions(ctx, `SELECT `+missionCols+` FROM missions
		WHERE spawned = 1 AND (assigned_runner = '' OR assigned_runner = ? OR attempts > 0) AND lease_expires <= ?
		AND (phase IN ('judging', 'executing') OR (phase = 'merge_wait' AND rerun_requested = 1))
		ORDER BY updated_at, mission_id LIMIT ?`, runner, ns(now), limit)
}

// TakeLease gives the lease to its runner iff nobody holds the mission and the runner holds
// nothing else. The runner's advisory lock makes "holds nothing else" true across replicas
// (two replicas cannot both count zero and both grant); the mission's row lock and the
// WHERE re-checked after it make "nobody holds the mission" true.
func (p *PG) TakeLease(ctx context.Context, l domain.Lease, expectedHead int64, now time.Time) (bool, error) {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return false, pgwrap("take lease", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, lockKey("runner/"+l.RunnerID)); err != nil {
		return false, pgwrap("take lease", err)
	}
	var busy int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM missions WHERE lease_runner = $1 AND lease_expires > $2`,
		l.RunnerID, ns(now)).Scan(&busy); err != nil {
		return false, pgwrap("take lease", err)
	}
	if busy > 0 {
		return false, nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE missions SET lease_id = $1, lease_runner = $2, lease_expires = $3, attempts = $4
		WHERE mission_id = $5 AND head_seq = $6 AND lease_expires <= $7`,
		l.LeaseID, l.RunnerID, ns(l.ExpiresAt), l.Attempt, l.MissionID, expectedHead, ns(now))
	if err != nil {
		return false, pgwrap("take lease", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	return true, pgwrap("take lease", tx.Commit())
}

// RenewLease extends a live lease held by runner.
func (p *PG) RenewLease(ctx context.Context, leaseID, runner string, expires, now time.Time) (domain.Lease, error) {
	res, err := p.exec(ctx, "renew lease", `UPDATE missions SET lease_expires = ?
		WHERE lease_id = ? AND lease_runner = ? AND lease_expires > ?`, ns(expires), leaseID, runner, ns(now))
	if err != nil {
		return domain.Lease{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.Lease{}, domain.ErrLeaseNotHeld
	}
	l, _, err := p.RunnerLease(ctx, runner, now)
	return l, err
}

// RunnerLease returns runner's live lease.
func (p *PG) RunnerLease(ctx context.Context, runner string, now time.Time) (domain.Lease, bool, error) {
	var l domain.Lease
	var exp int64
	err := p.db.QueryRowContext(ctx, `SELECT lease_id, mission_id, lease_runner, lease_expires, attempts FROM missions
		WHERE lease_runner = $1 AND lease_expires > $2 LIMIT 1`, runner, ns(now)).Scan(&l.LeaseID, &l.MissionID, &l.RunnerID, &exp, &l.Attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Lease{}, false, nil
	}
	if err != nil {
		return domain.Lease{}, false, pgwrap("runner lease", err)
	}
	l.ExpiresAt = fromNS(exp)
	return l, true, nil
}

// RequestRerun marks a merge_wait mission for a fresh gate run and wakes runners everywhere.
func (p *PG) RequestRerun(ctx context.Context, missionID string) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("request rerun", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE missions SET rerun_requested = 1 WHERE mission_id = $1 AND phase = 'merge_wait'`, missionID); err != nil {
		return pgwrap("request rerun", err)
	}
	if err := p.notify(ctx, tx, workChannel); err != nil {
		return err
	}
	return pgwrap("request rerun", tx.Commit())
}

// PutLog stores a gate log; storing the same content twice is a no-op.
func (p *PG) PutLog(ctx context.Context, missionID, sha string, data []byte, runner string, at time.Time) error {
	_, err := p.exec(ctx, "put log", `INSERT INTO gate_logs(mission_id, sha256, size, content, runner, stored_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(mission_id, sha256) DO NOTHING`, missionID, sha, len(data), data, runner, ns(at))
	return err
}

// Log returns a stored gate log.
func (p *PG) Log(ctx context.Context, missionID, sha string) ([]byte, error) {
	var data []byte
	err := p.db.QueryRowContext(ctx, `SELECT content FROM gate_logs WHERE mission_id = $1 AND sha256 = $2`, missionID, sha).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNoLog
	}
	return data, pgwrap("log", err)
}

// AddRefusal logs a non-event.
func (p *PG) AddRefusal(ctx context.Context, r domain.Refusal) error {
	_, err := p.exec(ctx, "add refusal", `INSERT INTO refusals(mission_id, reason, message, by_agent, by_seat, by_brain, by_origin, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.MissionID, string(r.Reason), r.Message, r.By.AgentID, r.By.Seat, r.By.Brain, string(r.By.Origin), ns(r.At))
	return err
}

// Refusals lists a mission's logged refusals, oldest first.
func (p *PG) Refusals(ctx context.Context, missionID string) ([]domain.Refusal, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT reason, message, by_agent, by_seat, by_brain, by_origin, at FROM refusals
		WHERE mission_id = $1 ORDER BY id`, missionID)
	if err != nil {
		return nil, pgwrap("refusals", err)
	}
	defer rows.Close()
	var out []domain.Refusal
	for rows.Next() {
		r := domain.Refusal{MissionID: missionID}
		var reason, origin string
		var at int64
		if err := rows.Scan(&reason, &r.Message, &r.By.AgentID, &r.By.Seat, &r.By.Brain, &origin, &at); err != nil {
			return nil, pgwrap("refusals", err)
		}
		r.Reason, r.By.Origin, r.At = refusal.Reason(reason), principal.Origin(origin), fromNS(at)
		out = append(out, r)
	}
	return out, pgwrap("refusals", rows.Err())
}

// SetDebrief records a mission's debrief state.
func (p *PG) SetDebrief(ctx context.Context, missionID string, d domain.Debrief) error {
	_, err := p.exec(ctx, "set debrief", `UPDATE missions SET debrief_state = ?, debrief_slug = ?, debrief_error = ? WHERE mission_id = ?`,
		d.State, d.Slug, d.LastError, missionID)
	return err
}

// PendingDebriefs lists closed missions whose debrief has not reached medulla.
func (p *PG) PendingDebriefs(ctx context.Context, limit int) ([]domain.Mission, error) {
	return p.queryMissions(ctx, `SELECT `+missionCols+` FROM missions WHERE debrief_state = 'pending' ORDER BY updated_at LIMIT ?`, limit)
}

// Receipts lists a mission's landing receipts.
func (p *PG) Receipts(ctx context.Context, missionID string) ([]domain.Receipt, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT body FROM receipts WHERE mission_id = $1 ORDER BY at`, missionID)
	if err != nil {
		return nil, pgwrap("receipts", err)
	}
	defer rows.Close()
	var out []domain.Receipt
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, pgwrap("receipts", err)
		}
		var r domain.Receipt
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, pgwrap("receipts", rows.Err())
}

func pgInsertEntry(ctx context.Context, x execer, e *domain.Entry) error {
	body, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode receipt: %w", err)
	}
	_, err = x.ExecContext(ctx, pgdb.Rebind(insertEntrySQL), e.Ledger, e.ReceiptID, e.MissionID, string(body))
	return pgwrap("insert receipt", err)
}

// AddEntry implements domain.Store.
func (p *PG) AddEntry(ctx context.Context, e domain.Entry) error {
	return pgInsertEntry(ctx, p.db, &e)
}

// Ledger implements domain.Store.
func (p *PG) Ledger(ctx context.Context, f domain.LedgerFilter) ([]domain.Entry, int64, error) {
	q := `SELECT id, body FROM ledger WHERE ledger = $1 ORDER BY id DESC LIMIT $2`
	args := []any{f.Ledger, f.Limit}
	if f.Before > 0 {
		q = `SELECT id, body FROM ledger WHERE ledger = $1 AND id < $2 ORDER BY id DESC LIMIT $3`
		args = []any{f.Ledger, f.Before, f.Limit}
	}
	rows, err := p.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, pgwrap("ledger", err)
	}
	defer rows.Close()
	var out []domain.Entry
	var last int64
	for rows.Next() {
		var body string
		if err := rows.Scan(&last, &body); err != nil {
			return nil, 0, pgwrap("ledger", err)
		}
		var e domain.Entry
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			return nil, 0, fmt.Errorf("ledger: %w", err)
		}
		out = append(out, e)
	}
	return out, last, pgwrap("ledger", rows.Err())
}

// FixTarget implements domain.Store: the first branch recorded for a brain stays, whichever
// replica recorded it (the primary key decides).
func (p *PG) FixTarget(ctx context.Context, brain, branch string, at time.Time) (string, error) {
	if _, err := p.exec(ctx, "fix target", `INSERT INTO brain_targets(brain, branch, fixed_at) VALUES (?, ?, ?) ON CONFLICT (brain) DO NOTHING`,
		brain, branch, ns(at)); err != nil {
		return "", err
	}
	b, _, err := p.Target(ctx, brain)
	return b, err
}

// Target implements domain.Store.
func (p *PG) Target(ctx context.Context, brain string) (string, bool, error) {
	var b string
	err := p.db.QueryRowContext(ctx, `SELECT branch FROM brain_targets WHERE brain = $1`, brain).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return b, err == nil, pgwrap("target", err)
}

// KeepRef implements domain.Store.
func (p *PG) KeepRef(ctx context.Context, r domain.KeptRef) error {
	_, err := p.exec(ctx, "keep ref", `INSERT INTO mission_refs(mission_id, brain, repo_root, ref) VALUES (?, ?, ?, ?)
		ON CONFLICT(mission_id) DO UPDATE SET brain = excluded.brain, repo_root = excluded.repo_root, ref = excluded.ref, removed_at = 0`,
		r.MissionID, r.Brain, r.RepoRoot, r.Ref)
	return err
}

// DueRefs implements domain.Store.
func (p *PG) DueRefs(ctx context.Context, closedBefore time.Time, limit int) ([]domain.KeptRef, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT r.mission_id, r.brain, r.repo_root, r.ref FROM mission_refs r
		JOIN missions m ON m.mission_id = r.mission_id
		WHERE r.removed_at = 0 AND m.phase IN ('landed', 'failed', 'abandoned') AND m.updated_at <= $1
		ORDER BY r.mission_id LIMIT $2`, ns(closedBefore), limit)
	if err != nil {
		return nil, pgwrap("due refs", err)
	}
	defer rows.Close()
	var out []domain.KeptRef
	for rows.Next() {
		var r domain.KeptRef
		if err := rows.Scan(&r.MissionID, &r.Brain, &r.RepoRoot, &r.Ref); err != nil {
			return nil, pgwrap("due refs", err)
		}
		out = append(out, r)
	}
	return out, pgwrap("due refs", rows.Err())
}

// RefRemoved implements domain.Store.
func (p *PG) RefRemoved(ctx context.Context, missionID string, at time.Time) error {
	_, err := p.exec(ctx, "ref removed", `UPDATE mission_refs SET removed_at = ? WHERE mission_id = ?`, max(ns(at), 1), missionID)
	return err
}
