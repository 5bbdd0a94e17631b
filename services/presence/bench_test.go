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

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/services/presence"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/store"
)

const (
	// beatConns clients (one agent credential each) carry beatCallers concurrent sessions, each
	// beating its own presence as fast as its answers come back.
	beatConns   = 32
	beatCallers = 256
	// One op is a round of beatsPerRound beats (100 per session).
	beatsPerRound = 100 * beatCallers
)

// BenchmarkBeatsGRPC drives beats through the real server (grpcserver: recovery, access log,
// token verification, tracing stats handler) on a TCP loopback listener, from generated clients
// dialled with grpcserver.Dial as the CLI and services dial; clients and server share this
// process and this machine's CPUs, so every figure pays for both ends. Target: at least 20,000
// beats/s in mode=unary. Enough sessions are in flight (256 over 32 connections) that the
// server, not the round-trip latency of a few callers, is what limits the rate.
//
// Figures: beats/s; cpu-us/beat, the process CPU time (client and server, all threads) per beat,
// which on a shared machine is steadier than the rate; and the baseline, a write-through design
// (one SQLite transaction per beat, measured directly against the store with the same
// concurrency and no gRPC at all, which flatters it).
//
// Modes: unary (the plain Beat RPC, credential verified per call), stream (one Beats stream per
// session, verified once), and unary-bare, a diagnostic: the same presence handlers on a bare
// grpc.Server with only the auth interceptor and clients without tracing, so the difference to
// unary is what the platform's interceptors and stats handlers cost per beat.
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

	bareLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	bare := grpc.NewServer(grpc.ChainUnaryInterceptor(signer.Verifier().UnaryServerInterceptor()),
		grpc.ChainStreamInterceptor(signer.Verifier().StreamServerInterceptor()))
	svc.Register(bare)
	go bare.Serve(bareLis)
	defer bare.Stop()

	dial := func(tok string, bareClient bool) *grpc.ClientConn {
		var conn *grpc.ClientConn
		var err error
		if bareClient {
			conn, err = grpc.NewClient(bareLis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
				grpc.WithPerRPCCredentials(auth.Bearer(tok)))
		} else {
			conn, err = grpcserver.Dial(lis.Addr().String(), grpcserver.DialOptions{Credentials: auth.Bearer(tok)})
		}
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { conn.Close() })
		return conn
	}
	tokens := make([]string, beatConns)
	for c := range tokens {
		if tokens[c], err = signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: fmt.Sprintf("agent-%d", c), Seat: "executor",
			Brain: "bench", TTL: time.Hour}); err != nil {
			b.Fatal(err)
		}
	}
	// Register every session once, through the platform server.
	ids := make([]string, beatCallers)
	for c := 0; c < beatConns; c++ {
		cl := presencev1.NewPresenceServiceClient(dial(tokens[c], false))
		for s := c; s < beatCallers; s += beatConns {
			resp, err := cl.Register(ctx, &presencev1.RegisterRequest{Kind: "executor", Intent: presencev1.Intent_INTENT_MUTATE,
				WorkingSet: []string{fmt.Sprintf("pkg%d/", s)}, TtlSeconds: 600})
			if err != nil {
				b.Fatal(err)
			}
			ids[s] = resp.GetPresence().GetPresenceId()
		}
	}
	baseline := writeThroughBeatsPerSecond(b, 10*beatCallers)
	for _, mode := range []string{"unary", "stream", "unary-bare"} {
		b.Run("mode="+mode, func(b *testing.B) {
			clients := make([]presencev1.PresenceServiceClient, beatConns)
			for c := range clients {
				clients[c] = presencev1.NewPresenceServiceClient(dial(tokens[c], mode == "unary-bare"))
			}
			beat := make([]func() error, beatCallers)
			for s := range beat {
				cl := clients[s%beatConns]
				req := &presencev1.BeatRequest{PresenceId: ids[s]}
				beat[s] = func() error { _, err := cl.Beat(ctx, req); return err }
				if mode == "stream" {
					st, err := cl.Beats(ctx)
					if err != nil {
						b.Fatal(err)
					}
					defer st.CloseSend()
					sreq := &presencev1.BeatsRequest{PresenceId: ids[s]}
					beat[s] = func() error {
						if err := st.Send(sreq); err != nil {
							return err
						}
						_, err := st.Recv()
						return err
					}
				}
			}
			// One untimed round warms connections and streams.
			if err := beatRound(beat); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu0 := benchfig.ProcessCPU()
			for i := 0; i < b.N; i++ {
				if err := beatRound(beat); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			beats := float64(b.N * beatsPerRound)
			perSec := beats / b.Elapsed().Seconds()
			b.ReportMetric(perSec, "beats/s")
			b.ReportMetric(float64((benchfig.ProcessCPU()-cpu0).Nanoseconds())/1e3/beats, "cpu-us/beat")
			if mode == "unary" {
				b.ReportMetric(perSec/20000, "x-vs-target")
			}
			b.ReportMetric(baseline, "writethrough-beats/s")
			b.ReportMetric(perSec/baseline, "x-vs-writethrough")
		})
	}
}

// beatRound has every session beat beatsPerRound/beatCallers times, all sessions at once.
func beatRound(beat []func() error) error {
	var wg sync.WaitGroup
	errs := make(chan error, len(beat))
	for _, f := range beat {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < beatsPerRound/len(beat); k++ {
				if err := f(); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
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
	ids := make([]string, beatCallers)
	for w := range ids {
		ids[w] = fmt.Sprintf("prs_%012x", w)
		rec := domain.Record{ID: ids[w], Brain: "bench", AgentID: "a", Kind: domain.KindExecutor, Intent: domain.IntentMutate,
			StartedAt: now, UpdatedAt: now, LastBeat: now, TTL: time.Minute}
		if err := st.SavePresence(ctx, rec, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < beatCallers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := 0; k < total/beatCallers; k++ {
				if err := st.SaveBeats(ctx, []domain.Beat{{ID: ids[w], LastBeat: time.Now()}}); err != nil {
					b.Error(err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return float64(total/beatCallers*beatCallers) / time.Since(start).Seconds()
}
