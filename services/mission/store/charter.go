package store

import (
	"context"
	"encoding/json"

	"github.com/organism-dev/organism/services/mission/domain"
)

// The field-report spool and its screenings (migration 0005).

var _ domain.ReportStore = (*Store)(nil)

// AddReport implements domain.ReportStore.
func (s *Store) AddReport(ctx context.Context, r domain.Report) (domain.Report, error) {
	by, err := json.Marshal(r.Reporter)
	if err != nil {
		return r, err
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO field_reports(report_id, class, repo, tool, what, block_id, reporter, reported_at, fingerprint)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ReportID, string(r.Class), r.Repo, r.Tool, r.What, r.BlockID, string(by), ns(r.At), r.Fingerprint)
	if err != nil {
		return r, wrap("add report", err)
	}
	if r.Seq, err = res.LastInsertId(); err != nil {
		return r, wrap("add report", err)
	}
	return r, nil
}

// Charter implements domain.ReportStore. The transaction is IMMEDIATE (sqlitedb opens every
// transaction so), so the duplicate and cap reads and the writes that depend on them happen
// with the database's one write lock held: two sweeps cannot both pass the cap.
func (s *Store) Charter(ctx context.Context, c domain.Charter) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("charter", err)
	}
	defer tx.Rollback()
	if err := s.charterChecks(ctx, tx, c); err != nil {
		return err
	}
	if err := insertMission(ctx, tx, c.Mission, c.First, c.Event, c.Entry); err != nil {
		return err
	}
	return wrap("charter", tx.Commit())
}
