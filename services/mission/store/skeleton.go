package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Skeleton revisions and curations (migration 0004). Revisions and curations are stored as
// JSON bodies beside the columns the queries and the one-per-brain indexes need.

var _ domain.SkeletonStore = (*Store)(nil)

func decodeSkeleton(body string) (domain.Skeleton, error) {
	var k domain.Skeleton
	if err := json.Unmarshal([]byte(body), &k); err != nil {
		return domain.Skeleton{}, fmt.Errorf("decode skeleton: %w", err)
	}
	return k, nil
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
