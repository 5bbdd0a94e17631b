package store

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// pgTx implements domain.Tx on PostgreSQL, straight over one transaction (READ COMMITTED):
// after taking a brain's advisory lock every statement sees what the previous holder
// committed, and what this transaction wrote before. Only what the SQLite writer also keeps
// out of SQL until the end is held back: a brain's counters (store version, live claims),
// written once per brain at flush, and the receipts, inserted in one statement.
type pgTx struct {
	*sqlTx
	brains   map[string]*pgBrain
	receipts []*domain.Receipt
}

// pgBrain is a brain this transaction holds the lock of.
type pgBrain struct {
	b      domain.Brain
	exists bool
	// bumped says b.StoreVersion was advanced here; liveDelta is the change to b.LiveClaims not
	// yet written.
	bumped    bool
	liveDelta int64
}

var _ domain.Tx = (*pgTx)(nil)

func newPGTx(ctx context.Context, tx *sql.Tx) *pgTx {
	return &pgTx{sqlTx: newSQLTx(ctx, tx, true), brains: map[string]*pgBrain{}}
}

// brainLockKey is the advisory lock of a brain's writes. The keyspace is shared with every
// organ in the database; the prefix keeps medulla's keys apart from the migration lock's. A
// collision between two names only makes their writes take turns.
func brainLockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("medulla.brain\x00" + name))
	return int64(h.Sum64())
}

// lock takes brain's write lock (once per transaction; it is held until COMMIT or ROLLBACK)
// and reads the brain as the last writer left it. A brain that does not exist yet is locked
// too, so registering it is serialized like everything else.
func (t *pgTx) lock(name string) (*pgBrain, error) {
	if pb, ok := t.brains[name]; ok {
		return pb, nil
	}
	if _, err := t.tx.ExecContext(t.ctx, `SELECT pg_advisory_xact_lock($1)`, brainLockKey(name)); err != nil {
		return nil, pgWrap("lock brain", err)
	}
	pb := &pgBrain{}
	b, err := scanBrain(t.tx.QueryRowContext(t.ctx, `SELECT `+brainCols+` FROM brains WHERE name = $1`, name))
	switch err := pgWrap("brain", err); {
	case err == nil:
		pb.b, pb.exists = b, true
	case err != domain.ErrNotFound:
		return nil, err
	}
	t.brains[name] = pb
	return pb, nil
}

func (t *pgTx) Brain(name string) (domain.Brain, error) {
	pb, err := t.lock(name)
	if err != nil {
		return domain.Brain{}, err
	}
	if !pb.exists {
		return domain.Brain{}, domain.ErrNotFound
	}
	b := pb.b
	b.LiveClaims += pb.liveDelta
	return b, nil
}

func (t *pgTx) PutBrain(b domain.Brain) error {
	pb, err := t.lock(b.Name)
	if err != nil {
		return err
	}
	_, err = t.tx.ExecContext(t.ctx, `INSERT INTO brains (name, repo_root, soul_path, policy, reserved, store_version, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (name) DO UPDATE SET repo_root = excluded.repo_root, soul_path = excluded.soul_path,
		policy = excluded.policy, updated_at = excluded.updated_at`,
		b.Name, b.RepoRoot, b.SoulPath, string(b.Policy), boolInt(b.Reserved), b.StoreVersion, b.CreatedAt.UnixNano(), b.UpdatedAt.UnixNano())
	if err != nil {
		return pgWrap("put brain", err)
	}
	// Mirror the upsert: an existing brain keeps its counters, reservation and creation time.
	if pb.exists {
		pb.b.RepoRoot, pb.b.SoulPath, pb.b.Policy, pb.b.UpdatedAt = b.RepoRoot, b.SoulPath, b.Policy, b.UpdatedAt
		return nil
	}
	pb.b, pb.exists = b, true
	pb.b.LiveClaims = 0
	return nil
}

func (t *pgTx) Live(brain, slug string) (domain.Claim, error) {
	if _, err := t.lock(brain); err != nil {
		return domain.Claim{}, err
	}
	c, err := scanClaim(t.tx.QueryRowContext(t.ctx, `SELECT `+claimCols+` FROM claim_versions v
		WHERE v.brain = $1 AND v.slug = $2 AND v.superseded_at IS NULL`, brain, slug))
	return c, pgWrap("live claim", err)
}

