package store

import (
	"context"
	"path/filepath"
	"testing"
)

func TestWriterDurabilitySettings(t *testing.T) {
	s, err := OpenFile(context.Background(), filepath.Join(t.TempDir(), "m.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var auto, cache int
	if err := s.w.QueryRow(`PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil {
		t.Fatal(err)
	}
	if err := s.w.QueryRow(`PRAGMA cache_size`).Scan(&cache); err != nil {
		t.Fatal(err)
	}
	var sync int
	if err := s.w.QueryRow(`PRAGMA synchronous`).Scan(&sync); err != nil {
		t.Fatal(err)
	}
	// synchronous=FULL (2) is the durability promise: the WAL is fsynced before a commit returns.
	if auto != 0 || cache != -65536 || sync != 2 {
		t.Fatalf("got wal_autocheckpoint=%d cache_size=%d synchronous=%d, want 0, -65536, 2 (FULL)", auto, cache, sync)
	}
}
