package medulla_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/pgtest"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// One throwaway PostgreSQL for the package (durable: the outage drill crashes it); each test
// that asks gets a database of its own.
var pg = pgtest.New(pgtest.Options{Durable: true})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

// ack is one acknowledged memorize: what the caller was told is durable.
type ack struct {
	slug, body string
	version    int64
}

// history reads every version of a slug through the API, oldest first.
func (f *fixture) history(brain, slug string) []*medullav1.Claim {
	f.t.Helper()
	var out []*medullav1.Claim
	token := ""
	for n := 0; ; n++ {
		if n == maxPages {
			f.t.Fatalf("history of %s: no end after %d pages", slug, maxPages)
		}
		res, err := f.owner.History(ctx(), &medullav1.HistoryRequest{Brain: brain, Slug: slug, Page: pageReq(500, token)})
		if err != nil {
			f.t.Fatal(err)
		}
		out = append(out, res.GetVersions()...)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return out
		}
	}
}

// TestTwoReplicasNoLostOrForkedVersions runs two medulla services on one PostgreSQL database,
// with 32 writers split between them memorizing a few hot slugs through the gRPC API. Every
// acknowledged version is a distinct (slug, version), each slug's history is contiguous with
// exactly one live version holding an acknowledged body, and the store version counts every
// acknowledged write: none lost, none forked.
func TestTwoReplicasNoLostOrForkedVersions(t *testing.T) {
	dsn := pg.Database(t)
	a := newFixtureWith(t, fixtureOpts{store: dsn})
	b := newFixtureWith(t, fixtureOpts{store: dsn, replica: true})
	clients := []medullav1.MedullaServiceClient{a.agentIn("agent-a", "loja"), b.agentIn("agent-b", "loja")}
	before := a.brain("loja").GetStoreVersion()

	const writers, each, slugs = 32, 12, 4
	acks := make(chan ack, writers*each)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := clients[w%2]
			for i := range each {
				req := fact(fmt.Sprintf("hot-%d", (w+i)%slugs), fmt.Sprintf("writer %d call %d", w, i))
				res, err := c.Memorize(ctx(), req)
				if err != nil {
					t.Errorf("writer %d call %d: %v", w, i, err)
					return
				}
				acks <- ack{slug: req.GetSlug(), body: req.GetBody(), version: res.GetClaim().GetVersion()}
			}
		}()
	}
	wg.Wait()
	close(acks)

	seen := map[string]ack{}
	for k := range acks {
		key := fmt.Sprintf("%s@%d", k.slug, k.version)
		if prev, dup := seen[key]; dup {
			t.Fatalf("%s acknowledged twice (%q and %q): a forked version", key, prev.body, k.body)
		}
		seen[key] = k
	}
	if len(seen) != writers*each {
		t.Fatalf("got %d acknowledged versions, want %d", len(seen), writers*each)
	}
	for i := range slugs {
		slug := fmt.Sprintf("hot-%d", i)
		hist := b.history("loja", slug)
		live := 0
		for j, v := range hist {
			if v.GetVersion() != int64(j+1) {
				t.Fatalf("%s: got version %d at position %d, want contiguous versions", slug, v.GetVersion(), j)
			}
			k, ok := seen[fmt.Sprintf("%s@%d", slug, v.GetVersion())]
			if !ok || k.body != v.GetBody() {
				t.Fatalf("%s v%d: got body %q, want the acknowledged %q", slug, v.GetVersion(), v.GetBody(), k.body)
			}
			if v.GetSupersededAt() == nil {
				live++
			}
		}
		if live != 1 || hist[len(hist)-1].GetSupersededAt() != nil {
			t.Fatalf("%s: got %d live versions, want exactly the last one live", slug, live)
		}
	}
	for _, f := range []*fixture{a, b} {
		if got, want := f.brain("loja").GetStoreVersion(), before+writers*each; got != want {
			t.Fatalf("store version: got %d, want %d (one bump per acknowledged write)", got, want)
		}
	}
}

// TestPostgresRestartDuringMemorizeStorm crashes PostgreSQL in the middle of a memorize storm
// from two replicas and starts it again. During the outage callers get UNAVAILABLE with reason
// STORE_UNAVAILABLE (and nothing else); the services recover by themselves, without a restart;
// and every write acknowledged before, during or after the outage is there afterwards.
func TestPostgresRestartDuringMemorizeStorm(t *testing.T) {
	dsn := pg.Database(t)
	a := newFixtureWith(t, fixtureOpts{store: dsn})
	b := newFixtureWith(t, fixtureOpts{store: dsn, replica: true})
	clients := []medullav1.MedullaServiceClient{a.agentIn("agent-a", "loja"), b.agentIn("agent-b", "loja")}

	var (
		mu          sync.Mutex
		acked       []ack
		ackCount    atomic.Int64
		unavailable atomic.Int64
		stop        atomic.Bool
		wg          sync.WaitGroup
	)
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := clients[w%2]
			for i := 0; !stop.Load(); i++ {
				req := fact(fmt.Sprintf("w%d-c%d", w, i), fmt.Sprintf("writer %d call %d", w, i))
				res, err := c.Memorize(ctx(), req)
				if err != nil {
					code, reason, _, _ := refusalOf(err)
					if code != codes.Unavailable || reason != "STORE_UNAVAILABLE" {
						t.Errorf("writer %d: got %s %s (%v), want success or UNAVAILABLE STORE_UNAVAILABLE", w, code, reason, err)
						return
					}
					unavailable.Add(1)
					// A caller's own backoff before it tries again.
					time.Sleep(20 * time.Millisecond)
					continue
				}
				mu.Lock()
				acked = append(acked, ack{slug: req.GetSlug(), body: req.GetBody(), version: res.GetClaim().GetVersion()})
				mu.Unlock()
				ackCount.Add(1)
			}
		}()
	}
	defer func() { stop.Store(true); wg.Wait() }()

	// waitFor polls a condition with a deadline, so a storm that stalls fails the test in
	// seconds instead of hanging it.
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				stop.Store(true)
				t.Fatalf("gave up waiting for %s (acks %d, unavailable %d)", what, ackCount.Load(), unavailable.Load())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor("acknowledged writes before the outage", func() bool { return ackCount.Load() >= 200 })
	if err := pg.Halt(true); err != nil {
		t.Fatal(err)
	}
	waitFor("UNAVAILABLE answers during the outage", func() bool { return unavailable.Load() >= 16 })
	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	resumedAt := ackCount.Load()
	waitFor("acknowledged writes after the restart", func() bool { return ackCount.Load() >= resumedAt+200 })
	stop.Store(true)
	wg.Wait()

	mu.Lock()
	defer mu.Unlock()
	for _, k := range acked {
		res, err := a.owner.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "loja", Slug: k.slug, Version: k.version})
		if err != nil {
			t.Fatalf("acknowledged %s v%d: %v, want it present", k.slug, k.version, err)
		}
		if res.GetClaim().GetBody() != k.body {
			t.Fatalf("acknowledged %s v%d: got body %q, want %q", k.slug, k.version, res.GetClaim().GetBody(), k.body)
		}
	}
	if unavailable.Load() == 0 {
		t.Fatal("got no UNAVAILABLE answer while the database was down")
	}
	t.Logf("%d acknowledged writes checked; %d UNAVAILABLE answers during the outage", len(acked), unavailable.Load())
}
