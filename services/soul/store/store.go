// Package store keeps the soul organ's receipts and tissue maps: in SQLite (soul.db, the
// default) or in PostgreSQL (schema soul), with the same statements rebound for the latter.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/soul/domain"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

//go:embed pgmigrations/*.sql
var pgMigrationFiles embed.FS

// Schema is the organ's schema in a shared PostgreSQL database.
const Schema = "soul"

// ErrDuplicate is returned when a receipt id is already stored.
var ErrDuplicate = errors.New("receipt already stored")

// Store is the receipt ledger on either backend.
type Store struct {
	db *sql.DB
	// pg is set on PostgreSQL: statements are written with ? and rebound to $n once.
	pg bool
}

// q returns query in the backend's placeholder style.
func (s *Store) q(query string) string {
	if s.pg {
		return pgdb.Rebind(query)
	}
	return query
}

func (s *Store) isUnique(err error) bool {
	if s.pg {
		return pgdb.IsUnique(err)
	}
	return sqlitedb.IsUnique(err)
}

var _ domain.Store = (*Store)(nil)

// Open opens (creating and migrating) <dataDir>/soul.db.
func Open(ctx context.Context, dataDir string) (*Store, error) {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	db, err := sqlitedb.Open(ctx, filepath.Join(dataDir, "soul.db"), sub, sqlitedb.Options{})
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// OpenPostgres opens the soul schema of the PostgreSQL database dsn names, applying its
// migrations under the migration lock; any number of soul replicas may share it, since every
// write is a single statement the database orders (an insert of a unique receipt id, an upsert).
func OpenPostgres(ctx context.Context, dsn string) (*Store, error) {
	sub, err := fs.Sub(pgMigrationFiles, "pgmigrations")
	if err != nil {
		return nil, err
	}
	db, err := pgdb.Open(ctx, dsn, sub, pgdb.Options{Schema: Schema})
	if err != nil {
		return nil, err
	}
	return &Store{db: db, pg: true}, nil
}

// OpenFor opens the backend sel names: empty or "sqlite" is <dataDir>/soul.db, a postgres://
// DSN is that database.
func OpenFor(ctx context.Context, sel, dataDir string) (*Store, error) {
	switch {
	case sel == "" || sel == "sqlite":
		return Open(ctx, dataDir)
	case pgdb.IsDSN(sel):
		return OpenPostgres(ctx, sel)
	}
	return nil, fmt.Errorf("store %q: want sqlite or a postgres:// URL", pgdb.Redact(sel))
}

// fail names the operation that failed; when the database cannot serve now (PostgreSQL down,
// restarting, out of connections, a statement past its timeout) the chain also carries
// domain.ErrStoreUnavailable, which the transport answers as UNAVAILABLE STORE_UNAVAILABLE.
func fail(op string, err error) error {
	if pgdb.IsUnavailable(err) {
		return fmt.Errorf("%s: %w: %w", op, domain.ErrStoreUnavailable, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// AppendReceipt stores one receipt.
func (s *Store) AppendReceipt(ctx context.Context, r domain.Receipt) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO receipts(receipt_id, brain, kind, at_unix_ms, line, repo_sha, soul_path,
		fresh, stale, superseded, receipt_req, unprovable, declared, by_agent, by_seat, by_brain, by_origin, by_owner, verdict, report_json)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`),
		r.ID, r.Brain, r.Kind, r.At.UnixMilli(), r.Line, r.RepoSHA, r.SoulPath,
		r.ByState.Fresh, r.ByState.Stale, r.ByState.Superseded, r.ByState.ReceiptRequired, r.ByState.UnprovableNow, r.Declared,
		r.By.AgentID, r.By.Seat, r.By.Brain, string(r.By.Origin), r.By.Owner(), r.Verdict, r.ReportJSON)
	switch {
	case s.isUnique(err):
		return fmt.Errorf("%w: %s", ErrDuplicate, r.ID)
	case err != nil:
		return fail("append receipt", err)
	}
	return nil
}

const receiptCols = `seq, receipt_id, brain, kind, at_unix_ms, line, repo_sha, soul_path, fresh, stale, superseded, receipt_req, unprovable, declared,
	by_agent, by_seat, by_brain, by_origin, by_owner, verdict, report_json`

func scan(row interface{ Scan(...any) error }) (domain.Receipt, int64, error) {
	var r domain.Receipt
	var seq, at int64
	// by_owner is kept for readers of the table; the origin already says whether the owner acted
	var owner bool
	err := row.Scan(&seq, &r.ID, &r.Brain, &r.Kind, &at, &r.Line, &r.RepoSHA, &r.SoulPath,
		&r.ByState.Fresh, &r.ByState.Stale, &r.ByState.Superseded, &r.ByState.ReceiptRequired, &r.ByState.UnprovableNow, &r.Declared,
		&r.By.AgentID, &r.By.Seat, &r.By.Brain, (*string)(&r.By.Origin), &owner, &r.Verdict, &r.ReportJSON)
	r.At = time.UnixMilli(at).UTC()
	return r, seq, err
}

// ListReceipts returns a brain's receipts newest first; the cursor is the last row's sequence.
func (s *Store) ListReceipts(ctx context.Context, brain string, limit int, cursor string) ([]domain.Receipt, string, error) {
	before := int64(1 << 62)
	if cursor != "" {
		n, err := strconv.ParseInt(cursor, 10, 64)
		if err != nil || n <= 0 {
			return nil, "", domain.ErrBadPageToken
		}
		before = n
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+receiptCols+` FROM receipts WHERE brain = ? AND seq < ? ORDER BY seq DESC LIMIT ?`), brain, before, limit+1)
	if err != nil {
		return nil, "", fail("list receipts", err)
	}
	defer rows.Close()
	var out []domain.Receipt
	var seqs []int64
	for rows.Next() {
		r, seq, err := scan(rows)
		if err != nil {
			return nil, "", fail("scan receipt", err)
		}
		out = append(out, r)
		seqs = append(seqs, seq)
	}
	if err := rows.Err(); err != nil {
		return nil, "", fail("list receipts", err)
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		next = strconv.FormatInt(seqs[limit-1], 10)
	}
	return out, next, nil
}

// LastReceipt is the newest receipt of a kind.
func (s *Store) LastReceipt(ctx context.Context, brain, kind string) (domain.Receipt, bool, error) {
	r, _, err := scan(s.db.QueryRowContext(ctx, s.q(`SELECT `+receiptCols+` FROM receipts WHERE brain = ? AND kind = ? ORDER BY seq DESC LIMIT 1`), brain, kind))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Receipt{}, false, nil
	}
	if err != nil {
		return domain.Receipt{}, false, fail("last receipt", err)
	}
	return r, true, nil
}
