package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Skeleton revisions and curations on PostgreSQL. The store version's compare-and-swap is in
// the UPDATE's WHERE (re-checked after a concurrent writer commits), its first write is an
// INSERT the primary key lets only one replica make, and the one candidate per brain and the
// one live curation per brain are partial unique indexes, as on SQLite.

// SkeletonVersion implements domain.SkeletonStore.
func (p *PG) SkeletonVersion(ctx context.Context, brain string) (int64, error) {
	var v int64
	err := p.db.QueryRowContext(ctx, `SELECT version FROM skeleton_versions WHERE brain = $1`, brain).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return v, pgwrap("skeleton version", err)
}

// Skeleton implements domain.SkeletonStore.
func (p *PG) Skeleton(ctx context.Context, id string) (domain.Skeleton, error) {
	var body string
	err := p.db.QueryRowContext(ctx, `SELECT body FROM skeletons WHERE skeleton_id = $1`, id).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Skeleton{}, domain.ErrNoSkeleton
	}
	if err != nil {
		return domain.Skeleton{}, pgwrap("skeleton", err)
	}
	return decodeSkeleton(body)
}

func (p *PG) skeletonList(ctx context.Context, q string, args ...any) ([]domain.Skeleton, error) {
	rows, err := p.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, pgwrap("skeletons", err)
	}
	defer rows.Close()
	var out []domain.Skeleton
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, pgwrap("skeletons", err)
		}
		k, err := decodeSkeleton(body)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, pgwrap("skeletons", rows.Err())
}

