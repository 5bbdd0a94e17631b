package medulla_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/grpcserver"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
)

// Reads from PostgreSQL replicas: the same database served by one medulla or by two, each a
// medulla Service of its own (its own store and connection pool, as two processes would have)
// behind a real gRPC server on loopback TCP, with the real interceptor chain and tokens.

// replicaCorpus is the claims the replica benchmark reads (smaller than the 100k of the
// latency figure so that make bench stays short; the words follow the same Zipf law).
const replicaCorpus = 20_000

// replicaClients is how many callers recall at once, split evenly between the replicas.
const replicaClients = 16

// replica is one medulla serving the database over loopback gRPC.
type replica struct {
	svc  *medulla.Service
	addr string
	stop func()
}

// startReplica opens a medulla Service on dsn and serves it on 127.0.0.1, verifying tokens
// signed by signer.
func startReplica(b *testing.B, dsn string, signer *auth.Signer) *replica {
	b.Helper()
	svc, err := medulla.Open(context.Background(), medulla.Options{Store: dsn, PeerSyncInterval: -1, DoctrineSweepInterval: -1,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: slog.New(slog.DiscardHandler), ShutdownTimeout: 5 * time.Second})
	svc.Register(srv.Registrar())
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() {
		defer close(served)
		if err := srv.Serve(ctx); err != nil {
			b.Error(err)
		}
	}()
	return &replica{svc: svc, addr: lis.Addr().String(), stop: func() {
		cancel()
		<-served
		svc.Close()
	}}
}

// recallClient dials addr as an agent of loja.
func recallClient(b *testing.B, addr string, signer *auth.Signer, id string) medullav1.MedullaServiceClient {
	b.Helper()
	tok, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: id, Seat: "executor", Brain: "loja", TTL: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	conn, err := grpcserver.Dial(addr, grpcserver.DialOptions{Credentials: auth.Bearer(tok)})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { conn.Close() })
	return medullav1.NewMedullaServiceClient(conn)
}

// recallRate runs n two-word recalls from replicaClients callers, client i on clients[i %
// len(clients)], and returns recalls/s.
func recallRate(b *testing.B, clients []medullav1.MedullaServiceClient, vocab []string, n int, seed uint64) float64 {
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < replicaClients; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c := clients[w%len(clients)]
			rng := mrand.New(mrand.NewPCG(seed, uint64(w)))
			for next.Add(1) <= int64(n) {
				q := vocab[rng.IntN(len(vocab))] + " " + vocab[rng.IntN(len(vocab))]
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				res, err := c.Recall(ctx, &medullav1.RecallRequest{Brain: "loja", Query: q})
				cancel()
				if err != nil {
					b.Error(err)
					return
				}
				if res.GetLiveClaims() != replicaCorpus {
					b.Errorf("got %d live claims, want %d", res.GetLiveClaims(), replicaCorpus)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return float64(n) / time.Since(start).Seconds()
}

// BenchmarkBackendsRecallReplicas: recalls/s from 16 concurrent callers against one
// PostgreSQL-backed medulla, and against two replicas of it on the same database with the
// callers split between them; the figure is two replicas' rate as a multiple of one's (the
// goal is more than 1). The two setups alternate, three rounds each, and the medians are
// reported, so that a change in the machine's load mid-run hits both.
func BenchmarkBackendsRecallReplicas(b *testing.B) {
	dsn := pg.Database(b)
	loader, done := openBackendDSN(b, dsn)
	vocab := corpus(b, loader, replicaCorpus)
	done()

	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	signer := auth.NewSigner(key, nil)
	a, c := startReplica(b, dsn, signer), startReplica(b, dsn, signer)
	defer a.stop()
	defer c.stop()
	one := make([]medullav1.MedullaServiceClient, replicaClients)
	two := make([]medullav1.MedullaServiceClient, replicaClients)
	for i := range one {
		id := fmt.Sprintf("reader-%d", i)
		one[i] = recallClient(b, a.addr, signer, id)
		if i%2 == 0 {
			two[i] = recallClient(b, a.addr, signer, id)
		} else {
			two[i] = recallClient(b, c.addr, signer, id)
		}
	}
	n := max(b.N, 3000)
	// Warm both replicas' pools and statement caches (and the server's buffers) first.
	recallRate(b, two, vocab, 500, 99)
	b.ResetTimer()
	var r1, r2 []float64
	for round := range 3 {
		seed := uint64(round + 1)
		r1 = append(r1, recallRate(b, one, vocab, n, seed))
		r2 = append(r2, recallRate(b, two, vocab, n, seed))
	}
	b.StopTimer()
	b.ReportMetric(benchfig.Median(r1), "one-replica-recall/s")
	b.ReportMetric(benchfig.Median(r2), "two-replicas-recall/s")
	b.ReportMetric(benchfig.Median(r2)/benchfig.Median(r1), "x-two-vs-one-replica")
}
