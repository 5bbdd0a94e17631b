package medulla_test

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// stormClaims is the memory a recall-during-storm run starts from: large enough that a recall
// reads a real index, small enough that both corpora load in seconds.
const stormClaims = 10_000

// recallDuringStorm runs one caller's two-word recalls, one after another, for as long as a
// 32-writer memorize storm of n calls runs beside it, and returns the recalls' p50 and p99,
// their number and the storm's memorize/s. On SQLite a recall first waits for the text index to
// take in what the writer committed; on PostgreSQL the flush keeps the index and bm25's counts
// exact, and a recall waits for the brain only as any read of a busy table does. The live count
// is not checked: the storm changes it.
func recallDuringStorm(b *testing.B, svc *domain.Service, vocab []string, n int, tag string) (p50, p99 time.Duration, recalls int, rate float64) {
	rng := rand.New(rand.NewPCG(3, 5))
	var stormDone atomic.Bool
	rateCh := make(chan float64, 1)
	go func() {
		defer stormDone.Store(true)
		rateCh <- storm(b, svc, n, tag)
	}()
	var lat []time.Duration
	for !stormDone.Load() {
		_, d := timedRecall(b, svc, rng, vocab)
		lat = append(lat, d)
	}
	return percentile(lat, 50), percentile(lat, 99), len(lat), <-rateCh
}

// BenchmarkBackendsRecallDuringStorm: recall p50/p99 over 10,000 claims while 32 writers
// memorize 20,000 claims, one caller recalling back to back for as long as the storm lasts,
// on each backend; PostgreSQL's p50 and p99 as multiples of SQLite's (the goal is at most 2,
// as for recall without writes). What a user meets through gRPC is BenchmarkGRPCBackendsRecallDuringStorm.
func BenchmarkBackendsRecallDuringStorm(b *testing.B) {
	n := max(b.N, 20000)
	p50, p99 := map[string]time.Duration{}, map[string]time.Duration{}
	for _, backend := range []string{"sqlite", "postgres"} {
		svc, done := openBackend(b, backend)
		vocab := corpus(b, svc, stormClaims)
		var recalls int
		var rate float64
		p50[backend], p99[backend], recalls, rate = recallDuringStorm(b, svc, vocab, n, "storm")
		done()
		b.ReportMetric(float64(recalls), backend+"-recalls")
		b.ReportMetric(rate, backend+"-memorize/s")
	}
	reportLatencies(b, p50, p99)
}

// BenchmarkGRPCBackendsRecallDuringStorm is BenchmarkBackendsRecallDuringStorm through gRPC: one
// medulla per backend behind the real interceptor chain, 32 writer agents memorizing while one
// reader agent recalls back to back; p50/p99 on each backend and PostgreSQL's as multiples of
// SQLite's (the goal is at most 2).
func BenchmarkGRPCBackendsRecallDuringStorm(b *testing.B) {
	n := max(b.N, 20000)
	repo := b.TempDir()
	p50, p99 := map[string]time.Duration{}, map[string]time.Duration{}
	for _, backend := range []string{"sqlite", "postgres"} {
		sel := backend
		if backend == "postgres" {
			sel = pg.Database(b)
		}
		dir := b.TempDir()
		vocab := corpusAt(b, sel, dir, repo, stormClaims)
		if b.Failed() {
			b.FailNow()
		}
		m := serveMedulla(b, sel, dir)
		clients := agents([]grpcMedulla{m}, 33)
		reader := clients[32]
		rng := rand.New(rand.NewPCG(3, 5))
		var stormDone atomic.Bool
		rateCh := make(chan float64, 1)
		go func() {
			defer stormDone.Store(true)
			rateCh <- grpcMemorizeStorm(b, clients[:32], n, "storm")
		}()
		var lat []time.Duration
		for !stormDone.Load() {
			q := vocab[rng.IntN(len(vocab))] + " " + vocab[rng.IntN(len(vocab))]
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			start := time.Now()
			_, err := reader.Recall(ctx, &medullav1.RecallRequest{Brain: "loja", Query: q})
			lat = append(lat, time.Since(start))
			cancel()
			if err != nil {
				b.Error(err)
				break
			}
		}
		rate := <-rateCh
		p50[backend], p99[backend] = percentile(lat, 50), percentile(lat, 99)
		b.ReportMetric(float64(len(lat)), backend+"-recalls")
		b.ReportMetric(rate, backend+"-memorize/s")
	}
	reportLatencies(b, p50, p99)
}
