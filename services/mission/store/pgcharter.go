package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/mission/domain"
)

// The field-report spool and its screenings on PostgreSQL. A report is screened once across
// replicas: the screening's primary key is the claim, and the charter composer's duplicate and
// cap reads run under the charter lock, so two sweeps on two replicas take turns as two sweeps
// in one SQLite process do under its write lock.

var charterLock = lockKey("charter")

// pgClaimScreenSQL is claimScreenSQL with its parameters typed: PostgreSQL cannot infer a
// parameter's type from an INSERT's target column through a SELECT list.
const pgClaimScreenSQL = `INSERT INTO report_screens(report_id, seq, outcome, reason, message, brain, mission_id, fingerprint, screened_at, swept_by)
	SELECT f.report_id, f.seq, $1::text, $2::text, $3::text, $4::text, $5::text, f.fingerprint, $6::bigint, $7::text
	FROM field_reports f
	WHERE f.report_id = $8 AND NOT EXISTS (SELECT 1 FROM report_screens s WHERE s.report_id = f.report_id)`

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

// Reports implements domain.ReportStore.
func (p *PG) Reports(ctx context.Context, f domain.ReportFilter) ([]domain.Report, error) {
	q := `SELECT ` + reportCols + ` FROM field_reports f LEFT JOIN report_screens s ON s.report_id = f.report_id WHERE f.seq > ?`
	args := []any{f.AfterSeq}
	switch {
	case f.Unread:
		q += ` AND s.report_id IS NULL`
	case f.Refused:
		q += ` AND s.outcome = 'refused'`
		if f.Reason != "" {
			q += ` AND s.reason = ?`
			args = append(args, string(f.Reason))
		}
	}
	q += ` ORDER BY f.seq LIMIT ?`
	args = append(args, f.Limit)
	rows, err := p.db.QueryContext(ctx, pgdb.Rebind(q), args...)
	if err != nil {
		return nil, pgwrap("reports", err)
	}
	defer rows.Close()
	var out []domain.Report
	for rows.Next() {
		var r domain.Report
		var sc domain.Screen
		var class, reporter, outcome, reason, sweptBy string
		var at, screenedAt int64
		if err := rows.Scan(&r.Seq, &r.ReportID, &class, &r.Repo, &r.Tool, &r.What, &r.BlockID, &reporter, &at, &r.Fingerprint,
			&outcome, &reason, &sc.Message, &sc.Brain, &sc.MissionID, &screenedAt, &sweptBy); err != nil {
			return nil, pgwrap("reports", err)
		}
		r.Class, r.At = domain.ReportClass(class), fromNS(at)
		if err := json.Unmarshal([]byte(reporter), &r.Reporter); err != nil {
			return nil, fmt.Errorf("report %s reporter: %w", r.ReportID, err)
		}
		if outcome != "" {
			sc.ReportID, sc.Outcome, sc.Reason, sc.Fingerprint, sc.At = r.ReportID, domain.ScreenOutcome(outcome), refusal.Reason(reason), r.Fingerprint, fromNS(screenedAt)
			if err := json.Unmarshal([]byte(sweptBy), &sc.By); err != nil {
				return nil, fmt.Errorf("report %s screen: %w", r.ReportID, err)
			}
			r.Screen = &sc
		}
		out = append(out, r)
	}
	return out, pgwrap("reports", rows.Err())
}

// pgClaimScreen writes sc inside tx; domain.ErrScreened when the report already has a
// screening (found, or committed by another replica while this one inserted: the primary key),
// domain.ErrNoReport when the spool has no such report.
func pgClaimScreen(ctx context.Context, tx *sql.Tx, sc domain.Screen) error {
	by, err := json.Marshal(sc.By)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, pgClaimScreenSQL, string(sc.Outcome), string(sc.Reason), sc.Message, sc.Brain, sc.MissionID,
		ns(sc.At), string(by), sc.ReportID)
	if pgdb.IsUnique(err) {
		return domain.ErrScreened
	}
	if err != nil {
		return pgwrap("claim report", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var one int
	err = tx.QueryRowContext(ctx, `SELECT 1 FROM field_reports WHERE report_id = $1`, sc.ReportID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNoReport
	}
	if err != nil {
		return pgwrap("claim report", err)
	}
	return domain.ErrScreened
}

// Refuse implements domain.ReportStore: the screening and its rejection receipt, together.
func (p *PG) Refuse(ctx context.Context, sc domain.Screen, e *domain.Entry) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("refuse report", err)
	}
	defer tx.Rollback()
	if err := pgClaimScreen(ctx, tx, sc); err != nil {
		return err
	}
	if e != nil {
		if err := pgInsertEntry(ctx, tx, e); err != nil {
			return err
		}
	}
	return pgwrap("refuse report", tx.Commit())
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
	var screened int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM report_screens WHERE report_id = $1`, c.Screen.ReportID).Scan(&screened); err != nil {
		return pgwrap("charter", err)
	}
	if screened > 0 {
		return domain.ErrScreened
	}
	var prior string
	err = tx.QueryRowContext(ctx, `SELECT mission_id FROM report_screens WHERE outcome = 'chartered' AND fingerprint = $1 ORDER BY seq LIMIT 1`,
		c.Screen.Fingerprint).Scan(&prior)
	switch {
	case err == nil:
		return &domain.DuplicateError{MissionID: prior}
	case !errors.Is(err, sql.ErrNoRows):
		return pgwrap("charter", err)
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(openPhases)), ",")
	args := []any{c.Screen.Brain}
	for _, ph := range openPhases {
		args = append(args, string(ph))
	}
	var open int
	if err := tx.QueryRowContext(ctx, pgdb.Rebind(`SELECT COUNT(*) FROM report_screens s JOIN missions m ON m.mission_id = s.mission_id
		WHERE s.outcome = 'chartered' AND s.brain = ? AND m.phase IN (`+marks+`)`), args...).Scan(&open); err != nil {
		return pgwrap("charter", err)
	}
	if open >= c.Cap {
		return &domain.CapError{Open: open}
	}
	if err := pgClaimScreen(ctx, tx, c.Screen); err != nil {
		return err
	}
	if err := p.insertMission(ctx, tx, c.Mission, c.First, c.Event, c.Entry); err != nil {
		return err
	}
	return pgwrap("charter", tx.Commit())
}

// RefusalCounts implements domain.ReportStore.
func (p *PG) RefusalCounts(ctx context.Context) (map[refusal.Reason]int64, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT reason, COUNT(*) FROM report_screens WHERE outcome = 'refused' GROUP BY reason`)
	if err != nil {
		return nil, pgwrap("refusal counts", err)
	}
	defer rows.Close()
	out := map[refusal.Reason]int64{}
	for rows.Next() {
		var r string
		var n int64
		if err := rows.Scan(&r, &n); err != nil {
			return nil, pgwrap("refusal counts", err)
		}
		out[refusal.Reason(r)] = n
	}
	return out, pgwrap("refusal counts", rows.Err())
}
