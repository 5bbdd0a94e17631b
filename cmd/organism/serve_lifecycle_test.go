package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.opentelemetry.io/otel/trace/noop"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
)

// ownerKit is an owner key kept apart from the serving data dirs, the way a deployment keeps it:
// serving targets get owner.pub and their own credential, never owner.key.
type ownerKit struct {
	pub    string
	signer *auth.Signer
}

func newOwnerKit(t *testing.T) ownerKit {
	t.Helper()
	dir := t.TempDir()
	key, _, err := auth.InitOwnerKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ownerKit{pub: filepath.Join(dir, auth.OwnerPublicKeyFile), signer: auth.NewSigner(key, nil)}
}

func (k ownerKit) mint(t *testing.T, kind auth.Kind, subject string) string {
	t.Helper()
	tok, err := k.signer.Mint(auth.MintRequest{Kind: kind, Subject: subject})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// split is the config of one deployed target verifying with the kit's public key.
func (k ownerKit) split(t *testing.T, target string) config {
	cfg := baseConfig(t, target)
	cfg.ownerPub = k.pub
	switch target {
	case "soul", "mission":
		cfg.serviceToken = k.mint(t, auth.KindService, "organism-"+target)
		cfg.peers["medulla"] = "127.0.0.1:1" // tests that need a live medulla replace it
	case "gateway":
		cfg.gatewayToken = k.mint(t, auth.KindGateway, "gateway")
	}
	return cfg
}

func baseConfig(t *testing.T, target string) config {
	return config{
		target: target, dataDir: t.TempDir(), grpcAddr: freeAddr(t), httpAddr: freeAddr(t),
		peers: map[string]string{}, shutdownTimeout: 5 * time.Second, upstreamEvery: 50 * time.Millisecond,
		tracerProvider: noop.NewTracerProvider(), logger: slog.New(slog.DiscardHandler),
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// started is one run in the background; stop ends it and returns its error.
type started struct {
	grpcAddr, httpAddr string
	done               chan error
	cancel             context.CancelFunc
}

// startRun starts run and waits until it is ready; it fails the test if run ends first.
func startRun(t *testing.T, cfg config) *started {
	t.Helper()
	ready := make(chan [2]string, 1)
	cfg.ready = func(g, h string) { ready <- [2]string{g, h} }
	ctx, cancel := context.WithCancel(context.Background())
	s := &started{done: make(chan error, 1), cancel: cancel}
	go func() { s.done <- run(ctx, cfg, io.Discard) }()
	select {
	case a := <-ready:
		s.grpcAddr, s.httpAddr = a[0], a[1]
	case err := <-s.done:
		cancel()
		t.Fatalf("serve --target=%s exited before ready: %v", cfg.target, err)
	case <-time.After(testWait):
		cancel()
		t.Fatalf("serve --target=%s not ready within %v", cfg.target, testWait)
	}
	t.Cleanup(func() { s.stop(t) })
	return s
}

func (s *started) stop(t *testing.T) error {
	s.cancel()
	select {
	case err := <-s.done:
		s.done <- err // a second stop sees the same answer
		return err
	case <-time.After(testWait):
		t.Fatalf("serve did not stop within %v", testWait)
		return nil
	}
}

// runToFailure runs cfg and returns the error it ends with, failing if it serves instead.
func runToFailure(t *testing.T, cfg config) error {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg.ready = func(string, string) {
		t.Errorf("serve --target=%s became ready; want it to refuse to start", cfg.target)
	}
	done := make(chan error, 1)
	go func() { done <- run(ctx, cfg, io.Discard) }()
	select {
	case err := <-done:
		return err
	case <-time.After(testWait):
		t.Fatalf("serve did not fail within %v", testWait)
		return nil
	}
}

// bindable reports whether addr can be bound again: whatever listened there was closed.
func bindable(t *testing.T, addr string) {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Errorf("%s still held after serve ended: %v", addr, err)
		return
	}
	l.Close()
}

// held are the addresses a test occupies on purpose; they stay bound whatever serve does.
var held = map[string]bool{}

func occupy(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	held[l.Addr().String()] = true
	return l.Addr().String()
}

// Every failure at start ends run with its cause, releases what was taken, and opens no store
// (or closes the ones it opened).
func TestServeRefusesToHalfStart(t *testing.T) {
	kit := newOwnerKit(t)
	tests := []struct {
		name    string
		cfg     func(t *testing.T) config
		wantErr string
	}{
		{"grpc port in use", func(t *testing.T) config {
			c := baseConfig(t, "all")
			c.grpcAddr = occupy(t)
			return c
		}, "grpc listen"},
		{"gateway port in use", func(t *testing.T) config {
			c := baseConfig(t, "all")
			c.httpAddr = occupy(t)
			return c
		}, "http listen"},
		{"a store fails to open (mission.db is a directory)", func(t *testing.T) config {
			c := baseConfig(t, "all")
			if err := os.MkdirAll(filepath.Join(c.dataDir, "mission.db"), 0o700); err != nil {
				t.Fatal(err)
			}
			return c
		}, "open mission"},
		{"data dir is a file", func(t *testing.T) config {
			c := baseConfig(t, "all")
			f := filepath.Join(c.dataDir, "file")
			os.WriteFile(f, []byte("x"), 0o600)
			c.dataDir = f
			return c
		}, "data dir"},
		{"deployed target without the owner's public key", func(t *testing.T) config {
			return baseConfig(t, "medulla")
		}, "owner public key"},
		{"private key given where the public key belongs", func(t *testing.T) config {
			c := kit.split(t, "medulla")
			c.ownerPub = strings.TrimSuffix(kit.pub, auth.OwnerPublicKeyFile) + auth.OwnerKeyFile
			return c
		}, "private key"},
		{"soul without its own credential", func(t *testing.T) config {
			c := kit.split(t, "soul")
			c.serviceToken = ""
			return c
		}, "needs its own credential"},
		{"mission not told where medulla is", func(t *testing.T) config {
			c := kit.split(t, "mission")
			delete(c.peers, "medulla")
			return c
		}, "--medulla-addr"},
		{"gateway credential given as soul's", func(t *testing.T) config {
			c := kit.split(t, "soul")
			c.serviceToken = kit.mint(t, auth.KindGateway, "gateway")
			return c
		}, "want a service credential"},
		{"credential signed by another owner", func(t *testing.T) config {
			c := kit.split(t, "mission")
			c.serviceToken = newOwnerKit(t).mint(t, auth.KindService, "organism-mission")
			return c
		}, "BAD_SIGNATURE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg(t)
			err := runToFailure(t, cfg)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("got %v, want an error containing %q", err, tt.wantErr)
			}
			for _, addr := range []string{cfg.grpcAddr, cfg.httpAddr} {
				if !held[addr] {
					bindable(t, addr)
				}
			}
			if cfg.target != "all" {
				if _, err := os.Stat(filepath.Join(cfg.dataDir, auth.OwnerKeyFile)); err == nil {
					t.Errorf("a deployed target created owner.key")
				}
			}
			// Nothing stays open: SQLite removes a database's WAL when its last connection closes.
			wals, _ := filepath.Glob(filepath.Join(cfg.dataDir, "*.db-wal"))
			if len(wals) != 0 {
				t.Errorf("stores left open: %v", wals)
			}
		})
	}
}