// LiveSkeletons implements domain.SkeletonStore.
func (p *PG) LiveSkeletons(ctx context.Context, brain string) (*domain.Skeleton, *domain.Skeleton, error) {
	ks, err := p.skeletonList(ctx, `SELECT body FROM (
		SELECT body, 0 AS o FROM skeletons WHERE brain = $1 AND state = 'candidate'
		UNION ALL
		SELECT body, 1 FROM (SELECT body FROM skeletons WHERE brain = $1 AND state = 'ratified' ORDER BY revision DESC LIMIT 1) r
	) live ORDER BY o`, brain)
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
func (p *PG) Skeletons(ctx context.Context, brain string, before int64, limit int) ([]domain.Skeleton, error) {
	if before <= 0 {
		return p.skeletonList(ctx, `SELECT body FROM skeletons WHERE brain = $1 ORDER BY revision DESC LIMIT $2`, brain, limit)
	}
	return p.skeletonList(ctx, `SELECT body FROM skeletons WHERE brain = $1 AND revision < $2 ORDER BY revision DESC LIMIT $3`, brain, before, limit)
}

// WriteSkeletons implements domain.SkeletonStore: the version's compare-and-swap, the
// revisions, the curation and the receipt commit together or not at all.
func (p *PG) WriteSkeletons(ctx context.Context, w domain.SkeletonWrite) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("write skeletons", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE skeleton_versions SET version = version + 1 WHERE brain = $1 AND version = $2`, w.Brain, w.Expected)
	if err != nil {
		return pgwrap("write skeletons", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if w.Expected != 0 {
			return domain.ErrSkeletonVersion
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO skeleton_versions(brain, version) VALUES ($1, 1)`, w.Brain); err != nil {
			if pgdb.IsConstraint(err) {
				return domain.ErrSkeletonVersion
			}
			return pgwrap("write skeletons", err)
		}
	}
	for _, k := range w.Put {
		body, err := json.Marshal(k)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO skeletons(skeleton_id, brain, revision, state, body) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT(skeleton_id) DO UPDATE SET state = excluded.state, body = excluded.body`,
			k.SkeletonID, k.Brain, k.Revision, string(k.State), string(body))
		if pgdb.IsConstraint(err) {
			return domain.ErrCandidateExists
		}
		if err != nil {
			return pgwrap("write skeleton", err)
		}
	}
	if w.Curation != nil {
		if err := pgUpdateCuration(ctx, tx, *w.Curation, w.CurationFrom, w.Curation.LeaseID); err != nil {
			return err
		}
	}
	if w.Entry != nil {
		if err := pgInsertEntry(ctx, tx, w.Entry); err != nil {
			return err
		}
	}
	return pgwrap("write skeletons", tx.Commit())
}

// CreateCuration implements domain.SkeletonStore.
func (p *PG) CreateCuration(ctx context.Context, c domain.Curation, m domain.Mission, first domain.Letter, ev domain.BoardEvent, entry *domain.Entry) error {
	body, err := json.Marshal(c)
	if err != nil {
		return err
	}
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("create curation", err)
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, `INSERT INTO curations(curation_id, brain, state, lease_id, created_at, body) VALUES ($1, $2, $3, $4, $5, $6)`,
		c.CurationID, c.Brain, string(c.State), c.LeaseID, ns(c.CreatedAt), string(body))
	if pgdb.IsConstraint(err) {
		return domain.ErrCurationBusy
	}
	if err != nil {
		return pgwrap("create curation", err)
	}
	if err := p.insertMission(ctx, tx, m, first, ev, entry); err != nil {
		return err
	}
	return pgwrap("create curation", tx.Commit())
}

// Curation implements domain.SkeletonStore.
func (p *PG) Curation(ctx context.Context, id string) (domain.Curation, error) {
	var body string
	err := p.db.QueryRowContext(ctx, `SELECT body FROM curations WHERE curation_id = $1`, id).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Curation{}, domain.ErrNoCuration
	}
	if err != nil {
		return domain.Curation{}, pgwrap("curation", err)
	}
	return decodeCuration(body)
}

// LiveCuration implements domain.SkeletonStore.
func (p *PG) LiveCuration(ctx context.Context, brain string) (domain.Curation, bool, error) {
	var body string
	err := p.db.QueryRowContext(ctx, `SELECT body FROM curations WHERE brain = $1 AND state IN ('pending', 'claimed')`, brain).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Curation{}, false, nil
	}
	if err != nil {
		return domain.Curation{}, false, pgwrap("live curation", err)
	}
	c, err := decodeCuration(body)
	return c, err == nil, err
}

// Curations implements domain.SkeletonStore: a brain's curations newest first, after the
// cursor when there is one.
func (p *PG) Curations(ctx context.Context, brain string, before *domain.CurationCursor, limit int) ([]domain.Curation, error) {
	q, args := `SELECT body FROM curations WHERE brain = $1 ORDER BY created_at DESC, curation_id DESC LIMIT $2`, []any{brain, limit}
	if before != nil {
		q = `SELECT body FROM curations WHERE brain = $1 AND (created_at, curation_id) < ($2, $3)
			ORDER BY created_at DESC, curation_id DESC LIMIT $4`
		args = []any{brain, ns(before.CreatedAt), before.CurationID, limit}
	}
	return p.curationList(ctx, "curations", q, args...)
}

// PendingCurations implements domain.SkeletonStore.
func (p *PG) PendingCurations(ctx context.Context, limit int) ([]domain.Curation, error) {
	return p.curationList(ctx, "pending curations", `SELECT body FROM curations WHERE state = 'pending' ORDER BY created_at, curation_id LIMIT $1`, limit)
}

func (p *PG) curationList(ctx context.Context, what, q string, args ...any) ([]domain.Curation, error) {
	rows, err := p.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, pgwrap(what, err)
	}
	defer rows.Close()
	var out []domain.Curation
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, pgwrap(what, err)
		}
		c, err := decodeCuration(body)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, pgwrap(what, rows.Err())
}

// UpdateCuration implements domain.SkeletonStore.
func (p *PG) UpdateCuration(ctx context.Context, c domain.Curation, from domain.CurationState, prevLease string, entry *domain.Entry) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return pgwrap("update curation", err)
	}
	defer tx.Rollback()
	if err := pgUpdateCuration(ctx, tx, c, from, prevLease); err != nil {
		return err
	}
	if entry != nil {
		if err := pgInsertEntry(ctx, tx, entry); err != nil {
			return err
		}
	}
	return pgwrap("update curation", tx.Commit())
}

func pgUpdateCuration(ctx context.Context, tx *sql.Tx, c domain.Curation, from domain.CurationState, prevLease string) error {
	body, err := json.Marshal(c)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE curations SET state = $1, lease_id = $2, body = $3 WHERE curation_id = $4 AND state = $5 AND lease_id = $6`,
		string(c.State), c.LeaseID, string(body), c.CurationID, string(from), prevLease)
	if pgdb.IsConstraint(err) {
		// A curation made live again while another is live on its brain.
		return domain.ErrCurationMoved
	}
	if err != nil {
		return pgwrap("update curation", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrCurationMoved
	}
	return nil
}
