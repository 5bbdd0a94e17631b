package medulla_test

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// stormClaims is the memory a recall-during-storm run starts from: large enough that a recall
// reads a real index, small enough that both corpora load in seconds.
const stormClaims = 10_000

// recallDuringStorm runs one caller's two-word recalls, one after another, for as long as a
// 32-writer memorize storm of n calls runs beside it, and returns the recalls' p50 and p99,
// their number and the storm's memorize/s. The storm's words are mostly new (storm's bodies), so
// on PostgreSQL every recall meets bm25 counts still pending; on SQLite it meets an index the
// writer has not yet caught up with. The live count is not checked: the storm changes it.
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
// as for recall without writes). Both backends' reads meet derived data still catching up with
// the writes (SQLite's text index, PostgreSQL's pending bm25 counts), so the comparison is fair.
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
