package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

func search(t *testing.T, s domain.Store, words string) []string {
	t.Helper()
	hits, err := s.Search(context.Background(), domain.SearchQuery{Brains: []string{"loja"}, Match: domain.FTSQuery(words), Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	var slugs []string
	for _, h := range hits {
		slugs = append(slugs, fmt.Sprintf("%s@%d", h.Claim.Slug, h.Claim.Version))
	}
	return slugs
}

// lawIndexReadsYourWrites: a write acknowledged before a search began is found by it, though
// the index is kept by another goroutine in another file.
func lawIndexReadsYourWrites(t *testing.T, open opener) {
	s := open(t)
	for i := range 50 {
		slug := fmt.Sprintf("claim-%d", i)
		if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, slug, fmt.Sprintf("quokka%d lives here", i)) }); err != nil {
			t.Fatal(err)
		}
		if got := search(t, s, fmt.Sprintf("quokka%d", i)); len(got) != 1 || got[0] != slug+"@1" {
			t.Fatalf("search right after write %d: got %v, want [%s@1]", i, got, slug)
		}
	}
}

// lawIndexNeverLosesASupersededClaim: while writers keep superseding one slug, every search
// for its word finds exactly one live version, never none and never two.
func lawIndexNeverLosesASupersededClaim(t *testing.T, open opener) {
	s := open(t)
	if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, "hot", "wombat v0") }); err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; !stop.Load(); i++ {
				if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, "hot", fmt.Sprintf("wombat w%d-%d", w, i)) }); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for range 300 {
		if got := search(t, s, "wombat"); len(got) != 1 {
			stop.Store(true)
			wg.Wait()
			t.Fatalf("search during supersessions: got %v, want exactly one live version of hot", got)
		}
	}
	stop.Store(true)
	wg.Wait()
}

// TestIndexRebuiltAfterUncleanClose: an index that was not closed cleanly (here: rows lost,
// stale rows left, and then the whole file deleted) is reconciled with the live versions on
// the next open.
func TestIndexRebuiltAfterUncleanClose(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "medulla.db")
	open := func() *Store {
		s, err := OpenFile(context.Background(), path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := open()
	if err := s.Write(context.Background(), func(tx domain.Tx) error {
		return tx.PutBrain(domain.Brain{Name: "loja", RepoRoot: "/r", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0})
	}); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, fmt.Sprintf("c%d", i), "numbat first") }); err != nil {
			t.Fatal(err)
		}
	}
	// c0 is superseded, so its first version must not come back from the index.
	if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, "c0", "numbat second") }); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Damage the index behind the store's back: drop live rows, bring back the superseded
	// version, and mark it as not closed cleanly (as a crash leaves it).
	idx, err := sql.Open("sqlite", indexPath(path))
	if err != nil {
		t.Fatal(err)
	}
	var supersededID int64
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT id FROM claim_versions WHERE slug = 'c0' AND version = 1`).Scan(&supersededID); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, q := range []string{
		`DELETE FROM claim_fts WHERE rowid IN (SELECT rowid FROM claim_fts LIMIT 7)`,
		fmt.Sprintf(`INSERT INTO claim_fts (rowid, slug, body) VALUES (%d, 'c0', 'numbat first')`, supersededID),
		`UPDATE index_state SET clean = 0`,
	} {
		if _, err := idx.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	idx.Close()

	check := func(when string) {
		t.Helper()
		s := open()
		defer s.Close()
		got := search(t, s, "numbat")
		if len(got) != 20 {
			t.Fatalf("%s: got %d hits %v, want the 20 live claims", when, len(got), got)
		}
		for _, h := range got {
			if h == "c0@1" {
				t.Fatalf("%s: the superseded version c0@1 came back", when)
			}
		}
	}
	check("after a damaged index")

	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(indexPath(path) + suffix); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	check("after the index file was deleted")
}

// TestCloseTwice: closing a store twice is harmless, and the second call changes nothing.
func TestCloseTwice(t *testing.T) {
	s, err := OpenFile(context.Background(), filepath.Join(t.TempDir(), "medulla.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: got %v, want nil", err)
	}
}

// TestIndexFileNotADatabase: an index file that is not a database at all is rebuilt from the
// claims instead of keeping medulla from starting.
func TestIndexFileNotADatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "medulla.db")
	s, err := OpenFile(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Write(context.Background(), func(tx domain.Tx) error {
		return tx.PutBrain(domain.Brain{Name: "loja", RepoRoot: "/r", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0})
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, "kept", "echidna burrow") }); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(indexPath(path), []byte("this is not a database, just damaged bytes where one used to be"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err = OpenFile(context.Background(), path, Options{})
	if err != nil {
		t.Fatalf("open over a damaged index: %v", err)
	}
	defer s.Close()
	if got := search(t, s, "echidna"); len(got) != 1 || got[0] != "kept@1" {
		t.Fatalf("search after the rebuild: got %v, want [kept@1]", got)
	}
}

// TestIndexFailureIsReportedAndBounded: when the index cannot be written, writes still commit,
// full-text reads fail at once with the cause instead of waiting, and a backlog past its bound
// is let go so a failing index cannot hold every new claim body in memory.
func TestIndexFailureIsReportedAndBounded(t *testing.T) {
	s := openStore(t)
	s.index.mu.Lock()
	s.index.maxBacklog = 5
	s.index.mu.Unlock()
	// Break the index's own connection: every indexing transaction now fails.
	if err := s.index.db.Close(); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, fmt.Sprintf("c%d", i), "platypus") }); err != nil {
			t.Fatalf("write %d with the index broken: %v", i, err)
		}
	}
	// A read waiting for the index hears of the failure as soon as an attempt fails; the
	// deadline only bounds a broken test.
	deadline := time.Now().Add(30 * time.Second)
	var err error
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		_, err = s.Search(ctx, domain.SearchQuery{Brains: []string{"loja"}, Match: domain.FTSQuery("platypus"), Limit: 5})
		cancel()
		if err != nil && strings.Contains(err.Error(), "let go") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err == nil || !strings.Contains(err.Error(), "full-text index") {
		t.Fatalf("search with a broken index: got %v, want an error naming the full-text index", err)
	}
	s.index.mu.Lock()
	dropped, backlog := s.index.dropped, s.index.pendingRows
	s.index.mu.Unlock()
	if !dropped || backlog != 0 {
		t.Errorf("got dropped %v with %d rows held, want the backlog let go", dropped, backlog)
	}
	// The claims themselves are intact; listing does not need the index.
	hits, err := s.Search(context.Background(), domain.SearchQuery{Brains: []string{"loja"}, Limit: 50})
	if err != nil || len(hits) != 10 {
		t.Errorf("newest-first listing: got %d claims (%v), want 10", len(hits), err)
	}
}
