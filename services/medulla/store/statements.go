package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

const claimCols = `v.id, v.brain, v.slug, v.version, v.kind, v.body, v.evidence, v.confidence, v.state, v.tier, v.verse,
	v.created_at, v.source_agent, v.origin_brain, v.soul_source, v.promoted_by, v.promoted_reason, v.promoted_at,
	v.verified_by, v.verified_via, v.verified_at, v.written_at, v.superseded_at, v.receipt_id, v.trust`

const brainCols = `name, repo_root, soul_path, policy, reserved, store_version, live_claims, created_at, updated_at`

const receiptCols = `seq, id, brain, kind, proposal_id, effect, subject, gates, reason, message, version_from, version_to,
	details, by_agent, by_seat, by_brain, by_origin, at, verse`

// statements are the write path's prepared statements, prepared once on the writer connection
// so a batch of thousands of writes never re-parses SQL. The narrow bulk ones take a JSON array;
// wide rows go through multiRow, since re-parsing a wide JSON object per column costs more than
// binding parameters.
type statements struct {
	brain, putBrain, latest, putBrainCounters, supersede *sql.Stmt
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
		latest:           p(`SELECT ` + claimCols + ` FROM claim_versions v WHERE v.brain = ? AND v.slug = ? ORDER BY v.version DESC LIMIT 1`),
		putBrainCounters: p(`UPDATE brains SET store_version = ?, live_claims = live_claims + ? WHERE name = ?`),
		supersede: p(`UPDATE claim_versions SET superseded_at = j.value ->> '$.at'
			FROM json_each(?) AS j WHERE claim_versions.id = j.value ->> '$.id' AND claim_versions.superseded_at IS NULL`),
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
		brain: b(s.brain), putBrain: b(s.putBrain), latest: b(s.latest), putBrainCounters: b(s.putBrainCounters),
		supersede: b(s.supersede),
	}
}

func (s *statements) close() {
	for _, st := range []*sql.Stmt{s.brain, s.putBrain, s.latest, s.putBrainCounters, s.supersede} {
		if st != nil {
			st.Close()
		}
	}
}

const versionInsert = `INSERT INTO claim_versions (id, brain, slug, version, kind, body, evidence, confidence, state, tier, verse,
	created_at, source_agent, origin_brain, soul_source, promoted_by, promoted_reason, promoted_at,
	verified_by, verified_via, verified_at, written_at, superseded_at, receipt_id, trust) VALUES `

const versionArity = 25

const receiptInsert = `INSERT INTO receipts (id, brain, kind, proposal_id, effect, subject, gates, reason, message,
	version_from, version_to, details, by_agent, by_seat, by_brain, by_origin, at, verse) VALUES `

const receiptArity = 18

// ftsInsert indexes live versions. It binds parameters rather than passing a JSON array: the
// bodies are the bulk of a batch, and encoding them to JSON in Go and re-parsing every field
// of every row in SQLite cost more than binding three values per row.
const ftsInsert = `INSERT INTO claim_fts (rowid, slug, body) VALUES `

const ftsArity = 3

// multiRowChunk bounds the rows of one multi-row INSERT into a wide table (and so the
// statements cached per table).
const multiRowChunk = 64

// ftsChunk bounds the rows of one index INSERT: every FTS5 statement flushes its pending terms
// into a new segment, so the indexer writes up to this many rows per segment.
const ftsChunk = 256

// multiRow caches prepared multi-row INSERT statements by row count on one connection.
type multiRow struct {
	db    *sql.DB
	head  string
	arity int
	chunk int
	stmts map[int]*sql.Stmt
}

func newMultiRow(db *sql.DB, head string, arity, chunk int) *multiRow {
	return &multiRow{db: db, head: head, arity: arity, chunk: chunk, stmts: map[int]*sql.Stmt{}}
}

// ensure prepares the statements for 1..n rows. It must run outside any transaction: the
// writer pool has one connection, and a transaction holds it.
func (m *multiRow) ensure(ctx context.Context, n int) error {
	for i := 1; i <= min(n, m.chunk); i++ {
		if _, err := m.stmt(ctx, i); err != nil {
			return err
		}
	}
	return nil
}

// ensureRows prepares just the statements exec needs for n rows (full chunks and the rest),
// for a caller that knows its row count before the transaction opens.
func (m *multiRow) ensureRows(ctx context.Context, n int) error {
	for n > 0 {
		k := min(n, m.chunk)
		if _, err := m.stmt(ctx, k); err != nil {
			return err
		}
		n -= k
	}
	return nil
}

func (m *multiRow) stmt(ctx context.Context, n int) (*sql.Stmt, error) {
	if st, ok := m.stmts[n]; ok {
		return st, nil
	}
	row := "(" + strings.TrimSuffix(strings.Repeat("?,", m.arity), ",") + ")"
	st, err := m.db.PrepareContext(ctx, m.head+strings.TrimSuffix(strings.Repeat(row+",", n), ","))
	if err != nil {
		return nil, err
	}
	m.stmts[n] = st
	return st, nil
}

// exec inserts rows (each m.arity values) in chunks inside tx.
func (m *multiRow) exec(ctx context.Context, tx *sql.Tx, rows [][]any) error {
	for len(rows) > 0 {
		n := min(len(rows), m.chunk)
		st, ok := m.stmts[n]
		if !ok {
			return fmt.Errorf("no prepared %d-row insert; ensure was not called", n)
		}
		args := make([]any, 0, n*m.arity)
		for _, r := range rows[:n] {
			args = append(args, r...)
		}
		if _, err := tx.StmtContext(ctx, st).ExecContext(ctx, args...); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

func (m *multiRow) close() {
	for _, st := range m.stmts {
		st.Close()
	}
}