// When a component fails after start, the whole process stops: the gRPC server too, and the
// stores close.
func TestFailureAfterStartStopsEverything(t *testing.T) {
	cfg := baseConfig(t, "all")
	httpLis, err := net.Listen("tcp", cfg.httpAddr)
	if err != nil {
		t.Fatal(err)
	}
	cfg.httpListener = httpLis
	s := startRun(t, cfg)
	if got := healthOf(t, s.grpcAddr, ""); got != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("before the failure: got %v, want SERVING", got)
	}
	if wals, _ := filepath.Glob(filepath.Join(cfg.dataDir, "*.db-wal")); len(wals) == 0 {
		t.Fatal("no WAL while serving: the closed-store check below would prove nothing")
	}
	httpLis.Close() // the gateway's listener dies under it
	select {
	case err := <-s.done:
		s.done <- err
		if err == nil || !strings.Contains(err.Error(), "gateway http") {
			t.Fatalf("got %v, want the gateway's failure as the cause", err)
		}
	case <-time.After(testWait):
		t.Fatalf("serve kept running %v after its gateway failed", testWait)
	}
	bindable(t, s.grpcAddr)
	if wals, _ := filepath.Glob(filepath.Join(cfg.dataDir, "*.db-wal")); len(wals) != 0 {
		t.Errorf("stores left open: %v", wals)
	}
}

func healthOf(t *testing.T, addr, service string) healthpb.HealthCheckResponse_ServingStatus {
	t.Helper()
	c, err := grpcserver.Dial(addr, grpcserver.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := healthpb.NewHealthClient(c).Check(ctx, &healthpb.HealthCheckRequest{Service: service}, grpc.WaitForReady(false))
	if err != nil {
		return healthpb.HealthCheckResponse_UNKNOWN
	}
	return r.GetStatus()
}

// silentUpstream accepts connections and never says a word.
func silentUpstream(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c)
		}
	}()
	t.Cleanup(func() {
		l.Close()
		for _, c := range conns {
			c.Close()
		}
	})
	return l.Addr().String()
}

