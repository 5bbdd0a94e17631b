package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// One throwaway PostgreSQL for the package; each test gets a database of its own.
var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

// opener gives a store on fresh state with the brain "loja" registered.
type opener func(t *testing.T) domain.Store

func openSQLite(t *testing.T) domain.Store { return openStore(t) }

func openPostgres(t *testing.T) domain.Store { return openPostgresAt(t, pg.Database(t), true) }

// openPostgresAt opens a store (a replica) on dsn; register adds loja.
func openPostgresAt(t *testing.T, dsn string, register bool) *PGStore {
	t.Helper()
	s, err := OpenPostgres(context.Background(), dsn, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if register {
		if err := s.Write(context.Background(), func(tx domain.Tx) error {
			return tx.PutBrain(domain.Brain{Name: "loja", RepoRoot: "/r", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0})
		}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// forgetCache drops what a store remembers in memory of the slugs it wrote (SQLite's live
// cache, PostgreSQL's per-brain cache), so the law is checked against what is in the database.
func forgetCache(s domain.Store) {
	switch st := s.(type) {
	case *Store:
		st.cache = newLiveCache(st.cache.max) // only the writer touches it, and it is idle here
	case *PGStore:
		st.cache = newPGCache()
	}
}

func TestConformanceSQLite(t *testing.T)   { conformance(t, openSQLite) }
func TestConformancePostgres(t *testing.T) { conformance(t, openPostgres) }

// conformance is every law of medulla's store, on one backend.
func conformance(t *testing.T, open opener) {
	laws := []struct {
		name string
		law  func(*testing.T, opener)
	}{
		{"a batch sees its own writes", lawBatchSeesItsOwnWrites},
		{"a failed write does not sink its batch", lawFailedWriteDoesNotSinkItsBatch},
		{"store version across batches", lawStoreVersionAcrossBatches},
		{"retire", lawRetire},
		{"foreign material and reuse are idempotent", lawForeignAndReuseAreIdempotent},
		{"withheld doctrine is counted", lawCountWithheld},
		{"a retired slug continues its numbering", lawRetiredSlugContinuesNumbering},
		{"search reads its writes", lawIndexReadsYourWrites},
		{"search never loses a superseded claim", lawIndexNeverLosesASupersededClaim},
		{"search filters and policy exclusions", lawSearchFilters},
		{"a stale supersession is refused", lawStaleSupersession},
		{"paging", lawPaging},
	}
	for _, l := range laws {
		t.Run(l.name, func(t *testing.T) { l.law(t, open) })
	}
}

// claimIn writes a live version 1 of slug in brain (medulla-tier when brain is the medulla).
func claimIn(tx domain.Tx, brain, slug, origin, body string, kind domain.Kind, created time.Time) error {
	tier := domain.TierProject
	if brain == domain.MedullaBrain {
		tier = domain.TierMedulla
	}
	c := &domain.Claim{Brain: brain, Slug: slug, Version: 1, Kind: kind, Body: body, State: domain.StateAuthored, Tier: tier,
		Verse: domain.VerseInternal, WrittenAt: created, ReceiptID: "r-" + brain + "-" + slug,
		Provenance: domain.Provenance{OriginBrain: origin, Created: created}}
	return tx.InsertVersion(c, 0)
}

func slugsOf(hits []domain.SearchHit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Claim.Brain+"/"+h.Claim.Slug)
	}
	slices.Sort(out)
	return out
}

// lawSearchFilters: both backends answer the same set for the same query: words found inside
// slugs and paths, every word or any word, the kind and since filters, and the medulla tier's
// origin rules (an isolated brain's doctrine never crosses, and is counted).
func lawSearchFilters(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	err := s.Write(ctx, func(tx domain.Tx) error {
		for _, b := range []string{domain.MedullaBrain, "iso", "casa"} {
			if err := tx.PutBrain(domain.Brain{Name: b, Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// One version per write, as the domain writes them.
	for _, c := range []struct {
		brain, slug, origin, body string
		kind                      domain.Kind
		at                        time.Time
	}{
		{"loja", "retry-budget", "loja", "Payment retries stop after three attempts; see pay/retry.go.", domain.KindFact, t0},
		{"loja", "jitter", "loja", "Retries carry full jitter.", domain.KindDecision, t0.Add(time.Hour)},
		{"casa", "retry-casa", "casa", "Casa retries twice.", domain.KindFact, t0},
		{domain.MedullaBrain, "loja.retry-budget", "loja", "Payment retries stop after three attempts.", domain.KindFact, t0},
		{domain.MedullaBrain, "iso.retry-secret", "iso", "Isolated retries doctrine.", domain.KindFact, t0},
	} {
		if err := s.Write(ctx, func(tx domain.Tx) error { return claimIn(tx, c.brain, c.slug, c.origin, c.body, c.kind, c.at) }); err != nil {
			t.Fatal(err)
		}
	}
	crossing := []string{"loja", domain.MedullaBrain}
	tests := []struct {
		name string
		q    domain.SearchQuery
		want []string
	}{
		{"a word", domain.SearchQuery{Match: domain.FTSQuery("retries"), Brains: []string{"loja"}},
			[]string{"loja/jitter", "loja/retry-budget"}},
		{"every word", domain.SearchQuery{Match: domain.FTSQuery("retries jitter"), Brains: []string{"loja"}}, []string{"loja/jitter"}},
		{"any word", domain.SearchQuery{Match: domain.FTSAnyQuery("jitter attempts"), Brains: []string{"loja"}},
			[]string{"loja/jitter", "loja/retry-budget"}},
		{"a word of a path", domain.SearchQuery{Match: domain.FTSQuery("retry go"), Brains: []string{"loja"}}, []string{"loja/retry-budget"}},
		{"a word of a slug", domain.SearchQuery{Match: domain.FTSQuery("budget"), Brains: []string{"loja"}}, []string{"loja/retry-budget"}},
		{"kind", domain.SearchQuery{Match: domain.FTSQuery("retries"), Brains: []string{"loja"}, Kinds: []domain.Kind{domain.KindDecision}},
			[]string{"loja/jitter"}},
		{"since", domain.SearchQuery{Match: domain.FTSQuery("retries"), Brains: []string{"loja"}, Since: t0.Add(30 * time.Minute)},
			[]string{"loja/jitter"}},
		{"no query lists newest first", domain.SearchQuery{Brains: []string{"casa"}}, []string{"casa/retry-casa"}},
		{"isolated doctrine does not cross", domain.SearchQuery{Match: domain.FTSQuery("retries"), Brains: crossing, MedullaOriginNotIn: []string{"iso"}},
			[]string{"loja/jitter", "loja/retry-budget", "medulla/loja.retry-budget"}},
		{"only named origins", domain.SearchQuery{Match: domain.FTSQuery("retries"), Brains: []string{domain.MedullaBrain}, MedullaOriginIn: []string{"iso"}},
			[]string{"medulla/iso.retry-secret"}},
		{"another brain stays out", domain.SearchQuery{Match: domain.FTSQuery("casa"), Brains: crossing}, nil},
		{"a word nobody wrote", domain.SearchQuery{Match: domain.FTSQuery("quokka"), Brains: crossing}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.q.Limit, tc.q.Now = 10, t0.Add(2*time.Hour)
			hits, err := s.Search(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := slugsOf(hits); !slices.Equal(got, tc.want) {
				t.Errorf("search: got %v, want %v", got, tc.want)
			}
			n, err := s.CountMatches(ctx, tc.q)
			if err != nil || n != len(tc.want) {
				t.Errorf("count: got %d (%v), want %d", n, err, len(tc.want))
			}
			for _, h := range hits {
				if tc.q.Match != "" && h.Relevance <= 0 {
					t.Errorf("%s: got relevance %v, want > 0 for a match", h.Claim.Slug, h.Relevance)
				}
			}
		})
	}
	more, err := s.MatchesAtLeast(ctx, domain.FTSQuery("retries"), 5)
	if err != nil || !more {
		t.Errorf("matches at least 5 of retries: got %v (%v), want true", more, err)
	}
	if more, err := s.MatchesAtLeast(ctx, domain.FTSQuery("retries"), 6); err != nil || more {
		t.Errorf("matches at least 6 of retries: got %v (%v), want false", more, err)
	}
	words := []string{domain.FTSQuery("retries"), domain.FTSQuery("nowhere"), domain.FTSQuery("retries")}
	for _, tc := range []struct {
		name string
		n    int
		want []bool
	}{
		{"five hold retries", 5, []bool{true, false, true}},
		{"not six", 6, []bool{false, false, false}},
	} {
		got, err := s.CommonWords(ctx, words, tc.n)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("common words, %s: got %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
}

// lawStaleSupersession: a write whose view of a slug is stale (it supersedes a version that is
// no longer live) is refused and leaves nothing behind: the slug never forks.
func lawStaleSupersession(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	for i := range 2 {
		if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", fmt.Sprint(i)) }); err != nil {
			t.Fatal(err)
		}
	}
	v1, err := s.Claim(ctx, "loja", "hot", 1)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Write(ctx, func(tx domain.Tx) error {
		c := &domain.Claim{Brain: "loja", Slug: "hot", Version: 3, Kind: domain.KindFact, Body: "stale", State: domain.StateAuthored,
			Tier: domain.TierProject, Verse: domain.VerseInternal, WrittenAt: t0, ReceiptID: "r-stale"}
		return tx.InsertVersion(c, v1.ID)
	})
	if err == nil {
		t.Fatal("got a committed supersession of a superseded version, want it refused")
	}
	hist, err := s.History(ctx, "loja", "hot")
	if err != nil || len(hist) != 2 || !hist[1].Live() || hist[1].Body != "1" {
		t.Fatalf("got history %v (%v), want v1 and a live v2 only", hist, err)
	}
}

// lawPaging: claims page by row id, receipts newest first, on either backend.
func lawPaging(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	for i := range 7 {
		if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, fmt.Sprintf("p%d", i), "paged") }); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	var after int64
	for pages := 0; ; pages++ {
		if pages > 10 {
			t.Fatalf("claims paging: still going after 10 pages (%v)", got)
		}
		page, err := s.Claims(ctx, "loja", false, after, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, c := range page {
			got = append(got, c.Slug)
		}
		after = page[len(page)-1].ID
	}
	if want := []string{"p0", "p1", "p2", "p3", "p4", "p5", "p6"}; !slices.Equal(got, want) {
		t.Fatalf("claims: got %v, want %v", got, want)
	}
	rs, err := s.Receipts(ctx, "loja", 0, 3)
	if err != nil || len(rs) != 3 || rs[0].Subject != "p6" || rs[2].Subject != "p4" {
		t.Fatalf("receipts page 1: got %v (%v), want p6 p5 p4", rs, err)
	}
	rs, err = s.Receipts(ctx, "loja", rs[2].Seq, 10)
	if err != nil || len(rs) != 4 || rs[0].Subject != "p3" {
		t.Fatalf("receipts page 2: got %v (%v), want p3 .. p0", rs, err)
	}
}

// TestReplicasShareOneHead: two PostgreSQL stores (two replicas) on one database, 32 writers
// split between them on a few hot slugs. Every slug keeps contiguous versions with exactly one
// live; the store version counts every write; no write is lost.
func TestReplicasShareOneHead(t *testing.T) {
	dsn := pg.Database(t)
	a := openPostgresAt(t, dsn, true)
	b := openPostgresAt(t, dsn, false)
	ctx := context.Background()
	const writers, each, slugs = 32, 25, 4
	var wg sync.WaitGroup
	for w := range writers {
		s := a
		if w%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				if err := s.Write(ctx, func(tx domain.Tx) error {
					return write(tx, fmt.Sprintf("hot%d", (w+i)%slugs), fmt.Sprintf("w%d-%d", w, i))
				}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	total := 0
	for i := range slugs {
		hist, err := a.History(ctx, "loja", fmt.Sprintf("hot%d", i))
		if err != nil {
			t.Fatal(err)
		}
		live := 0
		for j, v := range hist {
			if v.Version != int64(j+1) {
				t.Fatalf("hot%d: got version %d at %d, want contiguous versions", i, v.Version, j)
			}
			// Ids are reserved per batch under the brain's lock: a later version has a larger id.
			if j > 0 && v.ID <= hist[j-1].ID {
				t.Fatalf("hot%d: version %d has id %d, version %d id %d; want ids growing with versions", i, v.Version, v.ID, hist[j-1].Version, hist[j-1].ID)
			}
			if v.Live() {
				live++
			}
		}
		if live != 1 || !hist[len(hist)-1].Live() {
			t.Fatalf("hot%d: got %d live versions, want only the last", i, live)
		}
		total += len(hist)
	}
	br, err := b.Brain(ctx, "loja")
	if err != nil {
		t.Fatal(err)
	}
	if total != writers*each || br.StoreVersion != writers*each || br.LiveClaims != slugs {
		t.Fatalf("got %d versions, store version %d, %d live; want %d, %d and %d", total, br.StoreVersion, br.LiveClaims, writers*each, writers*each, slugs)
	}
}

// TestPostgresOutage: while the server is down every read and write says ErrUnavailable (what
// the organ answers UNAVAILABLE); after it is back the same store serves again by itself.
func TestPostgresOutage(t *testing.T) {
	s := openPostgresAt(t, pg.Database(t), true)
	ctx := context.Background()
	if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "before", "x") }); err != nil {
		t.Fatal(err)
	}
	if err := pg.Halt(false); err != nil {
		t.Fatal(err)
	}
	resumed := false
	defer func() {
		if !resumed {
			pg.Resume()
		}
	}()
	werr := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "during", "x") })
	_, rerr := s.Brain(ctx, "loja")
	_, serr := s.Search(ctx, domain.SearchQuery{Match: domain.FTSQuery("x"), Brains: []string{"loja"}, Limit: 5})
	for name, err := range map[string]error{"write": werr, "brain": rerr, "search": serr} {
		if !errors.Is(err, domain.ErrUnavailable) {
			t.Errorf("%s during the outage: got %v, want ErrUnavailable", name, err)
		}
	}
	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	resumed = true
	if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "after", "x") }); err != nil {
		t.Fatalf("write after the outage: got %v, want it committed", err)
	}
	b, err := s.Brain(ctx, "loja")
	if err != nil || b.StoreVersion != 2 {
		t.Fatalf("got store version %d (%v), want 2 (the write refused during the outage never landed)", b.StoreVersion, err)
	}
}
