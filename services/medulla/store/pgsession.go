package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// pgSession is one write transaction on a connection taken from the pool, begun and ended by
// hand so that its statements can share round trips: BEGIN travels with the first brain's
// lock, and the flush with COMMIT (pgx sends each pair as one pipelined batch). A batch of
// writes to one brain is then two round trips, plus one read per slug the replica does not
// remember, where database/sql's Tx made BEGIN, lock, flush and COMMIT four; and one when the
// lock rides with the flush (pgTx.speculate: BEGIN, flush_write, COMMIT).
//
// Its Exec/Query methods are what the shared small-table statements (sqlTx) run on; they
// begin the transaction first if nothing has yet.
type pgSession struct {
	conn  *sql.Conn
	begun bool
	ended bool
	// err is a BEGIN that failed; every later statement fails with the connection anyway,
	// and commit reports it, so it is never lost.
	err error
	// before, when set, runs once ahead of the first statement sent through Exec/Query: a
	// transaction running on a brain it has not locked yet (pgTx.settle) locks it there.
	before func() error
}

// settle runs the before hook, once. Its failure is the transaction's: kept in c.err, it fails
// every later statement and commit, and the writer reads it there whatever a write made of it.
func (c *pgSession) settle() error {
	if f := c.before; f != nil {
		c.before = nil
		if err := f(); err != nil {
			if c.err == nil {
				c.err = err
			}
			return err
		}
	}
	return c.err
}

func (c *pgSession) begin(ctx context.Context) error {
	if !c.begun {
		c.begun = true
		_, c.err = c.conn.ExecContext(ctx, `BEGIN`)
	}
	return c.err
}

func (c *pgSession) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if err := c.settle(); err != nil {
		return nil, err
	}
	if err := c.begin(ctx); err != nil {
		return nil, err
	}
	return c.conn.ExecContext(ctx, query, args...)
}

func (c *pgSession) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if err := c.settle(); err != nil {
		return nil, err
	}
	if err := c.begin(ctx); err != nil {
		return nil, err
	}
	return c.conn.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query after BEGIN. A failed BEGIN or hook cannot be handed back through
// a *sql.Row: the query then runs on a connection that fails it (a failed BEGIN), or the
// error is kept in c.err, which fails every later statement and commit, so it is never lost.
func (c *pgSession) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if c.settle() != nil {
		// A query on a cancelled context comes back as a *sql.Row holding that error.
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		return c.conn.QueryRowContext(cctx, query, args...)
	}
	c.begin(ctx)
	return c.conn.QueryRowContext(ctx, query, args...)
}

// queryRow runs one query returning one row, with BEGIN in the same round trip when the
// transaction has not begun. No row is sql.ErrNoRows, as database/sql says it.
func (c *pgSession) queryRow(ctx context.Context, query string, args []any, dest ...any) error {
	if c.begun {
		if c.err != nil {
			return c.err
		}
		return c.conn.QueryRowContext(ctx, query, args...).Scan(dest...)
	}
	c.begun = true
	return c.pipeline(ctx, func(pc *pgx.Conn) error {
		b := &pgx.Batch{}
		b.Queue(`BEGIN`)
		b.Queue(query, args...)
		br := pc.SendBatch(ctx, b)
		if _, err := br.Exec(); err != nil {
			c.err = err
			br.Close()
			return err
		}
		err := br.QueryRow().Scan(dest...)
		return errors.Join(err, closeUnlessFailed(br, err))
	})
}

// commit sends query (the flush; "" for none) and COMMIT in one round trip, handing the
// flush's rows to scan. A nil return is COMMIT returned: with synchronous_commit=on, the WAL
// is on disk.
func (c *pgSession) commit(ctx context.Context, query string, args []any, scan func(pgx.Rows) error) error {
	if c.err != nil {
		return c.err
	}
	if !c.begun && query == "" {
		// Nothing was read or written: there is no transaction to end.
		c.ended = true
		return nil
	}
	err := c.pipeline(ctx, func(pc *pgx.Conn) error {
		b := &pgx.Batch{}
		if !c.begun {
			b.Queue(`BEGIN`)
		}
		if query != "" {
			b.Queue(query, args...)
		}
		b.Queue(`COMMIT`)
		br := pc.SendBatch(ctx, b)
		first := 0
		if !c.begun {
			if _, err := br.Exec(); err != nil {
				br.Close()
				return err
			}
			first = 1
		}
		if query != "" {
			rows, err := br.Query()
			if err == nil {
				for rows.Next() {
					if err = scan(rows); err != nil {
						break
					}
				}
				rows.Close()
				if err == nil {
					err = rows.Err()
				}
			}
			if err != nil {
				br.Close()
				return err
			}
			first++
		}
		for i := first; i < b.Len(); i++ {
			if _, err := br.Exec(); err != nil {
				br.Close()
				return err
			}
		}
		return br.Close()
	})
	c.begun = true
	if err == nil {
		c.ended = true
	}
	return err
}

// rollback ends a transaction that did not commit. When it cannot (the connection is gone or
// confused), the connection is thrown away rather than returned to the pool.
func (c *pgSession) rollback(ctx context.Context) {
	if !c.begun || c.ended {
		return
	}
	c.ended = true
	if _, err := c.conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`); err != nil {
		c.conn.Raw(func(any) error { return driver.ErrBadConn })
	}
}

// pipeline hands fn the connection's pgx.Conn, for a batch database/sql cannot send.
func (c *pgSession) pipeline(ctx context.Context, fn func(*pgx.Conn) error) error {
	return c.conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return errors.New("postgres store: the pool's connections are not pgx's")
		}
		return fn(sc.Conn())
	})
}

// closeUnlessFailed closes a batch whose results were read; after a failed read Close only
// repeats the error.
func closeUnlessFailed(br pgx.BatchResults, err error) error {
	cerr := br.Close()
	if err != nil {
		return nil
	}
	return cerr
}