// waitHealth polls until service reports want, or fails after testWait.
func waitHealth(t *testing.T, addr, service string, want healthpb.HealthCheckResponse_ServingStatus) {
	t.Helper()
	deadline := time.Now().Add(testWait)
	for {
		got := healthOf(t, addr, service)
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("health %q: got %v, want %v within %v", service, got, want, testWait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// An upstream that never answers leaves the process up, live, and not ready, naming the
// upstream; when the upstream serves, readiness follows.
func TestUpstreamThatNeverAnswers(t *testing.T) {
	kit := newOwnerKit(t)
	silent := silentUpstream(t)

	mcfg := kit.split(t, "mission")
	mcfg.peers["medulla"] = silent
	m := startRun(t, mcfg)
	for _, c := range []struct {
		service string
		want    healthpb.HealthCheckResponse_ServingStatus
	}{
		{"", healthpb.HealthCheckResponse_SERVING}, // liveness: its own store is open
		{serviceName("mission"), healthpb.HealthCheckResponse_SERVING},
		{readyService, healthpb.HealthCheckResponse_NOT_SERVING},
		{upstreamPrefix + "medulla", healthpb.HealthCheckResponse_NOT_SERVING},
	} {
		if got := healthOf(t, m.grpcAddr, c.service); got != c.want {
			t.Errorf("mission health %q with a silent medulla: got %v, want %v", c.service, got, c.want)
		}
	}

	gcfg := kit.split(t, "gateway")
	for _, name := range serviceTargets {
		gcfg.peers[name] = silent
	}
	g := startRun(t, gcfg)
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + g.httpAddr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, body := get("/healthz")
	var rep struct {
		Status    string            `json:"status"`
		Upstreams map[string]string `json:"upstreams"`
	}
	json.Unmarshal([]byte(body), &rep)
	if code != http.StatusServiceUnavailable || rep.Status != "NOT_SERVING" || rep.Upstreams[serviceName("medulla")] != "UNREACHABLE" {
		t.Errorf("gateway /healthz with silent upstreams: got %d %s, want 503 naming medulla UNREACHABLE", code, body)
	}
	if strings.Contains(body, silent) {
		t.Errorf("/healthz leaks the upstream's address %s to an unauthenticated caller: %s", silent, body)
	}
	if code, body := get("/livez"); code != http.StatusOK {
		t.Errorf("gateway /livez with silent upstreams: got %d %s, want 200 (the process is alive)", code, body)
	}
	for _, s := range []*started{m, g} {
		select {
		case err := <-s.done:
			t.Fatalf("a process with a silent upstream exited: %v", err)
		default:
		}
	}

	// A real medulla: mission's readiness turns SERVING.
	med := startRun(t, kit.split(t, "medulla"))
	mcfg2 := kit.split(t, "mission")
	mcfg2.peers["medulla"] = med.grpcAddr
	m2 := startRun(t, mcfg2)
	waitHealth(t, m2.grpcAddr, readyService, healthpb.HealthCheckResponse_SERVING)
	if got := healthOf(t, m2.grpcAddr, upstreamPrefix+"medulla"); got != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("upstream entry: got %v, want SERVING", got)
	}
	// Stopping ends readiness first: the drain begins NOT_SERVING, and run returns nil.
	if err := m2.stop(t); err != nil {
		t.Errorf("clean stop: got %v, want nil", err)
	}
}

// Stopping turns health NOT_SERVING before the server drains: a client watching health sees
// NOT_SERVING while its stream is still open, then the stream ends.
func TestHealthTurnsNotServingBeforeTheDrain(t *testing.T) {
	s := startRun(t, baseConfig(t, "all"))
	c, err := grpcserver.Dial(s.grpcAddr, grpcserver.DialOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	w, err := healthpb.NewHealthClient(c).Watch(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := w.Recv(); err != nil || r.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("before stopping: got %v, %v; want SERVING", r.GetStatus(), err)
	}
	s.cancel()
	r, err := w.Recv()
	if err != nil || r.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Fatalf("on stopping: got %v, %v; want NOT_SERVING while the stream is still open", r.GetStatus(), err)
	}
	cancel() // the drain waits for this open stream; end it so the drain completes at once
	if err := s.stop(t); err != nil {
		t.Errorf("stop: got %v, want nil", err)
	}
}

// The probes the process owns around the gateway: /livez follows the process alone, and
// /healthz answers NOT_SERVING from the moment the drain begins, whatever the upstreams say.
func TestLifecycleHandler(t *testing.T) {
	upstreams := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "gateway "+r.URL.Path) })
	tests := []struct {
		name     string
		draining bool
		path     string
		wantCode int
		wantBody string
	}{
		{"livez while serving", false, "/livez", 200, "LIVE"},
		{"healthz while serving goes to the gateway", false, "/healthz", 200, "gateway /healthz"},
		{"healthz while draining", true, "/healthz", 503, "DRAINING"},
		{"livez while draining", true, "/livez", 200, "LIVE"},
		{"API while draining still reaches the gateway", true, "/v1/medulla/brains", 200, "gateway /v1/medulla/brains"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var draining atomic.Bool
			draining.Store(tt.draining)
			rec := httptest.NewRecorder()
			lifecycleHandler(upstreams, &draining).ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
			if rec.Code != tt.wantCode || !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Errorf("got %d %q, want %d containing %q", rec.Code, rec.Body.String(), tt.wantCode, tt.wantBody)
			}
		})
	}
}
