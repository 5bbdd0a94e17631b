package sqlitedb_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"

	"github.com/organism-dev/organism/platform/sqlitedb"
)

// TestDurableAcksInCommitOrder: acknowledgements queued from one goroutine arrive in the order
// queued, each after an fsync, and Close answers whatever is still queued.
func TestDurableAcksInCommitOrder(t *testing.T) {
	ctx := context.Background()
	p := filepath.Join(t.TempDir(), "d.db")
	db, err := sqlitedb.Open(ctx, p, nil, sqlitedb.Options{Synchronous: sqlitedb.SyncNormal, MaxOpenConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t(v INTEGER)`); err != nil {
		t.Fatal(err)
	}
	acks := sqlitedb.NewDurableAcks(p)
	var mu sync.Mutex
	var got []int
	const n = 500
	for i := range n {
		if _, err := db.ExecContext(ctx, `INSERT INTO t VALUES (?)`, i); err != nil {
			t.Fatal(err)
		}
		acks.After(func(err error) {
			if err != nil {
				t.Errorf("ack %d: %v", i, err)
			}
			mu.Lock()
			got = append(got, i)
			mu.Unlock()
		})
	}
	acks.Close()
	if len(got) != n {
		t.Fatalf("got %d acknowledgements after Close, want %d", len(got), n)
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("acknowledgement %d was for commit %d, want commit order", i, v)
		}
	}
	syncs, groups := acks.Stats()
	if groups != n || syncs < 1 || syncs > n {
		t.Errorf("got %d fsyncs for %d groups, want 1..%d fsyncs for %d groups", syncs, groups, n, n)
	}
}

// TestDurableAcksRefuseWithoutWAL: when the WAL cannot be fsynced, nobody is told their write is
// durable.
func TestDurableAcksRefuseWithoutWAL(t *testing.T) {
	acks := sqlitedb.NewDurableAcks(filepath.Join(t.TempDir(), "never-opened.db"))
	done := make(chan error, 1)
	acks.After(func(err error) { done <- err })
	acks.Close()
	if err := <-done; !errors.Is(err, sqlitedb.ErrNotDurable) {
		t.Fatalf("got %v, want an error wrapping ErrNotDurable", err)
	}
}
