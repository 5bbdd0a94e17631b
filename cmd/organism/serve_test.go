package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"

	"go.opentelemetry.io/otel/trace/noop"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// testWait bounds every wait in these tests for an event that should come, so a missed one
// fails in seconds instead of hanging the run.
const testWait = 30 * time.Second

// suite is one `organism serve --target=all` running in this test process on loopback.
type suite struct {
	grpcAddr, httpAddr string
	dataDir            string
	signer             *auth.Signer
	spans              *tracetest.InMemoryExporter
	stop               func()
}

func startSuite(t *testing.T) *suite {
	t.Helper()
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	s, _ := serveAll(t, t.TempDir(), func(c *config) { c.tracerProvider = tp })
	s.spans = spans
	return s
}

// serveAll is `organism serve --target=all` in this process on dir, on loopback ports, stopped
// by the returned func or when the test ends; tweaks adjust the config before it starts. The
// one start-up every suite here shares, so a change to serve's config is made in one place.
func serveAll(tb testing.TB, dir string, tweaks ...func(*config)) (*suite, func()) {
	tb.Helper()
	grpcLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	httpLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	ready := make(chan struct{})
	cfg := config{
		target: "all", dataDir: dir, shutdownTimeout: 5 * time.Second, peers: map[string]string{},
		grpcListener: grpcLis, httpListener: httpLis, tracerProvider: noop.NewTracerProvider(),
		logger: slog.New(slog.DiscardHandler), ready: func(string, string) { close(ready) },
	}
	for _, tweak := range tweaks {
		tweak(&cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, cfg, io.Discard) }()
	select {
	case <-ready:
	case err := <-done:
		tb.Fatalf("serve exited early: %v", err)
	case <-time.After(testWait):
		tb.Fatalf("serve was not ready within %v", testWait)
	}
	key, err := auth.LoadOwnerKey(filepath.Join(dir, auth.OwnerKeyFile))
	if err != nil {
		tb.Fatalf("development mode wrote no owner key: %v", err)
	}
	s := &suite{grpcAddr: grpcLis.Addr().String(), httpAddr: httpLis.Addr().String(), dataDir: dir, signer: auth.NewSigner(key, nil)}
	var stopped bool
	s.stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			if err != nil {
				tb.Errorf("serve: %v", err)
			}
		case <-time.After(testWait):
			tb.Errorf("serve did not stop within %v of its context ending", testWait)
		}
	}
	tb.Cleanup(s.stop)
	return s, s.stop
}

// cli runs `organism args... --addr <this suite> --data-dir <its data dir>` in this process and
// returns what the command printed.
func (s *suite) cli(ctx context.Context, args ...string) (string, error) {
	var out bytes.Buffer
	err := dispatch(ctx, append(args, "--addr", s.grpcAddr, "--data-dir", s.dataDir), &out)
	return out.String(), err
}

