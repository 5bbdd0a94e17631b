package presence_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/presence"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/fixture"
)

// collisionsTargetMs is the figure BenchmarkCollisionsGRPC is held to: every colliding pair of
// 10,000 presences x 20 working-set entries, paged to the end, in at most 20 ms of server time.
const collisionsTargetMs = 20.0

// serverMeter times what the server spends on one call as its connection sees it: from the
// first request bytes it reads after the call is armed to the last response bytes it writes.
// That covers decoding, the interceptor chain, the handler and encoding, and leaves out the
// client's own work (decoding the answer), which shares this process's CPUs.
type serverMeter struct {
	armed atomic.Bool
	start atomic.Int64
	last  atomic.Int64
}

type meteredListener struct {
	net.Listener
	m *serverMeter
}

func (l meteredListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &meteredConn{Conn: c, m: l.m}, nil
}

type meteredConn struct {
	net.Conn
	m *serverMeter
}

func (c *meteredConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && c.m.armed.CompareAndSwap(true, false) {
		c.m.start.Store(time.Now().UnixNano())
	}
	return n, err
}

func (c *meteredConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.m.last.Store(time.Now().UnixNano())
	return n, err
}

// call runs f as one metered call and returns the server's share of it.
func (m *serverMeter) call(f func() error) (time.Duration, error) {
	m.armed.Store(true)
	if err := f(); err != nil {
		return 0, err
	}
	return time.Duration(m.last.Load() - m.start.Load()), nil
}

// BenchmarkCollisionsGRPC reads every colliding pair of n presences x 20 entries through the
// real server (grpcserver's interceptor chain, token verification and tracing) on bufconn, from
// the generated client as the owner, paging to the end. Target: at most 20 ms of server time at
// n = 10,000, for both roster shapes ("paths": files and a directory; "mixed": plus a glob and a
// system block each). Figures: server-ms/all (see serverMeter), wall-ms/all (the client's whole
// read, its decoding included), cpu-ms/all (process CPU, both ends), pages, the largest page in
// bytes, and the ratio of server-ms/all to the target.
func BenchmarkCollisionsGRPC(b *testing.B) {
	for _, shape := range []string{"paths", "mixed"} {
		for _, n := range []int{1000, 10000} {
			b.Run(fmt.Sprintf("shape=%s/presences=%d", shape, n), func(b *testing.B) {
				cl, meter := collisionsServer(b, n, shape == "mixed")
				var server time.Duration
				var pages, pairs, biggest int
				readAll := func() error {
					pages, pairs = 0, 0
					req := &presencev1.CollisionsRequest{PageSize: 1000}
					for {
						var resp *presencev1.CollisionsResponse
						d, err := meter.call(func() (err error) {
							resp, err = cl.Collisions(context.Background(), req)
							return err
						})
						if err != nil {
							return err
						}
						server += d
						pages++
						pairs += len(resp.GetCollisions())
						biggest = max(biggest, proto.Size(resp))
						if resp.GetNextPageToken() == "" {
							return nil
						}
						req.PageToken = resp.GetNextPageToken()
					}
				}
				// One untimed read warms the connection.
				if err := readAll(); err != nil {
					b.Fatal(err)
				}
				server = 0
				b.ResetTimer()
				cpu0 := benchfig.ProcessCPU()
				for i := 0; i < b.N; i++ {
					if err := readAll(); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				perServer := float64(server.Microseconds()) / 1000 / float64(b.N)
				b.ReportMetric(perServer, "server-ms/all")
				// Process CPU (server and client, every thread) per read: on a shared machine the
				// wall-clock figures say how busy the neighbours are, this says what the read costs.
				b.ReportMetric(float64((benchfig.ProcessCPU()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/all")
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "wall-ms/all")
				b.ReportMetric(float64(pairs), "pairs")
				b.ReportMetric(float64(pages), "pages")
				b.ReportMetric(float64(biggest), "max-page-bytes")
				b.ReportMetric(perServer/collisionsTargetMs, "x-of-target")
			})
		}
	}
}

// collisionsServer opens presence with n presences of the fixture roster in brain "bench" and
// serves it through the real server on a metered bufconn listener.
func collisionsServer(b *testing.B, n int, globs bool) (presencev1.PresenceServiceClient, *serverMeter) {
	b.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	quiet := slog.New(slog.DiscardHandler)
	svc, err := presence.Open(ctx, presence.Options{DataDir: b.TempDir(), Logger: quiet, SweepInterval: -1, FlushInterval: -1})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { svc.Close() })
	mission := principal.Principal{AgentID: "mission", Origin: principal.OriginService}
	for _, set := range fixture.Roster(n, 20, 1, globs) {
		if _, _, err := svc.Registry().Register(ctx, mission, domain.RegisterInput{Brain: "bench", Kind: "runner",
			Intent: domain.IntentMutate, WorkingSet: set, TTL: time.Hour}); err != nil {
			b.Fatal(err)
		}
	}
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := auth.NewSigner(key, nil)
	meter := &serverMeter{}
	lis := bufconn.Listen(4 << 20)
	srv := grpcserver.New(grpcserver.Options{Listener: meteredListener{lis, meter}, Verifier: signer.Verifier(), Logger: quiet})
	svc.Register(srv.Registrar())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	b.Cleanup(func() { cancel(); <-done })
	tok, err := signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if err != nil {
		b.Fatal(err)
	}
	conn, err := grpcserver.Dial("passthrough:///bufnet", grpcserver.DialOptions{Credentials: auth.Bearer(tok),
		Extra: []grpc.DialOption{grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) })}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { conn.Close() })
	return presencev1.NewPresenceServiceClient(conn), meter
}
