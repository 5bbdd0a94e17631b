package pgdb

import (
	"context"
	"database/sql"
	"time"
)

// MaxTxAttempts bounds how often InTx runs a transaction that keeps losing races.
const MaxTxAttempts = 8

// InTx runs fn in a transaction and commits it, retrying the whole transaction while it fails
// with IsBusy (serialization failure, deadlock, lock not available) up to MaxTxAttempts times,
// with a short growing pause between attempts. fn must be safe to run again: it should only
// touch the database through tx and keep its results in variables it resets each time. With
// opts.Isolation = sql.LevelSerializable PostgreSQL enforces read-then-write invariants across
// replicas; the retry is what makes that usable.
func InTx(ctx context.Context, db *sql.DB, opts *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	var err error
	for attempt := 1; ; attempt++ {
		err = once(ctx, db, opts, fn)
		if err == nil || !IsBusy(err) || attempt == MaxTxAttempts {
			return err
		}
		// A pause on the wall clock: it spaces out retries against a real database.
		t := time.NewTimer(time.Duration(attempt*attempt) * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
	}
}

func once(ctx context.Context, db *sql.DB, opts *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Rebind turns a query written with SQLite's ? placeholders into PostgreSQL's $1, $2, ...,
// leaving ? inside quoted strings, quoted identifiers and comments alone, so a store can share
// simple statements between its two backends. The ? operators of jsonb have no meaning for
// SQLite anyway; a query using them is written for PostgreSQL directly and not rebound.
func Rebind(q string) string {
	var b []byte
	n := 0
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch c {
		case '\'', '"':
			j := i + 1
			for j < len(q) {
				if q[j] == c {
					if j+1 < len(q) && q[j+1] == c { // doubled quote inside the literal
						j += 2
						continue
					}
					break
				}
				j++
			}
			b = append(b, q[i:min(j+1, len(q))]...)
			i = j
		case '-':
			if i+1 < len(q) && q[i+1] == '-' {
				j := i
				for j < len(q) && q[j] != '\n' {
					j++
				}
				b = append(b, q[i:j]...)
				i = j - 1
				continue
			}
			b = append(b, c)
		case '?':
			n++
			b = append(b, '$')
			b = appendInt(b, n)
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}
