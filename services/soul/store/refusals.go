package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/organism-dev/organism/services/soul/domain"
)

// RecordRefusal records a refusal receipt of the security ledger: when a refusal with the same
// key was first recorded after since, that receipt's count and newest time grow and its
// id is returned; else r is appended as a new receipt with a count of one. The caller
// serializes calls with one key (transport's door does), so a window holds one receipt per key.
func (s *Store) RecordRefusal(ctx context.Context, r domain.Receipt, key string, since time.Time) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT receipt_id FROM refusal_repeats WHERE coalesce_key = ? AND first_unix_ms > ?
		ORDER BY first_unix_ms DESC LIMIT 1`), key, since.UnixMilli()).Scan(&id)
	switch {
	case err == nil:
		if _, err := s.db.ExecContext(ctx, s.q(`UPDATE refusal_repeats SET count = count + 1, last_unix_ms = ? WHERE receipt_id = ?`),
			r.At.UnixMilli(), id); err != nil {
			return "", fmt.Errorf("recount refusal: %w", err)
		}
		return id, nil
	case !errors.Is(err, sql.ErrNoRows):
		return "", fmt.Errorf("find refusal: %w", err)
	}
	if err := s.AppendReceipt(ctx, r); err != nil {
		return "", err
	}
	if _, err := s.db.ExecContext(ctx, s.q(`INSERT INTO refusal_repeats(receipt_id, coalesce_key, first_unix_ms, count, last_unix_ms) VALUES (?,?,?,1,?)`),
		r.ID, key, r.At.UnixMilli(), r.At.UnixMilli()); err != nil {
		return "", fmt.Errorf("count refusal: %w", err)
	}
	return r.ID, nil
}

// RefusalRepeats returns the counts of those of ids that are coalesced refusal receipts.
func (s *Store) RefusalRepeats(ctx context.Context, ids []string) (map[string]domain.RefusalRepeat, error) {
	out := map[string]domain.RefusalRepeat{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT receipt_id, count, last_unix_ms FROM refusal_repeats WHERE receipt_id IN (?`+
		strings.Repeat(",?", len(ids)-1)+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("refusal repeats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n, last int64
		if err := rows.Scan(&id, &n, &last); err != nil {
			return nil, fmt.Errorf("scan refusal repeats: %w", err)
		}
		out[id] = domain.RefusalRepeat{Count: n, LastAt: time.UnixMilli(last).UTC()}
	}
	return out, rows.Err()
}
