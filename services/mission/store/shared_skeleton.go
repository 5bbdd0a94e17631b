package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/organism-dev/organism/services/mission/domain"
)

// Skeleton and curation reads: the statements both backends share (see shared). The writes
// stay with each backend: they differ in how a lost race shows (constraint errors, locks).

// SkeletonVersion implements domain.SkeletonStore.
func (s shared) SkeletonVersion(ctx context.Context, brain string) (int64, error) {
	var v int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT version FROM skeleton_versions WHERE brain = ?`), brain).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return v, s.wrap("skeleton version", err)
}

// body reads one JSON body by q; missing is the error for no row.
func body[T any](ctx context.Context, s shared, what string, missing error, decode func(string) (T, error), q string, args ...any) (T, error) {
	var b string
	var zero T
	err := s.db.QueryRowContext(ctx, s.q(q), args...).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return zero, missing
	}
	if err != nil {
		return zero, s.wrap(what, err)
	}
	return decode(b)
}

// bodies reads the JSON bodies q selects, decoded, in its order.
func bodies[T any](ctx context.Context, s shared, what string, decode func(string) (T, error), q string, args ...any) ([]T, error) {
	rows, err := s.db.QueryContext(ctx, s.q(q), args...)
	if err != nil {
		return nil, s.wrap(what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			return nil, s.wrap(what, err)
		}
		v, err := decode(b)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, s.wrap(what, rows.Err())
}

// Skeleton implements domain.SkeletonStore.
func (s shared) Skeleton(ctx context.Context, id string) (domain.Skeleton, error) {
	return body(ctx, s, "skeleton", domain.ErrNoSkeleton, decodeSkeleton, `SELECT body FROM skeletons WHERE skeleton_id = ?`, id)
}

// LiveSkeletons implements domain.SkeletonStore.
func (s shared) LiveSkeletons(ctx context.Context, brain string) (*domain.Skeleton, *domain.Skeleton, error) {
	ks, err := bodies(ctx, s, "skeletons", decodeSkeleton, `SELECT body FROM (
		SELECT body, 0 AS o FROM skeletons WHERE brain = ? AND state = 'candidate'
		UNION ALL
		SELECT body, 1 FROM (SELECT body FROM skeletons WHERE brain = ? AND state = 'ratified' ORDER BY revision DESC LIMIT 1) r
	) live ORDER BY o`, brain, brain)
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
func (s shared) Skeletons(ctx context.Context, brain string, before int64, limit int) ([]domain.Skeleton, error) {
	if before <= 0 {
		return bodies(ctx, s, "skeletons", decodeSkeleton, `SELECT body FROM skeletons WHERE brain = ? ORDER BY revision DESC LIMIT ?`, brain, limit)
	}
	return bodies(ctx, s, "skeletons", decodeSkeleton, `SELECT body FROM skeletons WHERE brain = ? AND revision < ? ORDER BY revision DESC LIMIT ?`,
		brain, before, limit)
}

// Curation implements domain.SkeletonStore.
func (s shared) Curation(ctx context.Context, id string) (domain.Curation, error) {
	return body(ctx, s, "curation", domain.ErrNoCuration, decodeCuration, `SELECT body FROM curations WHERE curation_id = ?`, id)
}

// LiveCuration implements domain.SkeletonStore.
func (s shared) LiveCuration(ctx context.Context, brain string) (domain.Curation, bool, error) {
	c, err := body(ctx, s, "live curation", errNone, decodeCuration, `SELECT body FROM curations WHERE brain = ? AND state IN ('pending', 'claimed')`, brain)
	if errors.Is(err, errNone) {
		return domain.Curation{}, false, nil
	}
	return c, err == nil, err
}

// errNone is body's missing error where no row is an answer, not a failure.
var errNone = errors.New("none")

// PendingCurations implements domain.SkeletonStore.
func (s shared) PendingCurations(ctx context.Context, limit int) ([]domain.Curation, error) {
	return bodies(ctx, s, "pending curations", decodeCuration, `SELECT body FROM curations WHERE state = 'pending' ORDER BY created_at, curation_id LIMIT ?`, limit)
}
