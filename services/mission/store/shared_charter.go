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
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// The field-report spool and its screenings: the statements both backends share (see shared).

const reportCols = `f.seq, f.report_id, f.class, f.repo, f.tool, f.what, f.block_id, f.reporter, f.reported_at, f.fingerprint,
	COALESCE(s.outcome, ''), COALESCE(s.reason, ''), COALESCE(s.message, ''), COALESCE(s.brain, ''), COALESCE(s.mission_id, ''),
	COALESCE(s.screened_at, 0), COALESCE(s.swept_by, '')`

// Reports implements domain.ReportStore.
func (s shared) Reports(ctx context.Context, f domain.ReportFilter) ([]domain.Report, error) {
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
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, s.wrap("reports", err)
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
			return nil, s.wrap("reports", err)
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
	return out, s.wrap("reports", rows.Err())
}

// claimScreenSQL records a report's screening only where it has none: the claim is in the
// WHERE, as a chain append's compare-and-swap is, so a lost race writes nothing and says so
// (no row inserted) instead of failing on the primary key. The parameters are CAST because
// PostgreSQL cannot infer their types through a SELECT list.
const claimScreenSQL = `INSERT INTO report_screens(report_id, seq, outcome, reason, message, brain, mission_id, fingerprint, screened_at, swept_by)
	SELECT f.report_id, f.seq, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), f.fingerprint,
		CAST(? AS BIGINT), CAST(? AS TEXT)
	FROM field_reports f
	WHERE f.report_id = ? AND NOT EXISTS (SELECT 1 FROM report_screens s WHERE s.report_id = f.report_id)`

// claimScreen writes sc inside tx; domain.ErrScreened when the report already has a screening
// (found, or, on PostgreSQL, committed by another replica while this one inserted: the primary
// key), domain.ErrNoReport when the spool has no such report.
func (s shared) claimScreen(ctx context.Context, tx *sql.Tx, sc domain.Screen) error {
	by, err := json.Marshal(sc.By)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, s.q(claimScreenSQL), string(sc.Outcome), string(sc.Reason), sc.Message, sc.Brain, sc.MissionID,
		ns(sc.At), string(by), sc.ReportID)
	if (s.pg && pgdb.IsUnique(err)) || (!s.pg && sqlitedb.IsUnique(err)) {
		return domain.ErrScreened
	}
	if err != nil {
		return s.wrap("claim report", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var one int
	err = tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM field_reports WHERE report_id = ?`), sc.ReportID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNoReport
	}
	if err != nil {
		return s.wrap("claim report", err)
	}
	return domain.ErrScreened
}

// Refuse implements domain.ReportStore: the screening and its rejection receipt, together.
func (s shared) Refuse(ctx context.Context, sc domain.Screen, e *domain.Entry) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap("refuse report", err)
	}
	defer tx.Rollback()
	if err := s.claimScreen(ctx, tx, sc); err != nil {
		return err
	}
	if e != nil {
		if err := insertEntryOn(ctx, tx, s.pg, e); err != nil {
			return err
		}
	}
	return s.wrap("refuse report", tx.Commit())
}

// openPhases are the phases in which an auto-chartered mission counts against its brain's cap.
var openPhases = []domain.Phase{domain.PhaseJudging, domain.PhaseExecuting, domain.PhaseMergeWait}

// charterChecks are a charter's reads inside its transaction, once the backend holds what
// makes them stable until COMMIT (SQLite's write lock, PostgreSQL's charter lock): the report
// is unscreened (domain.ErrScreened), no report with its fingerprint was chartered
// (*domain.DuplicateError), and the brain is under its cap (*domain.CapError); then the claim.
func (s shared) charterChecks(ctx context.Context, tx *sql.Tx, c domain.Charter) error {
	var screened int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM report_screens WHERE report_id = ?`), c.Screen.ReportID).Scan(&screened); err != nil {
		return s.wrap("charter", err)
	}
	if screened > 0 {
		return domain.ErrScreened
	}
	var prior string
	err := tx.QueryRowContext(ctx, s.q(`SELECT mission_id FROM report_screens WHERE outcome = 'chartered' AND fingerprint = ? ORDER BY seq LIMIT 1`),
		c.Screen.Fingerprint).Scan(&prior)
	switch {
	case err == nil:
		return &domain.DuplicateError{MissionID: prior}
	case !errors.Is(err, sql.ErrNoRows):
		return s.wrap("charter", err)
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(openPhases)), ",")
	args := []any{c.Screen.Brain}
	for _, p := range openPhases {
		args = append(args, string(p))
	}
	var open int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM report_screens s JOIN missions m ON m.mission_id = s.mission_id
		WHERE s.outcome = 'chartered' AND s.brain = ? AND m.phase IN (`+marks+`)`), args...).Scan(&open); err != nil {
		return s.wrap("charter", err)
	}
	if open >= c.Cap {
		return &domain.CapError{Open: open}
	}
	return s.claimScreen(ctx, tx, c.Screen)
}

// RefusalCounts implements domain.ReportStore.
func (s shared) RefusalCounts(ctx context.Context) (map[refusal.Reason]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT reason, COUNT(*) FROM report_screens WHERE outcome = 'refused' GROUP BY reason`)
	if err != nil {
		return nil, s.wrap("refusal counts", err)
	}
	defer rows.Close()
	out := map[refusal.Reason]int64{}
	for rows.Next() {
		var r string
		var n int64
		if err := rows.Scan(&r, &n); err != nil {
			return nil, s.wrap("refusal counts", err)
		}
		out[refusal.Reason(r)] = n
	}
	return out, s.wrap("refusal counts", rows.Err())
}
