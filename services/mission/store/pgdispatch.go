package store

import (
	"context"
	"time"

	"github.com/organism-dev/organism/services/mission/domain"
)

// Dispatch, leases, logs, refusals, events, debriefs, receipts, the ledger, landing targets and
// kept refs on PostgreSQL: the SQLite store's statements, rebound, with the cross-replica
// locks noted where a law needs one.

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
