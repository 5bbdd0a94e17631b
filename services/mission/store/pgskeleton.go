package store

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Skeleton revisions and curations on PostgreSQL. The store version's compare-and-swap is in
// the UPDATE's WHERE (re-checked after a concurrent writer commits), its first write is an
// INSERT the primary key lets only one replica make, and the one candidate per brain and the
// one live curation per brain are partial unique indexes, as on SQLite.

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

// Curations implements domain.SkeletonStore: a brain's curations newest first, after the
// cursor when there is one.
func (p *PG) Curations(ctx context.Context, brain string, before *domain.CurationCursor, limit int) ([]domain.Curation, error) {
	q, args := `SELECT body FROM curations WHERE brain = $1 ORDER BY created_at DESC, curation_id DESC LIMIT $2`, []any{brain, limit}
	if before != nil {
		q = `SELECT body FROM curations WHERE brain = $1 AND (created_at, curation_id) < ($2, $3)
			ORDER BY created_at DESC, curation_id DESC LIMIT $4`
		args = []any{brain, ns(before.CreatedAt), before.CurationID, limit}
	}
	return bodies(ctx, p.shared, "curations", decodeCuration, q, args...)
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
