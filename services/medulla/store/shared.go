package store

import (
	"context"
	"database/sql"

	"github.com/organism-dev/organism/platform/pgdb"
)

// sqlReads are the reads both backends answer with the same SQL: statements are written with
// SQLite's ? placeholders and rebound to PostgreSQL's $n when pg is set. Full-text search is not
// among them (FTS5 and tsvector differ too much); each backend has its own.
type sqlReads struct {
	db *sql.DB
	pg bool
}

func (s *sqlReads) q(query string) string { return rebind(s.pg, query) }

func (s *sqlReads) wrap(op string, err error) error { return wrapFor(s.pg, op, err) }

// sqlTx is the small-table side of a write transaction (peers, foreign material, reuse events,
// flags), the same SQL on both backends: these tables are written rarely, so their statements
// go straight to the transaction.
type sqlTx struct {
	ctx context.Context
	tx  sqlRunner
	pg  bool
	// forUpdate is appended to the foreign claim read inside a write: on PostgreSQL it locks the
	// row, so two replicas adopting the same material take turns and the second sees it adopted.
	forUpdate string
}

// sqlRunner is what sqlTx runs its statements on: SQLite's *sql.Tx, or PostgreSQL's
// pgSession (a transaction begun by hand on a pinned connection).
type sqlRunner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func newSQLTx(ctx context.Context, tx sqlRunner, pg bool) *sqlTx {
	t := &sqlTx{ctx: ctx, tx: tx, pg: pg}
	if pg {
		t.forUpdate = " FOR UPDATE OF f"
	}
	return t
}

func (t *sqlTx) q(query string) string { return rebind(t.pg, query) }

func (t *sqlTx) wrap(op string, err error) error { return wrapFor(t.pg, op, err) }

func rebind(pg bool, query string) string {
	if pg {
		return pgdb.Rebind(query)
	}
	return query
}

func wrapFor(pg bool, op string, err error) error {
	if pg {
		return pgWrap(op, err)
	}
	return wrap(op, err)
}

// feedbackSums counts not_wrong and wrong learn events, portable to both backends (SQLite sums
// booleans, PostgreSQL does not).
const feedbackSums = `COALESCE(SUM(CASE WHEN feedback = 'not_wrong' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN feedback = 'wrong' THEN 1 ELSE 0 END), 0)`
