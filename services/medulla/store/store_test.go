package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

var t0 = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

func openStore(t *testing.T) *Store {
	t.Helper()
	s, err := OpenFile(context.Background(), filepath.Join(t.TempDir(), "medulla.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Write(context.Background(), func(tx domain.Tx) error {
		return tx.PutBrain(domain.Brain{Name: "loja", RepoRoot: "/r", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0})
	}); err != nil {
		t.Fatal(err)
	}
	return s
}

// write supersedes whatever is live for slug with body, the way the domain does.
func write(tx domain.Tx, slug, body string) error {
	live, err := tx.Live("loja", slug)
	var prev int64
	version := int64(1)
	switch {
	case err == nil:
		prev, version = live.ID, live.Version+1
	case !errors.Is(err, domain.ErrNotFound):
		return err
	}
	c := &domain.Claim{Brain: "loja", Slug: slug, Version: version, Kind: domain.KindFact, Body: body, State: domain.StateAuthored,
		Tier: domain.TierProject, Verse: domain.VerseInternal, WrittenAt: t0.Add(time.Duration(version)), ReceiptID: fmt.Sprintf("r-%s-%d", slug, version)}
	if err := tx.InsertVersion(c, prev); err != nil {
		return err
	}
	_, _, err = tx.BumpStoreVersion("loja")
	if err != nil {
		return err
	}
	return tx.AppendReceipt(&domain.Receipt{ID: c.ReceiptID, Brain: "loja", Kind: domain.ReceiptCommit, Effect: "memorize", Subject: slug, At: t0})
}

// lawBatchSeesItsOwnWrites queues many writes to one slug so they share transactions: each must
// see the version written just before it, even when that version is still in the buffer.
func lawBatchSeesItsOwnWrites(t *testing.T, open opener) {
	s := open(t)
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, "hot", fmt.Sprint(i)) }); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	hist, err := s.History(context.Background(), "loja", "hot")
	if err != nil {
		t.Fatal(err)
	}
	live := 0
	for i, v := range hist {
		if v.Version != int64(i+1) {
			t.Fatalf("got version %d at %d, want contiguous versions", v.Version, i)
		}
		if v.Live() {
			live++
		}
	}
	if len(hist) != 200 || live != 1 || !hist[199].Live() {
		t.Fatalf("got %d versions with %d live, want 200 with only the last live", len(hist), live)
	}
	hits, err := s.Search(context.Background(), domain.SearchQuery{Match: domain.FTSQuery("hot"), Brains: []string{"loja"}, Limit: 10})
	if err != nil || len(hits) != 1 || hits[0].Claim.Version != 200 {
		t.Fatalf("got %d hits %v, want only the live version indexed", len(hits), err)
	}
	b, err := s.Brain(context.Background(), "loja")
	if err != nil || b.StoreVersion != 200 || b.LiveClaims != 1 {
		t.Fatalf("got store version %d live %d (%v), want 200 and 1", b.StoreVersion, b.LiveClaims, err)
	}
}

// lawFailedWriteDoesNotSinkItsBatch makes one write of a batch fail: the others commit, the
// failed one leaves nothing behind, and row ids stay consistent afterwards.
func lawFailedWriteDoesNotSinkItsBatch(t *testing.T, open opener) {
	s := open(t)
	boom := errors.New("boom")
	var wg sync.WaitGroup
	errs := make([]error, 64)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i] = s.Write(context.Background(), func(tx domain.Tx) error {
				if err := write(tx, fmt.Sprintf("s%d", i), "body"); err != nil {
					return err
				}
				if i%10 == 3 {
					return boom
				}
				return nil
			})
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		_, gerr := s.Claim(context.Background(), "loja", fmt.Sprintf("s%d", i), 0)
		if i%10 == 3 {
			if !errors.Is(err, boom) || !errors.Is(gerr, domain.ErrNotFound) {
				t.Fatalf("write %d: got %v and claim err %v, want boom and nothing stored", i, err, gerr)
			}
			continue
		}
		if err != nil || gerr != nil {
			t.Fatalf("write %d: got %v / %v, want committed", i, err, gerr)
		}
	}
	// Ids handed out to the rolled-back writes must not collide with later ones.
	for i := 0; i < 10; i++ {
		if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, fmt.Sprintf("after%d", i), "x") }); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := s.Brain(context.Background(), "loja")
	if b.StoreVersion != 67 || b.LiveClaims != 67 {
		t.Fatalf("got store version %d live %d, want 67 and 67 (57 + 10)", b.StoreVersion, b.LiveClaims)
	}
}

// FuzzRecallQuery drives arbitrary user text through the query builder into a real FTS5 MATCH:
// whatever a caller types, recall must answer (possibly with nothing), never a syntax error.
func FuzzRecallQuery(f *testing.F) {
	s, err := OpenFile(context.Background(), filepath.Join(f.TempDir(), "medulla.db"), Options{})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	if err := s.Write(context.Background(), func(tx domain.Tx) error {
		if err := tx.PutBrain(domain.Brain{Name: "loja", RepoRoot: "/r", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0}); err != nil {
			return err
		}
		return write(tx, "retry-budget", "Payment retries stop after three attempts.")
	}); err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{"retry", `"unbalanced`, "NEAR(a b)", "a OR b AND NOT c", "col:term", "*", "^start", "x -y", "🙂 ünïcödé", "retry*"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for _, m := range []string{domain.FTSQuery(q), domain.FTSAnyQuery(q)} {
			if m == "" {
				continue
			}
			if _, err := s.Search(context.Background(), domain.SearchQuery{Match: m, Brains: []string{"loja"}, Limit: 5}); err != nil {
				t.Fatalf("query %q became %q and failed: %v", q, m, err)
			}
		}
	})
}

// lawStoreVersionAcrossBatches: the writer keeps each brain's store version between batches
// instead of reading it; a rolled-back batch must not leave its bump behind.
func lawStoreVersionAcrossBatches(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	for i := range 5 {
		if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, fmt.Sprintf("s%d", i), "x") }); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("refused after bumping")
	err := s.Write(ctx, func(tx domain.Tx) error {
		if _, _, err := tx.BumpStoreVersion("loja"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v, want the write's own error", err)
	}
	if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "after", "x") }); err != nil {
		t.Fatal(err)
	}
	b, err := s.Brain(ctx, "loja")
	if err != nil {
		t.Fatal(err)
	}
	if b.StoreVersion != 6 {
		t.Fatalf("got store version %d after 6 committed writes and one rolled back, want 6", b.StoreVersion)
	}
}