func (t *pgTx) LastVersion(brain, slug string) (int64, error) {
	if _, err := t.lock(brain); err != nil {
		return 0, err
	}
	var last int64
	err := t.tx.QueryRowContext(t.ctx, `SELECT COALESCE(MAX(version), 0) FROM claim_versions WHERE brain = $1 AND slug = $2`, brain, slug).Scan(&last)
	return last, pgWrap("last version", err)
}

// supersedeRow stamps a live version superseded. It must find the row live: anything else
// means the caller's view of the slug is not the database's, and the write must not land.
func (t *pgTx) supersedeRow(c domain.Claim, id int64, at time.Time) error {
	r, err := t.tx.ExecContext(t.ctx, `UPDATE claim_versions SET superseded_at = $1
		WHERE id = $2 AND brain = $3 AND slug = $4 AND superseded_at IS NULL`, at.UnixNano(), id, c.Brain, c.Slug)
	if err != nil {
		return pgWrap("supersede", err)
	}
	if n, err := r.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("supersede %s/%s: row %d is not the live version: %w", c.Brain, c.Slug, id, domain.ErrConflict)
	}
	return nil
}

const pgVersionInsert = `INSERT INTO claim_versions (brain, slug, version, kind, body, evidence, confidence, state, tier, verse,
	created_at, source_agent, origin_brain, soul_source, promoted_by, promoted_reason, promoted_at,
	verified_by, verified_via, verified_at, written_at, superseded_at, receipt_id, trust)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24) RETURNING id`

func (t *pgTx) InsertVersion(c *domain.Claim, supersedes int64) error {
	pb, err := t.lock(c.Brain)
	if err != nil {
		return err
	}
	if supersedes != 0 {
		if err := t.supersedeRow(*c, supersedes, c.WrittenAt); err != nil {
			return err
		}
	} else {
		pb.liveDelta++
	}
	args, err := versionArgs(c)
	if err != nil {
		return err
	}
	// The id is the database's (an identity column), unique across replicas.
	if err := t.tx.QueryRowContext(t.ctx, pgVersionInsert, args[1:]...).Scan(&c.ID); err != nil {
		return pgWrap("insert version", err)
	}
	return nil
}

func (t *pgTx) Retire(c domain.Claim, at time.Time) error {
	pb, err := t.lock(c.Brain)
	if err != nil {
		return err
	}
	if err := t.supersedeRow(c, c.ID, at); err != nil {
		return err
	}
	pb.liveDelta--
	return nil
}

func (t *pgTx) BumpStoreVersion(brain string) (int64, int64, error) {
	pb, err := t.lock(brain)
	if err != nil {
		return 0, 0, err
	}
	if !pb.exists {
		return 0, 0, domain.ErrNotFound
	}
	pb.bumped = true
	pb.b.StoreVersion++
	return pb.b.StoreVersion - 1, pb.b.StoreVersion, nil
}

func (t *pgTx) AppendReceipt(r *domain.Receipt) error {
	cp := *r
	t.receipts = append(t.receipts, &cp)
	return nil
}

// receiptChunk bounds the rows of one receipt INSERT (PostgreSQL allows 65,535 parameters).
const receiptChunk = 500

// flush writes what the transaction held back: each locked brain's counters, then receipts.
func (t *pgTx) flush() error {
	for name, pb := range t.brains {
		if !pb.bumped && pb.liveDelta == 0 {
			continue
		}
		if _, err := t.tx.ExecContext(t.ctx, `UPDATE brains SET store_version = $1, live_claims = live_claims + $2 WHERE name = $3`,
			pb.b.StoreVersion, pb.liveDelta, name); err != nil {
			return pgWrap("brain counters", err)
		}
		pb.b.LiveClaims += pb.liveDelta
		pb.bumped, pb.liveDelta = false, 0
	}
	for rs := t.receipts; len(rs) > 0; {
		n := min(len(rs), receiptChunk)
		var b strings.Builder
		b.WriteString(receiptInsert)
		args := make([]any, 0, n*receiptArity)
		for i, r := range rs[:n] {
			ra, err := receiptArgs(r)
			if err != nil {
				return err
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('(')
			for j := range ra {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "$%d", len(args)+j+1)
			}
			b.WriteByte(')')
			args = append(args, ra...)
		}
		if _, err := t.tx.ExecContext(t.ctx, b.String(), args...); err != nil {
			return pgWrap("append receipts", err)
		}
		rs = rs[n:]
	}
	t.receipts = nil
	return nil
}
