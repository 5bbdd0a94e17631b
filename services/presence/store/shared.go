package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"hash/fnv"

	"github.com/organism-dev/organism/services/presence/domain"
)

// The part of the store that lets several presence replicas share one roster (PostgreSQL only):
// a writers' lock every replica takes around a write, and the beats other replicas flushed.

var _ domain.SharedStore = (*Store)(nil)

// ErrNotShared is LockWriters' answer on SQLite, where one process owns the file.
var ErrNotShared = errors.New("presence store: not shared between processes")

// Shared reports whether other processes may write this store at the same time.
func (s *Store) Shared() bool { return s.pg }

// writersKey is the advisory lock presence writers take, one per database.
var writersKey = func() int64 {
	h := fnv.New64a()
	h.Write([]byte("organism/presence/writers"))
	return int64(h.Sum64())
}()

// LockWriters takes the writers' lock (a session advisory lock on a connection held for the
// purpose) and returns its release. While one replica holds it no other replica decides or
// appends events, so event seqs stay dense and each decision sees every earlier one. Should
// the holding connection die, the server releases the lock with it; a second writer that then
// reused a seq would fail on the events primary key rather than fork the log.
func (s *Store) LockWriters(ctx context.Context) (func(), error) {
	if !s.pg {
		return nil, ErrNotShared
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, wrap("lock writers", err)
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, writersKey); err != nil {
		conn.Raw(func(any) error { return driver.ErrBadConn })
		conn.Close()
		return nil, wrap("lock writers", err)
	}
	return func() {
		// Unlock with a fresh context: the caller's may be done, and the lock must go.
		if _, err := conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, writersKey); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		conn.Close()
	}, nil
}

// Beats returns every stored presence's last_beat: what the replicas' flushes wrote.
func (s *Store) Beats(ctx context.Context) ([]domain.Beat, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, last_beat FROM presences`)
	if err != nil {
		return nil, wrap("beats", err)
	}
	defer rows.Close()
	var out []domain.Beat
	for rows.Next() {
		var id string
		var ns int64
		if err := rows.Scan(&id, &ns); err != nil {
			return nil, wrap("beats", err)
		}
		out = append(out, domain.Beat{ID: id, LastBeat: timeOf(ns)})
	}
	return out, wrap("beats", rows.Err())
}