// mustCLI is cli that fails the test when the command fails.
func (s *suite) mustCLI(t *testing.T, ctx context.Context, args ...string) string {
	t.Helper()
	out, err := s.cli(ctx, args...)
	if err != nil {
		t.Fatalf("organism %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func (s *suite) mint(t *testing.T, r auth.MintRequest) string {
	t.Helper()
	tok, err := s.signer.Mint(r)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (s *suite) conn(t *testing.T, token string) *grpc.ClientConn {
	t.Helper()
	o := grpcserver.DialOptions{}
	if token != "" {
		o.Credentials = auth.Bearer(token)
	}
	c, err := grpcserver.Dial(s.grpcAddr, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// registerBrain registers r through the owner's gRPC client, failing the test if it is refused.
func (s *suite) registerBrain(t *testing.T, owner string, r *medullav1.RegisterBrainRequest) {
	t.Helper()
	if _, err := medullav1.NewMedullaServiceClient(s.conn(t, owner)).RegisterBrain(context.Background(), r); err != nil {
		t.Fatal(err)
	}
}

func (s *suite) http(t *testing.T, method, path, token, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, "http://"+s.httpAddr+path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// gitRepo makes a small repository with a soul so ReadSoul has something to read.
func gitRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	soul := "# Loja\n\nThe shop's soul.\n\n## Current State\n\n- `main.go` serves the shop.\n"
	if err := os.WriteFile(filepath.Join(dir, "PATHOS.md"), []byte(soul), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	return dir
}

func TestServeAllListsFourServicesAndIsHealthy(t *testing.T) {
	s := startSuite(t)
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	stream, err := reflectionpb.NewServerReflectionClient(s.conn(t, "")).ServerReflectionInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{}}); err != nil {
		t.Fatal(err)
	}
	resp, err := stream.Recv()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, svc := range resp.GetListServicesResponse().GetService() {
		names = append(names, svc.GetName())
	}
	sort.Strings(names)
	for _, want := range []string{"organism.medulla.v1.MedullaService", "organism.mission.v1.MissionService", "organism.presence.v1.PresenceService", "organism.soul.v1.SoulService"} {
		if i := sort.SearchStrings(names, want); i == len(names) || names[i] != want {
			t.Errorf("reflection: %s missing from %v", want, names)
		}
	}
	hc := healthpb.NewHealthClient(s.conn(t, ""))
	for _, name := range []string{"", "organism.medulla.v1.MedullaService", "organism.soul.v1.SoulService", "organism.mission.v1.MissionService", "organism.presence.v1.PresenceService"} {
		r, err := hc.Check(context.Background(), &healthpb.HealthCheckRequest{Service: name})
		if err != nil || r.GetStatus() != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("health %q: got %v (%v), want SERVING", name, r.GetStatus(), err)
		}
	}
	if code, body := s.http(t, "GET", "/healthz", "", ""); code != 200 {
		t.Errorf("/healthz: got %d %s, want 200", code, body)
	}
	if _, err := os.Stat(filepath.Join(s.dataDir, "owner.token")); err != nil {
		t.Errorf("owner credential not written on first run: %v", err)
	}
	for _, db := range []string{"soul.db", "medulla.db", "mission.db", "presence.db"} {
		if _, err := os.Stat(filepath.Join(s.dataDir, db)); err != nil {
			t.Errorf("%s: %v, want one SQLite database per service", db, err)
		}
	}
}

func TestAuthMatrixThroughRealServices(t *testing.T) {
	s := startSuite(t)
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	ownerConn := s.conn(t, owner)
	for _, b := range []string{"loja", "m1nd"} {
		if _, err := medullav1.NewMedullaServiceClient(ownerConn).RegisterBrain(context.Background(), &medullav1.RegisterBrainRequest{Name: b, RepoRoot: gitRepo(t), SoulPath: "PATHOS.md"}); err != nil {
			t.Fatalf("owner registers %s: %v", b, err)
		}
	}
	agent := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja", TTL: time.Hour})
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	forged, _ := auth.NewSigner(otherKey, nil).Mint(auth.MintRequest{Kind: auth.KindOwner})
	expired := func() string {
		past := auth.NewSigner(mustKey(t, s.dataDir), func() time.Time { return time.Now().Add(-time.Hour) })
		tok, err := past.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja", TTL: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}()

	readSoul := func(token, brain string) error {
		_, err := soulv1.NewSoulServiceClient(s.conn(t, token)).ReadSoul(context.Background(), &soulv1.ReadSoulRequest{Brain: brain, HeadlineOnly: true})
		return err
	}
	registerBrain := func(token string) error {
		_, err := medullav1.NewMedullaServiceClient(s.conn(t, token)).RegisterBrain(context.Background(), &medullav1.RegisterBrainRequest{Name: "evil", RepoRoot: t.TempDir()})
		return err
	}
	tests := []struct {
		name       string
		call       func() error
		wantCode   codes.Code
		wantReason string
	}{
		{"no token", func() error { return readSoul("", "loja") }, codes.Unauthenticated, "UNAUTHENTICATED"},
		{"bad signature", func() error { return readSoul(forged, "loja") }, codes.Unauthenticated, "BAD_SIGNATURE"},
		{"expired", func() error { return readSoul(expired, "loja") }, codes.Unauthenticated, "TOKEN_EXPIRED"},
		{"agent in own brain", func() error { return readSoul(agent, "loja") }, codes.OK, ""},
		{"agent names a foreign brain", func() error { return readSoul(agent, "m1nd") }, codes.PermissionDenied, "FOREIGN_BRAIN"},
		{"agent acting as owner", func() error { return registerBrain(agent) }, codes.PermissionDenied, "OWNER_ONLY"},
		{"owner", func() error { return readSoul(owner, "m1nd") }, codes.OK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if got := status.Code(err); got != tt.wantCode {
				t.Fatalf("code: got %v, want %v (%v)", got, tt.wantCode, err)
			}
			if got := rpcstatus.ReasonOf(err); got != tt.wantReason {
				t.Errorf("reason: got %q, want %q", got, tt.wantReason)
			}
		})
	}

	// The presence record's agent id comes from the credential, whatever the caller claims.
	p, err := presencev1.NewPresenceServiceClient(s.conn(t, agent)).Register(context.Background(), &presencev1.RegisterRequest{Kind: "executor", Theme: "fix the cart", Intent: presencev1.Intent_INTENT_READ})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetPresence(); got.GetAgentId() != "ada" || got.GetBrain() != "loja" {
		t.Errorf("presence: got agent %q brain %q, want ada in loja", got.GetAgentId(), got.GetBrain())
	}
	// Over HTTP the same refusals arrive as JSON.
	if code, body := s.http(t, "GET", "/v1/mission/missions", "", ""); code != 401 || !strings.Contains(body, `"reason":"UNAUTHENTICATED"`) {
		t.Errorf("HTTP without token: got %d %s, want 401 UNAUTHENTICATED", code, body)
	}
	if code, body := s.http(t, "GET", "/v1/soul/brains/m1nd/soul?headline_only=true", agent, ""); code != 403 || !strings.Contains(body, `"reason":"FOREIGN_BRAIN"`) {
		t.Errorf("HTTP foreign brain: got %d %s, want 403 FOREIGN_BRAIN", code, body)
	}
	if code, body := s.http(t, "GET", "/v1/mission/missions", agent, ""); code != 200 {
		t.Errorf("HTTP with token: got %d %s, want 200", code, body)
	}
}

func mustKey(t *testing.T, dir string) ed25519.PrivateKey {
	t.Helper()
	k, err := auth.LoadOwnerKey(filepath.Join(dir, auth.OwnerKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// One request through the gateway reaches soul, which calls medulla: every span shares one trace.
func TestOneTraceAcrossGatewaySoulMedulla(t *testing.T) {
	s := startSuite(t)
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	if _, err := medullav1.NewMedullaServiceClient(s.conn(t, owner)).RegisterBrain(context.Background(), &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: gitRepo(t), SoulPath: "PATHOS.md"}); err != nil {
		t.Fatal(err)
	}
	s.spans.Reset()
	code, body := s.http(t, "GET", "/v1/soul/brains/loja/soul", owner, "")
	if code != 200 || !strings.Contains(body, "Loja") {
		t.Fatalf("ReadSoul through the gateway: got %d %s", code, body)
	}
	s.stop() // flush: every span has ended once the servers stop
	byName := map[string][]tracetest.SpanStub{}
	for _, sp := range s.spans.GetSpans() {
		byName[sp.Name] = append(byName[sp.Name], sp)
	}
	want := []string{
		"GET /v1/soul/brains/loja/soul",               // gateway HTTP server span
		"organism.soul.v1.SoulService/ReadSoul",       // gateway client + soul server
		"organism.medulla.v1.MedullaService/GetBrain", // soul client + medulla server
	}
	root := byName[want[0]]
	if len(root) != 1 {
		t.Fatalf("gateway span: got %d, want 1; spans: %v", len(root), keys(byName))
	}
	traceID := root[0].SpanContext.TraceID()
	for _, name := range want[1:] {
		spans := byName[name]
		if len(spans) < 2 {
			t.Errorf("%s: got %d spans, want a client and a server span", name, len(spans))
		}
		for _, sp := range spans {
			if sp.SpanContext.TraceID() != traceID {
				t.Errorf("%s (%v): trace %s, want %s", name, sp.SpanKind, sp.SpanContext.TraceID(), traceID)
			}
		}
	}
}

func keys(m map[string][]tracetest.SpanStub) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestTokenMintCommand(t *testing.T) {
	dir := t.TempDir()
	// Minting never creates the owner's key: that is `keys init`'s job alone.
	if err := dispatch(context.Background(), []string{"token", "mint", "--data-dir", dir, "--owner"}, io.Discard); err == nil || !strings.Contains(err.Error(), "keys init") {
		t.Fatalf("mint without a key: got %v, want a refusal naming 'keys init'", err)
	}
	if _, err := os.Stat(filepath.Join(dir, auth.OwnerKeyFile)); err == nil {
		t.Fatal("mint without a key created owner.key")
	}
	if err := dispatch(context.Background(), []string{"keys", "init", "--data-dir", dir}, io.Discard); err != nil {
		t.Fatal(err)
	}
	verifier := auth.NewSigner(mustKey(t, dir), nil).Verifier()
	mint := func(args ...string) auth.Claims {
		t.Helper()
		var out bytes.Buffer
		if err := dispatch(context.Background(), append([]string{"token", "mint", "--data-dir", dir}, args...), &out); err != nil {
			t.Fatal(err)
		}
		c, err := verifier.Verify(strings.TrimSpace(out.String()))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if c := mint("--agent", "ada", "--seat", "executor", "--brain", "loja", "--ttl", "1h"); c.Subject != "ada" || c.Brain != "loja" || c.Kind != auth.KindAgent {
		t.Errorf("agent: got %+v, want agent ada bound to loja", c)
	}
	if c := mint("--service", "organism-soul"); c.Kind != auth.KindService || c.Subject != "organism-soul" {
		t.Errorf("service: got %+v, want a service credential for organism-soul", c)
	}
	if c := mint("--gateway"); c.Kind != auth.KindGateway {
		t.Errorf("gateway: got %+v, want a gateway credential", c)
	}
	for _, bad := range [][]string{
		{"token", "mint", "--data-dir", dir},
		{"token", "mint", "--data-dir", dir, "--agent", "ada"},
		{"token", "mint", "--data-dir", dir, "--owner", "--agent", "ada"},
		{"token", "mint", "--data-dir", dir, "--service", "organism-soul", "--gateway"},
	} {
		if err := dispatch(context.Background(), bad, io.Discard); err == nil {
			t.Errorf("%v: got nil error, want a usage error", bad)
		}
	}
}
