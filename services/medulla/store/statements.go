package store

import (
	"context"
	"database/sql"
	"errors"
)

const claimCols = `v.id, v.brain, v.slug, v.version, v.kind, v.body, v.evidence, v.confidence, v.state, v.tier, v.verse,
	v.created_at, v.source_agent, v.origin_brain, v.soul_source, v.promoted_by, v.promoted_reason, v.promoted_at,
	v.verified_by, v.verified_via, v.verified_at, v.written_at, v.superseded_at, v.receipt_id`

const brainCols = `name, repo_root, soul_path, policy, reserved, store_version, live_claims, created_at, updated_at`

const receiptCols = `seq, id, brain, kind, proposal_id, effect, subject, gates, reason, message, version_from, version_to,
	details, by_agent, by_seat, by_brain, by_origin, at, verse`

// statements are the write path's prepared statements, prepared once on the writer connection
// so a batch of thousands of writes never re-parses SQL.
type statements struct {
	brain, putBrain, live, head, countLive, supersede, unindex, insertVersion, index, putHead, bump, appendReceipt *sql.Stmt
}

func prepare(ctx context.Context, db *sql.DB) (*statements, error) {
	var errs []error
	p := func(q string) *sql.Stmt {
		st, err := db.PrepareContext(ctx, q)
		errs = append(errs, err)
		return st
	}
	s := &statements{
		brain: p(`SELECT ` + brainCols + ` FROM brains WHERE name = ?`),
		putBrain: p(`INSERT INTO brains (name, repo_root, soul_path, policy, reserved, store_version, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET repo_root = excluded.repo_root, soul_path = excluded.soul_path,
			policy = excluded.policy, updated_at = excluded.updated_at`),
		live:      p(`SELECT ` + claimCols + ` FROM claim_heads h JOIN claim_versions v ON v.id = h.live_id WHERE h.brain = ? AND h.slug = ?`),
		head:      p(`SELECT live_id FROM claim_heads WHERE brain = ? AND slug = ?`),
		countLive: p(`UPDATE brains SET live_claims = live_claims + 1 WHERE name = ?`),
		supersede: p(`UPDATE claim_versions SET superseded_at = ? WHERE id = ? AND superseded_at IS NULL`),
		unindex:   p(`DELETE FROM claim_fts WHERE rowid = ?`),
		insertVersion: p(`INSERT INTO claim_versions (brain, slug, version, kind, body, evidence, confidence, state, tier, verse,
			created_at, source_agent, origin_brain, soul_source, promoted_by, promoted_reason, promoted_at,
			verified_by, verified_via, verified_at, written_at, receipt_id)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		index:   p(`INSERT INTO claim_fts (rowid, slug, body) VALUES (?, ?, ?)`),
		putHead: p(`INSERT INTO claim_heads (brain, slug, live_id) VALUES (?, ?, ?) ON CONFLICT (brain, slug) DO UPDATE SET live_id = excluded.live_id`),
		bump:    p(`UPDATE brains SET store_version = store_version + 1 WHERE name = ? RETURNING store_version`),
		appendReceipt: p(`INSERT INTO receipts (id, brain, kind, proposal_id, effect, subject, gates, reason, message,
			version_from, version_to, details, by_agent, by_seat, by_brain, by_origin, at, verse)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
	}
	if err := errors.Join(errs...); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// in binds every statement to tx.
func (s *statements) in(ctx context.Context, tx *sql.Tx) *statements {
	b := func(st *sql.Stmt) *sql.Stmt { return tx.StmtContext(ctx, st) }
	return &statements{
		brain: b(s.brain), putBrain: b(s.putBrain), live: b(s.live), head: b(s.head), countLive: b(s.countLive),
		supersede: b(s.supersede), unindex: b(s.unindex), insertVersion: b(s.insertVersion), index: b(s.index),
		putHead: b(s.putHead), bump: b(s.bump), appendReceipt: b(s.appendReceipt),
	}
}

func (s *statements) close() {
	for _, st := range []*sql.Stmt{s.brain, s.putBrain, s.live, s.head, s.countLive, s.supersede, s.unindex, s.insertVersion, s.index, s.putHead, s.bump, s.appendReceipt} {
		if st != nil {
			st.Close()
		}
	}
}
