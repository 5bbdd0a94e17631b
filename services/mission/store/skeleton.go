package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Skeleton revisions and curations (migration 0004). Revisions and curations are stored as
// JSON bodies beside the columns the queries and the one-per-brain indexes need.

var _ domain.SkeletonStore = (*Store)(nil)

// SkeletonVersion implements domain.SkeletonStore.
func (s *Store) SkeletonVersion(ctx context.Context, brain string) (int64, error) {
	var v int64
	err := s.db.QueryRowContext(ctx, `SELECT version FROM skeleton_versions WHERE brain = ?`, brain).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return v, wrap("skeleton version", err)
}

func decodeSkeleton(body string) (domain.Skeleton, error) {
	var k domain.Skeleton
	if err := json.Unmarshal([]byte(body), &k); err != nil {
		return domain.Skeleton{}, fmt.Errorf("decode skeleton: %w", err)
	}
	return k, nil
}

// Skeleton implements domain.SkeletonStore.
func (s *Store) Skeleton(ctx context.Context, id string) (domain.Skeleton, error) {
	var body string
	err := s.db.QueryRowContext(ctx, `SELECT body FROM skeletons WHERE skeleton_id = ?`, id).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Skeleton{}, domain.ErrNoSkeleton
	}
	if err != nil {
		return domain.Skeleton{}, wrap("skeleton", err)
	}
	return decodeSkeleton(body)
}

func (s *Store) skeletonList(ctx context.Context, q string, args ...any) ([]domain.Skeleton, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, wrap("skeletons", err)
	}
	defer rows.Close()
	var out []domain.Skeleton
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, wrap("skeletons", err)
		}
		k, err := decodeSkeleton(body)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, wrap("skeletons", rows.Err())
}

// LiveSkeletons implements domain.SkeletonStore.
func (s *Store) LiveSkeletons(ctx context.Context, brain string) (*domain.Skeleton, *domain.Skeleton, error) {
	ks, err := s.skeletonList(ctx, `SELECT body FROM (
		SELECT body, 0 AS o FROM skeletons WHERE brain = ? AND state = 'candidate'
		UNION ALL
		SELECT body, 1 FROM (SELECT body FROM skeletons WHERE brain = ? AND state = 'ratified' ORDER BY revision DESC LIMIT 1)
	) ORDER BY o`, brain, brain)
	if err != nil {
		return nil, nil, err
	}
	var cand, rat *domain.Skeleton
	for i := range ks {
		switch ks[i].State {
		case domain.SkeletonCandidate:
			cand = &ks[i]
		case domain.SkeletonRatified:
			rat = &ks[i]
		}
	}
	return cand, rat, nil
}

// Skeletons implements domain.SkeletonStore.
func (s *Store) Skeletons(ctx context.Context, brain string, before int64, limit int) ([]domain.Skeleton, error) {
	if before <= 0 {
		return s.skeletonList(ctx, `SELECT body FROM skeletons WHERE brain = ? ORDER BY revision DESC LIMIT ?`, brain, limit)
	}
	return s.skeletonList(ctx, `SELECT body FROM skeletons WHERE brain = ? AND revision < ? ORDER BY revision DESC LIMIT ?`, brain, before, limit)
}

// WriteSkeletons implements domain.SkeletonStore: the version's compare-and-swap, the
// revisions, the curation and the receipt commit together or not at all.
func (s *Store) WriteSkeletons(ctx context.Context, w domain.SkeletonWrite) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return wrap("write skeletons", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE skeleton_versions SET version = version + 1 WHERE brain = ? AND version = ?`, w.Brain, w.Expected)
	if err != nil {
		return wrap("write skeletons", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if w.Expected != 0 {
			return domain.ErrSkeletonVersion
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO skeleton_versions(brain, version) VALUES (?, 1)`, w.Brain); err != nil {
			if sqlitedb.IsConstraint(err) {
				return domain.ErrSkeletonVersion
			}
			return wrap("write skeletons", err)
		}
	}
	for _, k := range w.Put {
		body, err := json.Marshal(k)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO skeletons(skeleton_id, brain, revision, state, body) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT(skeleton_id) DO UPDATE SET state = excluded.state, body = excluded.body`,
			k.SkeletonID, k.Brain, k.Revision, string(k.State), string(body))
		if sqlitedb.IsConstraint(err) {
			return domain.ErrCandidateExists
		}
		if err != nil {
			return wrap("write skeleton", err)
		}
	}
	if w.Curation != nil {
		if err := updateCuration(ctx, tx, *w.Curation, w.CurationFrom, w.Curation.LeaseID); err != nil {
			return err
		}
	}
	if w.Entry != nil {
		if err := insertEntry(ctx, tx, w.Entry); err != nil {
			return err
		}
	}
	return wrap("write skeletons", tx.Commit())
}
