package joints

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/mission"
	"github.com/organism-dev/organism/services/presence"
	"github.com/organism-dev/organism/services/soul"
)

// suite is the four organs on one loopback gRPC server, as `organism serve --target=all` runs
// them, with the real gateway in front of them on a loopback HTTP server.
type suite struct {
	tb       testing.TB
	signer   *auth.Signer
	grpcAddr string
	httpURL  string
	httpAddr string
	repo     string
	shape    gatewayShape
	owner    string // owner credential (origin human-cli)
	agent    string // agent ada, executor, bound to brain loja
	http     *http.Client
	presence *presence.Service // for benchmarks that fill the roster in-process
}

const suiteBrain = "loja"

func startSuite(tb testing.TB) *suite { return startSuiteWith(tb, gateway.Limits{}) }

func startSuiteWith(tb testing.TB, limits gateway.Limits) *suite {
	tb.Helper()
	return startSuiteShape(tb, limits, suiteShape)
}

// startSuiteShape starts the suite with the gateway in the given shape (gateway_shape_test.go).
func startSuiteShape(tb testing.TB, limits gateway.Limits, shape gatewayShape) *suite {
	tb.Helper()
	quiet := slog.New(slog.DiscardHandler)
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	s := &suite{tb: tb, signer: auth.NewSigner(key, nil), repo: tb.TempDir(), http: &http.Client{Timeout: 30 * time.Second}, shape: shape}
	ctx, cancel := context.WithCancel(context.Background())
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s.grpcAddr = lis.Addr().String()
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: s.signer.Verifier(), Logger: quiet, ShutdownTimeout: 2 * time.Second})

	// The organs that call medulla do so as a service, forwarding the caller's credential.
	peer, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Credentials: auth.Credentials{Fallback: s.mint(auth.MintRequest{Kind: auth.KindService, Subject: "organism-all"})}})
	if err != nil {
		tb.Fatal(err)
	}
	med, err := medulla.Open(ctx, medulla.Options{DataDir: tb.TempDir(), Logger: quiet})
	if err != nil {
		tb.Fatal(err)
	}
	prs, err := presence.Open(ctx, presence.Options{DataDir: tb.TempDir(), Logger: quiet, Shutdown: ctx.Done()})
	if err != nil {
		tb.Fatal(err)
	}
	s.presence = prs
	sl, err := soul.Open(ctx, soul.Options{DataDir: tb.TempDir(), Logger: quiet, Medulla: medullav1.NewMedullaServiceClient(peer)})
	if err != nil {
		tb.Fatal(err)
	}
	missionDir := tb.TempDir()
	if err := os.MkdirAll(filepath.Join(missionDir, "skeletons"), 0o700); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(missionDir, "skeletons", suiteBrain+".blocks"), []byte("sb_chain\n"), 0o600); err != nil {
		tb.Fatal(err)
	}
	msn, err := mission.Open(ctx, mission.Options{DataDir: missionDir, Logger: quiet, Medulla: medullav1.NewMedullaServiceClient(peer), Shutdown: ctx.Done()})
	if err != nil {
		tb.Fatal(err)
	}
	channel := grpcserver.NewChannel(srv)
	for _, reg := range []func(grpc.ServiceRegistrar){med.Register, prs.Register, sl.Register, msn.Register} {
		reg(channel) // registers on srv too
	}
	for name := range srv.Registrar().(*grpc.Server).GetServiceInfo() {
		srv.SetServing(name, true)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx) }()

	gw, err := gateway.New(ctx, gateway.Options{
		SoulAddr: s.grpcAddr, MedullaAddr: s.grpcAddr, MissionAddr: s.grpcAddr, PresenceAddr: s.grpcAddr,
		Verifier: s.signer.Verifier(), GatewayToken: s.mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}), Logger: quiet,
		Limits: limits, Upstreams: s.upstreams(channel),
	})
	if err != nil {
		tb.Fatal(err)
	}
	hlis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	hs := gw.HTTPServer()
	go hs.Serve(hlis)
	s.httpURL = "http://" + hlis.Addr().String()
	s.httpAddr = hlis.Addr().String()

	tb.Cleanup(func() {
		hs.Close()
		gw.Close()
		cancel()
		if err := <-served; err != nil {
			tb.Errorf("serve: %v", err)
		}
		peer.Close()
		msn.Close()
		sl.Close()
		prs.Close()
		med.Close()
	})
	s.owner = s.mint(auth.MintRequest{Kind: auth.KindOwner})
	s.agent = s.mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: suiteBrain, TTL: time.Hour})
	if code, raw := s.call(s.owner, "POST", "/v1/medulla/brains", map[string]any{"name": suiteBrain, "repo_root": s.repo}); code != 200 {
		tb.Fatalf("register brain: %d %s", code, raw)
	}
	return s
}

func (s *suite) mint(r auth.MintRequest) string {
	s.tb.Helper()
	tok, err := s.signer.Mint(r)
	if err != nil {
		s.tb.Fatal(err)
	}
	return tok
}

// conn dials the gRPC server with a bearer credential.
func (s *suite) conn(token string) *grpc.ClientConn {
	s.tb.Helper()
	c, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{Credentials: auth.Bearer(token)})
	if err != nil {
		s.tb.Fatal(err)
	}
	s.tb.Cleanup(func() { c.Close() })
	return c
}

// call makes one JSON call through the gateway and returns the status and the raw body.
func (s *suite) call(token, method, path string, body any) (int, []byte) {
	s.tb.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			s.tb.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, s.httpURL+path, rd)
	if err != nil {
		s.tb.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		s.tb.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil && !errors.Is(err, io.EOF) {
		s.tb.Fatal(err)
	}
	return resp.StatusCode, raw
}
