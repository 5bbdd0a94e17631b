package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// PutTissues replaces a brain's tissue map; an empty map deletes it.
func (s *Store) PutTissues(ctx context.Context, brain string, tissues map[string]string, at time.Time) error {
	if len(tissues) == 0 {
		if _, err := s.db.ExecContext(ctx, s.q(`DELETE FROM tissue_maps WHERE brain = ?`), brain); err != nil {
			return fail("clear tissues", err)
		}
		return nil
	}
	body, err := json.Marshal(tissues)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, s.q(`INSERT INTO tissue_maps(brain, tissues_json, updated_at_ms) VALUES (?, ?, ?)
		ON CONFLICT(brain) DO UPDATE SET tissues_json = excluded.tissues_json, updated_at_ms = excluded.updated_at_ms`),
		brain, string(body), at.UnixMilli())
	if err != nil {
		return fail("put tissues", err)
	}
	return nil
}

// Tissues is a brain's stored tissue map, empty when none is stored.
func (s *Store) Tissues(ctx context.Context, brain string) (map[string]string, error) {
	var body string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT tissues_json FROM tissue_maps WHERE brain = ?`), brain).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fail("tissues", err)
	}
	out := map[string]string{}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		return nil, fmt.Errorf("tissues of %s: %w", brain, err)
	}
	return out, nil
}
