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
	"github.com/organism-dev/organism/services/presence/domain"
)

const receiptColumns = `seq, id, ledger, kind, proposal_id, brain, effect, subject, gates, reason, message, details,
	by_agent, by_seat, by_brain, by_origin, at, count, last_at, coalesce_key`

const receiptSQL = `INSERT INTO receipts (id, ledger, kind, proposal_id, brain, effect, subject, gates,
		reason, message, details, by_agent, by_seat, by_brain, by_origin, at, count, last_at, coalesce_key)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

func (s *Store) appendReceipt(ctx context.Context, tx *sql.Tx, r *domain.Receipt) error {
	if r == nil {
		return nil
	}
	gates, err := json.Marshal(r.Gates)
	if err != nil {
		return err
	}
	details, err := json.Marshal(r.Details)
	if err != nil {
		return err
	}
	_, err = tx.StmtContext(ctx, s.receiptStmt).ExecContext(ctx,
		r.ID, r.Ledger, string(r.Kind), r.ProposalID, r.Brain, r.Effect, r.Subject, string(gates),
		string(r.Reason), r.Message, string(details), r.By.AgentID, r.By.Seat, r.By.Brain, string(r.By.Origin),
		r.At.UnixNano(), max(r.Count, 1), r.LastAt.UnixNano(), r.Key)
	return err
}

// RecordRefusal appends rc or counts it into the receipt of the same key first written at or
// after since (see domain.Store).
func (s *Store) RecordRefusal(ctx context.Context, rc domain.Receipt, since time.Time) (string, error) {
	id := rc.ID
	err := s.inTx(ctx, "record refusal", func(tx *sql.Tx) error {
		var seq int64
		err := tx.QueryRowContext(ctx, s.q(`SELECT seq, id FROM receipts WHERE ledger = ? AND coalesce_key = ? AND at >= ?
			ORDER BY at DESC LIMIT 1`), rc.Ledger, rc.Key, since.UnixNano()).Scan(&seq, &id)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			id = rc.ID
			return s.appendReceipt(ctx, tx, &rc)
		case err != nil:
			return err
		}
		bump := `UPDATE receipts SET count = count + 1, last_at = MAX(last_at, ?) WHERE seq = ?`
		if s.pg {
			bump = `UPDATE receipts SET count = count + 1, last_at = GREATEST(last_at, $1) WHERE seq = $2`
		}
		_, err = tx.ExecContext(ctx, bump, rc.At.UnixNano(), seq)
		return err
	})
	return id, err
}

// Receipts returns up to limit receipts of ledger below seq before (0: from the newest), newest first.
func (s *Store) Receipts(ctx context.Context, ledger string, before int64, limit int) ([]domain.Receipt, error) {
	q := `SELECT ` + receiptColumns + ` FROM receipts WHERE ledger = ?`
	args := []any{ledger}
	if before > 0 {
		q += ` AND seq < ?`
		args = append(args, before)
	}
	q += ` ORDER BY seq DESC LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, wrap("receipts", err)
	}
	defer rows.Close()
	var out []domain.Receipt
	for rows.Next() {
		var r domain.Receipt
		var kind, gates, reason, details, origin string
		var at, lastAt int64
		if err := rows.Scan(&r.Seq, &r.ID, &r.Ledger, &kind, &r.ProposalID, &r.Brain, &r.Effect, &r.Subject, &gates,
			&reason, &r.Message, &details, &r.By.AgentID, &r.By.Seat, &r.By.Brain, &origin, &at, &r.Count, &lastAt, &r.Key); err != nil {
			return nil, wrap("receipts", err)
		}
		r.Kind, r.Reason, r.By.Origin = domain.ReceiptKind(kind), refusal.Reason(reason), principal.Origin(origin)
		r.At, r.LastAt = time.Unix(0, at).UTC(), time.Unix(0, lastAt).UTC()
		if err := json.Unmarshal([]byte(gates), &r.Gates); err != nil {
			return nil, fmt.Errorf("receipt %s: gates: %w", r.ID, err)
		}
		if err := json.Unmarshal([]byte(details), &r.Details); err != nil {
			return nil, fmt.Errorf("receipt %s: details: %w", r.ID, err)
		}
		out = append(out, r)
	}
	return out, wrap("receipts", rows.Err())
}
