package presence_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/services/presence"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/store"
)

const (
	beatWorkers   = 32
	beatsPerRound = 20000
)

// BenchmarkBeatsGRPC drives beats through the real server (interceptor chain, token
// verification, tracing stats handler) on a TCP loopback listener, from 32 agents each beating
// its own presence; clients and server share this machine's CPUs. One op is a round of 20,000
// beats. Target: at least 20,000 beats/s. The baseline is a write-through design: one SQLite
// transaction per beat on the same store, measured directly against the store with the same
// concurrency (no gRPC at all, so it flatters the baseline).
func BenchmarkBeatsGRPC(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc, err := presence.Open(ctx, presence.Options{DataDir: b.TempDir(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer svc.Close()
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := auth.NewSigner(key, nil)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: slog.New(slog.DiscardHandler)})
	svc.Register(srv.Registrar())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	defer func() { cancel(); <-done }()

	clients := make([]presencev1.PresenceServiceClient, beatWorkers)
	ids := make([]string, beatWorkers)
	for w := range clients {
		tok, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: fmt.Sprintf("agent-%d", w), Seat: "executor", Brain: "bench", TTL: time.Hour})
		if err != nil {
			b.Fatal(err)
		}
		conn, err := grpcserver.Dial(lis.Addr().String(), grpcserver.DialOptions{Credentials: auth.Bearer(tok)})
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		clients[w] = presencev1.NewPresenceServiceClient(conn)
		resp, err := clients[w].Register(ctx, &presencev1.RegisterRequest{Kind: "executor", Intent: presencev1.Intent_INTENT_MUTATE,
			WorkingSet: []string{fmt.Sprintf("pkg%d/", w)}, TtlSeconds: 600})
		if err != nil {
			b.Fatal(err)
		}
		ids[w] = resp.GetPresence().GetPresenceId()
	}
	baseline := writeThroughBeatsPerSecond(b, 2000)
	// unary: one Beat call per beat, each verifying the bearer credential.
	// stream: one Beats stream per sidecar, the credential verified when it opens.
	for _, mode := range []string{"unary", "stream"} {
		b.Run("mode="+mode, func(b *testing.B) {
			beat := make([]func() error, beatWorkers)
			for w := range beat {
				req := &presencev1.BeatRequest{PresenceId: ids[w]}
				beat[w] = func() error { _, err := clients[w].Beat(ctx, req); return err }
				if mode == "stream" {
					st, err := clients[w].Beats(ctx)
					if err != nil {
						b.Fatal(err)
					}
					defer st.CloseSend()
					sreq := &presencev1.BeatsRequest{PresenceId: ids[w]}
					beat[w] = func() error {
						if err := st.Send(sreq); err != nil {
							return err
						}
						_, err := st.Recv()
						return err
					}
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var wg sync.WaitGroup
				errs := make(chan error, beatWorkers)
				for w := 0; w < beatWorkers; w++ {
					wg.Add(1)
					go func(w int) {
						defer wg.Done()
						for k := 0; k < beatsPerRound/beatWorkers; k++ {
							if err := beat[w](); err != nil {
								errs <- err
								return
							}
						}
					}(w)
				}
				wg.Wait()
				close(errs)
				if err := <-errs; err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			perSec := float64(b.N*beatsPerRound) / b.Elapsed().Seconds()
			b.ReportMetric(perSec, "beats/s")
			b.ReportMetric(perSec/20000, "x-vs-target")
			b.ReportMetric(baseline, "writethrough-beats/s")
			b.ReportMetric(perSec/baseline, "x-vs-writethrough")
		})
	}
}

// writeThroughBeatsPerSecond measures the naive design: every beat commits its own UPDATE.
func writeThroughBeatsPerSecond(b *testing.B, total int) float64 {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	now := time.Now()
	ids := make([]string, beatWorkers)
	for w := range ids {
		ids[w] = fmt.Sprintf("prs_%012x", w)
		rec := domain.Record{ID: ids[w], Brain: "bench", AgentID: "a", Kind: domain.KindExecutor, Intent: domain.IntentMutate,
			StartedAt: now, UpdatedAt: now, LastBeat: now, TTL: time.Minute}
		if err := st.SavePresence(ctx, rec, nil); err != nil {
			b.Fatal(err)
		}
	}
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < beatWorkers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := 0; k < total/beatWorkers; k++ {
				if err := st.SaveBeats(ctx, []domain.Beat{{ID: ids[w], LastBeat: time.Now()}}); err != nil {
					b.Error(err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return float64(total/beatWorkers*beatWorkers) / time.Since(start).Seconds()
}
