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
// so a batch of thousands of writes never re-parses SQL. The bulk ones take a JSON array and
// write every row of a batch in one statement.
type statements struct {
	brain, putBrain, live, putBrainCounters, supersede, unindex, insertVersions, index, appendReceipts *sql.Stmt
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
		live:             p(`SELECT ` + claimCols + ` FROM claim_versions v WHERE v.brain = ? AND v.slug = ? AND v.superseded_at IS NULL`),
		putBrainCounters: p(`UPDATE brains SET store_version = ?, live_claims = live_claims + ? WHERE name = ?`),
		supersede: p(`UPDATE claim_versions SET superseded_at = j.value ->> '$.at'
			FROM json_each(?) AS j WHERE claim_versions.id = j.value ->> '$.id' AND claim_versions.superseded_at IS NULL`),
		unindex: p(`DELETE FROM claim_fts WHERE rowid IN (SELECT value FROM json_each(?))`),
		insertVersions: p(`INSERT INTO claim_versions (id, brain, slug, version, kind, body, evidence, confidence, state, tier, verse,
			created_at, source_agent, origin_brain, soul_source, promoted_by, promoted_reason, promoted_at,
			verified_by, verified_via, verified_at, written_at, superseded_at, receipt_id)
			SELECT j.value ->> '$.id', j.value ->> '$.brain', j.value ->> '$.slug', j.value ->> '$.version', j.value ->> '$.kind',
			j.value ->> '$.body', j.value ->> '$.evidence', j.value ->> '$.confidence', j.value ->> '$.state', j.value ->> '$.tier',
			j.value ->> '$.verse', j.value ->> '$.created', j.value ->> '$.source_agent', j.value ->> '$.origin_brain',
			j.value ->> '$.soul_source', j.value ->> '$.promoted_by', j.value ->> '$.promoted_reason', j.value ->> '$.promoted_at',
			j.value ->> '$.verified_by', j.value ->> '$.verified_via', j.value ->> '$.verified_at', j.value ->> '$.written',
			j.value ->> '$.superseded', j.value ->> '$.receipt'
			FROM json_each(?) AS j ORDER BY j.key`),
		index: p(`INSERT INTO claim_fts (rowid, slug, body) SELECT j.value ->> '$.id', j.value ->> '$.slug', j.value ->> '$.body' FROM json_each(?) AS j`),
		appendReceipts: p(`INSERT INTO receipts (id, brain, kind, proposal_id, effect, subject, gates, reason, message,
			version_from, version_to, details, by_agent, by_seat, by_brain, by_origin, at, verse)
			SELECT j.value ->> '$.id', j.value ->> '$.brain', j.value ->> '$.kind', j.value ->> '$.proposal', j.value ->> '$.effect',
			j.value ->> '$.subject', j.value ->> '$.gates', j.value ->> '$.reason', j.value ->> '$.message', j.value ->> '$.from',
			j.value ->> '$.to', j.value ->> '$.details', j.value ->> '$.agent', j.value ->> '$.seat', j.value ->> '$.by_brain',
			j.value ->> '$.origin', j.value ->> '$.at', j.value ->> '$.verse'
			FROM json_each(?) AS j ORDER BY j.key`),
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
		brain: b(s.brain), putBrain: b(s.putBrain), live: b(s.live), putBrainCounters: b(s.putBrainCounters),
		supersede: b(s.supersede), unindex: b(s.unindex), insertVersions: b(s.insertVersions), index: b(s.index),
		appendReceipts: b(s.appendReceipts),
	}
}

func (s *statements) close() {
	for _, st := range []*sql.Stmt{s.brain, s.putBrain, s.live, s.putBrainCounters, s.supersede, s.unindex, s.insertVersions, s.index, s.appendReceipts} {
		if st != nil {
			st.Close()
		}
	}
}
