package medulla_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/grpctest"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
)

// grpcStorm runs n memorize calls from 32 writers through the real client, interceptor chain
// (token verification included) and server over bufconn, and returns acknowledged calls/s.
func grpcStorm(b *testing.B, maxBatch, n int) float64 {
	svc, err := medulla.Open(context.Background(), medulla.Options{DataDir: b.TempDir(), MaxBatch: maxBatch})
	if err != nil {
		b.Fatal(err)
	}
	defer svc.Close()
	env := grpctest.Start(b, grpctest.Options{}, svc.Register)
	owner := medullav1.NewMedullaServiceClient(env.Owner())
	if _, err := owner.RegisterBrain(context.Background(), &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: b.TempDir()}); err != nil {
		b.Fatal(err)
	}
	clients := make([]medullav1.MedullaServiceClient, 4)
	for i := range clients {
		clients[i] = medullav1.NewMedullaServiceClient(env.Agent(fmt.Sprintf("bench-%d", i), "executor", "loja"))
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < 32; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c := clients[w%len(clients)]
			for {
				i := next.Add(1)
				if i > int64(n) {
					return
				}
				if _, err := c.Memorize(context.Background(), &medullav1.MemorizeRequest{Brain: "loja", Slug: fmt.Sprintf("g-%d", i%4096),
					Body: fmt.Sprintf("claim %d written by writer %d", i, w)}); err != nil {
					b.Error(err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return float64(n) / time.Since(start).Seconds()
}

// BenchmarkMemorizeGRPC32Writers is the same storm end to end through gRPC: what an agent sees.
// Baseline: the same path with group commit off (one transaction per call).
func BenchmarkMemorizeGRPC32Writers(b *testing.B) {
	naive := grpcStorm(b, 1, 2000)
	b.ResetTimer()
	rate := grpcStorm(b, 0, max(b.N, 10000))
	b.StopTimer()
	b.ReportMetric(rate, "memorize/s")
	b.ReportMetric(naive, "naive-memorize/s")
	b.ReportMetric(rate/naive, "x-vs-one-tx-per-call")
}
