package store

import (
	"context"
	"encoding/json"

	"github.com/organism-dev/organism/services/mission/domain"
)

// The field-report spool and its screenings on PostgreSQL. A report is screened once across
// replicas: the screening's primary key is the claim, and the charter composer's duplicate and
// cap reads run under the charter lock, so two sweeps on two replicas take turns as two sweeps
// in one SQLite process do under its write lock.

var charterLock = lockKey("charter")

// AddReport implements domain.ReportStore.
func (p *PG) AddReport(ctx context.Context, r domain.Report) (domain.Report, error) {
	by, err := json.Marshal(r.Reporter)
	if err != nil {
		return r, err
	}
	err = p.db.QueryRowContext(ctx, `INSERT INTO field_reports(report_id, class, repo, tool, what, block_id, reporter, reported_at, fingerprint)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING seq`, r.ReportID, string(r.Class), r.Repo, r.Tool, r.What, r.BlockID, string(by),
		ns(r.At), r.Fingerprint).Scan(&r.Seq)
	return r, pgwrap("add report", err)
}

// Charter implements domain.ReportStore. The charter lock is taken first and held to COMMIT,
// so the duplicate and cap reads and the writes that depend on them are one replica's at a
// time: two sweeps cannot both pass the cap or both charter one fingerprint.
func (p *PG) Charter(ctx context.Context, c domain.Charter) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("charter", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, charterLock); err != nil {
		return pgwrap("charter", err)
	}
	if err := p.charterChecks(ctx, tx, c); err != nil {
		return err
	}
	if err := p.insertMission(ctx, tx, c.Mission, c.First, c.Event, c.Entry); err != nil {
		return err
	}
	return pgwrap("charter", tx.Commit())
}
