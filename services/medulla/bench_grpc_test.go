package medulla_test

import (
	"context"
	"testing"

	"github.com/organism-dev/organism/platform/grpctest"
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
	m := grpcMedulla{env: grpctest.Start(b, grpctest.Options{}, svc.Register), svc: svc}
	registerLoja(b, m)
	return grpcMemorizeStorm(b, agents([]grpcMedulla{m}, 4), n, "g")
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
