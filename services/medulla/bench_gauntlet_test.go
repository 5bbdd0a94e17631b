package medulla_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/store"
)

// Shape of the gauntlet benchmark: 50 brains of 2,000 claims each, 100 promoted from each into
// a 5,000-claim medulla tier.
const (
	benchBrains         = 50
	benchClaimsPerBrain = 2000
	benchPromotePerB    = 100
)

func openStoreAt(b *testing.B, path string, maxBatch int) (*domain.Service, func()) {
	b.Helper()
	st, err := store.OpenFile(context.Background(), path, store.Options{MaxBatch: maxBatch})
	if err != nil {
		b.Fatal(err)
	}
	svc, err := domain.New(context.Background(), domain.Options{Store: st})
	if err != nil {
		b.Fatal(err)
	}
	return svc, func() { st.Close() }
}

// parallel runs fn(i) for i in [0, n) on 32 workers and returns the elapsed time.
func parallel(b *testing.B, n int, fn func(i int) error) time.Duration {
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < 32; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(i); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return time.Since(start)
}

func brainName(i int) string { return fmt.Sprintf("b-%d", i) }

// zipfBodies makes n bodies whose words follow a Zipf law over a synthetic vocabulary.
func zipfBodies(n int) ([]string, []string) {
	rng := rand.New(rand.NewPCG(17, 19))
	syll := []string{"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qui", "dre", "fo", "gu", "ha", "jo"}
	vocab := make([]string, 5000)
	for i := range vocab {
		w := ""
		for x := i + 1; x > 0; x /= len(syll) {
			w += syll[x%len(syll)]
		}
		vocab[i] = w + "y"
	}
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
	bodies := make([]string, n)
	for i := range bodies {
		words := make([]string, 12+rng.IntN(20))
		for j := range words {
			words[j] = vocab[zipf.Uint64()]
		}
		bodies[i] = strings.Join(words, " ") + "."
	}
	return bodies, vocab
}

// BenchmarkGauntlet fills 50 brains x 2,000 claims, verifies 100 per brain by the owner's word,
// and measures (1) promote throughput with 32 concurrent promoters into the medulla tier,
// against the same gauntlet with one transaction per call (group commit off), and (2) recall
// latency from one brain over its 2,000 claims plus the 5,000-claim medulla tier with one
// isolated origin withheld and counted, against recall without the FTS index (a LIKE scan of
// the same brains).
func BenchmarkGauntlet(b *testing.B) {
	path := b.TempDir() + "/medulla.db"
	svc, done := openStoreAt(b, path, 0)
	ctx := context.Background()
	owner := principal.Principal{Origin: principal.OriginHumanCLI}
	for i := 0; i < benchBrains; i++ {
		if _, _, err := svc.RegisterBrain(ctx, owner, domain.RegisterBrainInput{Name: brainName(i), RepoRoot: b.TempDir()}); err != nil {
			b.Fatal(err)
		}
	}
	bodies, vocab := zipfBodies(benchBrains * benchClaimsPerBrain)
	parallel(b, len(bodies), func(i int) error {
		brain := brainName(i % benchBrains)
		_, err := svc.Memorize(ctx, owner, domain.MemorizeInput{Brain: brain, Slug: fmt.Sprintf("c-%d", i/benchBrains), Body: bodies[i], Confidence: 0.7})
		return err
	})
	promotes := benchBrains * benchPromotePerB
	parallel(b, promotes, func(i int) error {
		_, err := svc.Verify(ctx, owner, domain.VerifyInput{Brain: brainName(i % benchBrains), Slug: fmt.Sprintf("c-%d", i/benchBrains), OwnerWord: true})
		return err
	})
	promote := func(svc *domain.Service, i int) error {
		brain := brainName(i % benchBrains)
		agent := principal.Principal{AgentID: "agent-" + brain, Seat: "executor", Brain: brain, Origin: principal.OriginAgent}
		res, err := svc.Promote(ctx, agent, domain.PromoteInput{Brain: brain, Slug: fmt.Sprintf("c-%d", i/benchBrains), Reason: "survived a quarter"})
		if err == nil && res.AlreadyPromoted {
			err = fmt.Errorf("promote %d: already promoted", i)
		}
		return err
	}
	done()

	// Baseline: the first 500 promotions with group commit off.
	const naiveN = 500
	naiveSvc, naiveDone := openStoreAt(b, path, 1)
	naiveRate := float64(naiveN) / parallel(b, naiveN, func(i int) error { return promote(naiveSvc, i) }).Seconds()
	naiveDone()

	svc, done = openStoreAt(b, path, 0)
	defer done()
	b.ResetTimer()
	rate := float64(promotes-naiveN) / parallel(b, promotes-naiveN, func(i int) error { return promote(svc, naiveN+i) }).Seconds()
	b.StopTimer()

	// Close one brain after it promoted: recall must withhold and count its doctrine.
	if _, _, err := svc.RegisterBrain(ctx, owner, domain.RegisterBrainInput{Name: brainName(benchBrains - 1), RepoRoot: b.TempDir(), Policy: domain.PolicyIsolated}); err != nil {
		b.Fatal(err)
	}
	agent := principal.Principal{AgentID: "reader", Seat: "executor", Brain: brainName(7), Origin: principal.OriginAgent}
	rng := rand.New(rand.NewPCG(5, 7))
	query := func() string { return vocab[rng.IntN(len(vocab))] + " " + vocab[rng.IntN(len(vocab))] }
	lat := make([]time.Duration, 0, 2000)
	for i := 0; i < 2000; i++ {
		start := time.Now()
		res, err := svc.Recall(ctx, agent, domain.RecallInput{Brain: brainName(7), Query: query()})
		lat = append(lat, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		if want := int64(benchClaimsPerBrain + promotes); res.LiveClaims != want {
			b.Fatalf("got %d live claims searched, want %d", res.LiveClaims, want)
		}
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	naive := make([]time.Duration, 0, 50)
	for i := 0; i < 50; i++ {
		w := strings.Fields(query())
		start := time.Now()
		rows, err := db.Query(`SELECT id, body FROM claim_versions WHERE brain IN (?, 'medulla') AND superseded_at IS NULL
			AND body LIKE ? AND body LIKE ? LIMIT 20`, brainName(7), "%"+w[0]+"%", "%"+w[1]+"%")
		if err != nil {
			b.Fatal(err)
		}
		for rows.Next() {
		}
		rows.Close()
		naive = append(naive, time.Since(start))
	}
	p50, p99, naiveP50 := percentile(lat, 50), percentile(lat, 99), percentile(naive, 50)
	b.ReportMetric(rate, "promote/s")
	b.ReportMetric(naiveRate, "one-tx-per-call-promote/s")
	b.ReportMetric(rate/naiveRate, "x-vs-one-tx-per-call")
	b.ReportMetric(float64(p50.Microseconds())/1000, "recall-p50-ms")
	b.ReportMetric(float64(p99.Microseconds())/1000, "recall-p99-ms")
	b.ReportMetric(float64(naiveP50.Microseconds())/1000, "no-fts-scan-p50-ms")
	b.ReportMetric(float64(naiveP50)/float64(p50), "x-vs-no-fts(p50)")
}
