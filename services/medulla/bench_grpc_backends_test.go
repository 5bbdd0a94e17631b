package medulla_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/principal"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/store"
)

// The backend figures again, this time through the API an agent calls: the generated client,
// the real interceptor chain verifying a real token, and the server, over bufconn. Three
// setups run side by side in one process: SQLite, PostgreSQL served by one medulla, and
// PostgreSQL served by two medulla replicas on the same database (each its own Service, store
// and pool, as two processes have), with the callers split between them. The named baseline
// is SQLite through gRPC. Setups alternate (rounds for memorize, request by request for
// recall) so a change in the shared machine's load lands on all three alike.

// grpcSetups are the three setups, in the order they are measured and reported.
var grpcSetups = []string{"sqlite", "postgres", "postgres-2-replicas"}

// grpcMedulla is one medulla served behind the real interceptor chain on bufconn.
type grpcMedulla struct {
	env *grpctest.Env
	svc *medulla.Service
}

// serveMedulla opens a medulla on sel ("sqlite" in dir, or a DSN) and serves it; both stop
// when b ends.
func serveMedulla(b *testing.B, sel, dir string) grpcMedulla {
	b.Helper()
	svc, err := medulla.Open(context.Background(), medulla.Options{DataDir: dir, Store: sel, PeerSyncInterval: -1,
		DoctrineSweepInterval: -1, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	// Cleanups run last-in first-out: the server (registered by Start) stops before Close.
	b.Cleanup(func() { svc.Close() })
	return grpcMedulla{env: grpctest.Start(b, grpctest.Options{}, svc.Register), svc: svc}
}

// agents dials n agents of loja, agent i on replicas[i%len(replicas)].
func agents(replicas []grpcMedulla, n int) []medullav1.MedullaServiceClient {
	out := make([]medullav1.MedullaServiceClient, n)
	for i := range out {
		out[i] = medullav1.NewMedullaServiceClient(replicas[i%len(replicas)].env.Agent(fmt.Sprintf("bench-%d", i), "executor", "loja"))
	}
	return out
}

// registerLoja registers brain loja through the owner's client of m.
func registerLoja(b *testing.B, m grpcMedulla) {
	b.Helper()
	owner := medullav1.NewMedullaServiceClient(m.env.Owner())
	if _, err := owner.RegisterBrain(context.Background(), &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: b.TempDir()}); err != nil {
		b.Fatal(err)
	}
}

// grpcMemorizeStorm runs n memorize calls from 32 writers, writer w through clients[w %
// len(clients)], and returns acknowledged calls/s.
func grpcMemorizeStorm(b *testing.B, clients []medullav1.MedullaServiceClient, n int, tag string) float64 {
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := clients[w%len(clients)]
			for {
				i := next.Add(1)
				if i > int64(n) {
					return
				}
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				_, err := c.Memorize(ctx, &medullav1.MemorizeRequest{Brain: "loja", Slug: fmt.Sprintf("%s-%d", tag, i%4096),
					Body: fmt.Sprintf("claim %d written by writer %d", i, w), Confidence: 0.5})
				cancel()
				if err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return float64(n) / time.Since(start).Seconds()
}

// BenchmarkGRPCBackendsMemorize32Writers: acknowledged memorize/s with 32 writers through
// gRPC on SQLite, on PostgreSQL with one medulla, and on PostgreSQL with two medulla replicas
// (16 writers on each). Three alternating rounds per setup; the medians are reported, with
// each PostgreSQL setup's rate as a fraction of SQLite's (the goal is at least 0.5 per replica).
func BenchmarkGRPCBackendsMemorize32Writers(b *testing.B) {
	const rounds = 3
	perRound := max(b.N, 15000) / rounds
	lite := serveMedulla(b, "sqlite", b.TempDir())
	registerLoja(b, lite)
	// One database per PostgreSQL setup, so each holds the same history SQLite does.
	one := serveMedulla(b, pg.Database(b), b.TempDir())
	registerLoja(b, one)
	dsn := pg.Database(b)
	twoA := serveMedulla(b, dsn, b.TempDir())
	registerLoja(b, twoA)
	twoB := serveMedulla(b, dsn, b.TempDir())
	clients := map[string][]medullav1.MedullaServiceClient{
		"sqlite":              agents([]grpcMedulla{lite}, 4),
		"postgres":            agents([]grpcMedulla{one}, 4),
		"postgres-2-replicas": agents([]grpcMedulla{twoA, twoB}, 4),
	}
	// Warm each setup's connections, pools and plans before anything is timed.
	for _, s := range grpcSetups {
		grpcMemorizeStorm(b, clients[s], 500, "warm")
	}
	b.ResetTimer()
	rates := map[string][]float64{}
	for r := range rounds {
		for _, s := range grpcSetups {
			rates[s] = append(rates[s], grpcMemorizeStorm(b, clients[s], perRound, fmt.Sprintf("r%d", r)))
		}
	}
	b.StopTimer()
	med := map[string]float64{}
	for _, s := range grpcSetups {
		med[s] = benchfig.Median(rates[s])
		b.ReportMetric(med[s], s+"-memorize/s")
	}
	b.ReportMetric(med["postgres"]/med["sqlite"], "x-postgres-vs-sqlite")
	b.ReportMetric(med["postgres-2-replicas"]/med["sqlite"], "x-postgres-2-replicas-vs-sqlite")
	b.ReportMetric(med["postgres-2-replicas"]/med["postgres"], "x-postgres-2-replicas-vs-1")
	benchfig.ReportLoadAvg(b)
}

// corpusAt builds claims live claims in brain loja of the store sel names ("sqlite" in dir, or
// a DSN) through the domain, which is much faster than through the API and is not what is
// measured, then closes the store so a served medulla can open it; it returns the vocabulary.
// Safe to run beside another call: it reports a failure with b.Error and returns nil.
func corpusAt(b *testing.B, sel, dir, repo string, claims int) []string {
	st, err := store.OpenFor(context.Background(), sel, dir, store.Options{})
	if err != nil {
		b.Error(err)
		return nil
	}
	defer st.Close()
	svc, err := domain.New(context.Background(), domain.Options{Store: st})
	if err != nil {
		b.Error(err)
		return nil
	}
	owner := principal.Principal{Origin: principal.OriginHumanCLI}
	if _, _, err := svc.RegisterBrain(context.Background(), owner, domain.RegisterBrainInput{Name: "loja", RepoRoot: repo}); err != nil {
		b.Error(err)
		return nil
	}
	return corpus(b, svc, claims)
}

// BenchmarkGRPCBackendsRecall100k: recall p50/p99 over 100,000 live claims through gRPC, one
// caller at a time, on SQLite, on PostgreSQL with one medulla, and on PostgreSQL with two
// medulla replicas (the caller's recalls alternate between them). Each two-word query goes to
// the three setups in turn, so all three see the machine as it was at that moment. Reported:
// each setup's p50/p99, and each PostgreSQL setup's as a multiple of SQLite's (the goal is at
// most 2). One caller measures what a recall costs; whether two replicas read more per second
// than one is BenchmarkBackendsRecallReplicas.
func BenchmarkGRPCBackendsRecall100k(b *testing.B) {
	const claims = 100_000
	n := max(b.N, 2000)
	dir, repo, dsn := b.TempDir(), b.TempDir(), pg.Database(b)
	// Both corpora load at once (PostgreSQL's loader mostly waits on its commits), which keeps
	// the benchmark near a minute; corpus draws the same claims from a fixed seed each time.
	vocabs := make([][]string, 2)
	var wg sync.WaitGroup
	for i, sel := range []string{"sqlite", dsn} {
		wg.Add(1)
		go func() { defer wg.Done(); vocabs[i] = corpusAt(b, sel, dir, repo, claims) }()
	}
	wg.Wait()
	if b.Failed() {
		b.FailNow()
	}
	vocab := vocabs[0]
	lite := serveMedulla(b, "sqlite", dir)
	one := serveMedulla(b, dsn, b.TempDir())
	two := serveMedulla(b, dsn, b.TempDir())
	callers := map[string][]medullav1.MedullaServiceClient{
		"sqlite":              agents([]grpcMedulla{lite}, 1),
		"postgres":            agents([]grpcMedulla{one}, 1),
		"postgres-2-replicas": agents([]grpcMedulla{one, two}, 2),
	}
	rng := rand.New(rand.NewPCG(3, 5))
	recall := func(c medullav1.MedullaServiceClient, q string) time.Duration {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		start := time.Now()
		res, err := c.Recall(ctx, &medullav1.RecallRequest{Brain: "loja", Query: q})
		took := time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		if res.GetLiveClaims() != claims {
			b.Fatalf("got %d live claims, want %d", res.GetLiveClaims(), claims)
		}
		return took
	}
	// Warm every replica's pool, statement plans and the servers' caches first.
	for i := range 100 {
		q := vocab[rng.IntN(len(vocab))] + " " + vocab[rng.IntN(len(vocab))]
		for _, s := range grpcSetups {
			cs := callers[s]
			recall(cs[i%len(cs)], q)
		}
	}
	b.ResetTimer()
	lat := map[string][]time.Duration{}
	for i := range n {
		q := vocab[rng.IntN(len(vocab))] + " " + vocab[rng.IntN(len(vocab))]
		for _, s := range grpcSetups {
			cs := callers[s]
			lat[s] = append(lat[s], recall(cs[i%len(cs)], q))
		}
	}
	b.StopTimer()
	msOf := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	p50, p99 := map[string]time.Duration{}, map[string]time.Duration{}
	for _, s := range grpcSetups {
		p50[s], p99[s] = percentile(lat[s], 50), percentile(lat[s], 99)
		b.ReportMetric(msOf(p50[s]), s+"-p50-ms")
		b.ReportMetric(msOf(p99[s]), s+"-p99-ms")
	}
	for _, s := range grpcSetups[1:] {
		b.ReportMetric(float64(p50[s])/float64(p50["sqlite"]), "x-"+s+"-vs-sqlite-p50")
		b.ReportMetric(float64(p99[s])/float64(p99["sqlite"]), "x-"+s+"-vs-sqlite-p99")
	}
	benchfig.ReportLoadAvg(b)
}
