package gateway_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// countingMedulla records every call that reached it, so a test can tell that a refused request
// changed nothing upstream.
type countingMedulla struct {
	fakeMedulla
	calls *atomic.Int64
}

func (m countingMedulla) RegisterBrain(ctx context.Context, req *medullav1.RegisterBrainRequest) (*medullav1.RegisterBrainResponse, error) {
	m.calls.Add(1)
	return m.fakeMedulla.RegisterBrain(ctx, req)
}

func (m countingMedulla) ImportClaims(_ context.Context, req *medullav1.ImportClaimsRequest) (*medullav1.ImportClaimsResponse, error) {
	m.calls.Add(1)
	return &medullav1.ImportClaimsResponse{Imported: int32(len(req.GetFiles()))}, nil
}

// fakeMission stores a log only when the whole upload arrived, and streams one board event
// before refusing.
type fakeMission struct {
	missionv1.UnimplementedMissionServiceServer
	stored *atomic.Int64
}

func (m fakeMission) PutLog(s grpc.ClientStreamingServer[missionv1.PutLogRequest, missionv1.PutLogResponse]) error {
	var size int64
	for {
		msg, err := s.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		size += int64(len(msg.GetChunk()))
	}
	m.stored.Add(1)
	return s.SendAndClose(&missionv1.PutLogResponse{LogSha256: "x", Size: size})
}

func (fakeMission) WatchBoard(_ *missionv1.WatchBoardRequest, s grpc.ServerStreamingServer[missionv1.WatchBoardResponse]) error {
	if err := s.Send(&missionv1.WatchBoardResponse{}); err != nil {
		return err
	}
	return rpcstatus.New(codes.ResourceExhausted, "mission.organism", "CAP_REACHED", "too many watchers")
}

// fakePresence refuses every watch before its first event.
type fakePresence struct {
	presencev1.UnimplementedPresenceServiceServer
}

func (fakePresence) Watch(*presencev1.WatchRequest, grpc.ServerStreamingServer[presencev1.WatchResponse]) error {
	return rpcstatus.New(codes.PermissionDenied, "auth.organism", "FOREIGN_BRAIN", "bound elsewhere")
}

// countingListener counts the bytes the server reads off every connection.
type countingListener struct {
	net.Listener
	read  *atomic.Int64
	conns *sync.Map
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	st := &connStat{closed: make(chan struct{})}
	if l.conns != nil {
		l.conns.Store(c.RemoteAddr().String(), st)
	}
	return &countingConn{Conn: c, read: l.read, stat: st}, nil
}

// connStat is what the server read from one connection, and whether it has closed it: a
// refused body is measured on its own connection once the server is done with it, so the
// drain of an earlier connection never counts against a later one.
type connStat struct {
	read      atomic.Int64
	closed    chan struct{}
	closeOnce sync.Once
}

type countingConn struct {
	net.Conn
	read *atomic.Int64
	stat *connStat
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	c.stat.read.Add(int64(n))
	return n, err
}

func (c *countingConn) Close() error {
	c.stat.closeOnce.Do(func() { close(c.stat.closed) })
	return c.Conn.Close()
}

type abuseEnv struct {
	grpc       *grpctest.Env
	url        string
	addr       string
	serverRead *atomic.Int64
	conns      *sync.Map // client address -> *connStat
	calls      *atomic.Int64
	stored     *atomic.Int64
	logs       *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newAbuseEnv serves fake medulla, mission and presence; soul is "down": its dial fails the way
// a real one does, naming an internal address.
func newAbuseEnv(t *testing.T, limits gateway.Limits) *abuseEnv {
	t.Helper()
	e := &abuseEnv{serverRead: &atomic.Int64{}, conns: &sync.Map{}, calls: &atomic.Int64{}, stored: &atomic.Int64{}, logs: &syncBuffer{}}
	e.grpc = grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		medullav1.RegisterMedullaServiceServer(r, countingMedulla{calls: e.calls})
		missionv1.RegisterMissionServiceServer(r, fakeMission{stored: e.stored})
		presencev1.RegisterPresenceServiceServer(r, fakePresence{})
	})
	dialer := grpc.WithContextDialer(func(ctx context.Context, addr string) (net.Conn, error) {
		if addr == "down" {
			return nil, &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 0, 0, 3), Port: 7700}, Err: syscall.ECONNREFUSED}
		}
		return e.grpc.DialContext(ctx)
	})
	gw, err := gateway.New(context.Background(), gateway.Options{
		SoulAddr: "passthrough:///down", MedullaAddr: "passthrough:///bufnet", MissionAddr: "passthrough:///bufnet", PresenceAddr: "passthrough:///bufnet",
		DialExtra: []grpc.DialOption{dialer}, Verifier: e.grpc.Signer.Verifier(),
		GatewayToken: e.grpc.Mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}),
		Logger:       slog.New(slog.NewTextHandler(e.logs, nil)), Limits: limits,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gw.Close() })
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(nil)
	srv.Listener.Close()
	srv.Listener = countingListener{Listener: lis, read: e.serverRead, conns: e.conns}
	srv.Config = gw.HTTPServer()
	srv.Start()
	t.Cleanup(srv.Close)
	e.url, e.addr = srv.URL, lis.Addr().String()
	return e
}

// rawPost sends a POST of size bytes over a raw connection, writing the body in the background
// as fast as the server takes it, and returns the response status and body. chunked sends no
// Content-Length. The body is never materialised: it is written from one small repeated block.
func rawPost(t *testing.T, addr, path, token string, size int64, chunked bool) (int, errBody) {
	code, body, _ := rawPostFrom(t, addr, path, token, size, chunked)
	return code, body
}

// rawPostFrom is rawPost that also says from which local address it called, so the caller can
// find the server's side of the connection.
func rawPostFrom(t *testing.T, addr, path, token string, size int64, chunked bool) (int, errBody, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	var hdr strings.Builder
	fmt.Fprintf(&hdr, "POST %s HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n", path)
	if token != "" {
		fmt.Fprintf(&hdr, "Authorization: Bearer %s\r\n", token)
	}
	if chunked {
		hdr.WriteString("Transfer-Encoding: chunked\r\n\r\n")
	} else {
		fmt.Fprintf(&hdr, "Content-Length: %d\r\n\r\n", size)
	}
	if _, err := io.WriteString(conn, hdr.String()); err != nil {
		t.Fatal(err)
	}
	go func() {
		// A JSON string that never ends: valid so far, so only the cap can stop it.
		block := bytes.Repeat([]byte("a"), 32<<10)
		if chunked {
			conn.Write([]byte(fmt.Sprintf("%x\r\n{\"name\":\"\r\n", 9)))
		} else {
			conn.Write([]byte(`{"name":"`))
		}
		for sent := int64(9); sent < size; sent += int64(len(block)) {
			var err error
			if chunked {
				_, err = conn.Write(append([]byte(fmt.Sprintf("%x\r\n", len(block))), append(block, '\r', '\n')...))
			} else {
				_, err = conn.Write(block)
			}
			if err != nil {
				return // the server answered and closed: the rest is never sent
			}
		}
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	defer resp.Body.Close()
	var b errBody
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("response %d is not JSON: %q", resp.StatusCode, raw)
	}
	return resp.StatusCode, b, conn.LocalAddr().String()
}

func TestHugeBodiesAreRefusedBeforeTheyAreRead(t *testing.T) {
	e := newAbuseEnv(t, gateway.Limits{})
	owner := e.grpc.OwnerToken()
	const huge = 60 << 20
	tests := []struct {
		name       string
		path       string
		token      string
		chunked    bool
		wantStatus int
		wantReason string
	}{
		{"no credential, declared 60 MB", "/v1/medulla/brains", "", false, 401, "UNAUTHENTICATED"},
		{"no credential, chunked 60 MB", "/v1/medulla/brains", "", true, 401, "UNAUTHENTICATED"},
		{"forged credential, declared 60 MB", "/v1/medulla/brains", "not-a-token", false, 401, "TOKEN_MALFORMED"},
		{"owner, declared 60 MB", "/v1/medulla/brains", owner, false, 413, gateway.ReasonBodyTooLarge},
		{"owner, chunked 60 MB", "/v1/medulla/brains", owner, true, 413, gateway.ReasonBodyTooLarge},
		{"owner, login of 60 MB", "/v1/session", "", false, 413, gateway.ReasonBodyTooLarge},
		{"owner, import of 60 MB", "/v1/medulla/brains/loja/import", owner, false, 413, gateway.ReasonBodyTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, body, from := rawPostFrom(t, e.addr, tt.path, tt.token, huge, tt.chunked)
			if got != tt.wantStatus || body.Reason != tt.wantReason {
				t.Fatalf("got %d %q (%s), want %d %s", got, body.Reason, body.Message, tt.wantStatus, tt.wantReason)
			}
			// A declared body is not read at all (only what arrived with the headers); a chunked
			// one at most to the cap, plus the 256 KiB net/http drains of any chunked body on close.
			v, ok := e.conns.Load(from)
			if !ok {
				t.Fatalf("the server never accepted the connection from %s", from)
			}
			st := v.(*connStat)
			select {
			case <-st.closed:
			case <-time.After(10 * time.Second):
				t.Fatal("the server kept the refused connection open")
			}
			read := st.read.Load()
			limit := int64(64 << 10)
			if tt.chunked {
				limit += 256<<10 + 64<<10
			}
			if tt.chunked && tt.wantStatus == 413 {
				limit += gateway.DefaultBodyBytes
			}
			if read > limit {
				t.Errorf("server read %d bytes of a %d-byte body, want at most %d", read, huge, limit)
			}
		})
	}
	if n := e.calls.Load(); n != 0 {
		t.Errorf("upstream calls: got %d, want 0 (every body was refused)", n)
	}
}

func TestBodyCapsPerRoute(t *testing.T) {
	e := newAbuseEnv(t, gateway.Limits{BodyBytes: 1 << 10, ImportBodyBytes: 64 << 10, LogBodyBytes: 32 << 10})
	owner := e.grpc.OwnerToken()
	brain := func(n int) string { return `{"name":"` + strings.Repeat("a", n) + `"}` }
	importOf := func(n int) string { return `{"files":[{"name":"a.md","content":"` + strings.Repeat("a", n) + `"}]}` }
	logOf := func(chunks, size int) string {
		var b strings.Builder
		for i := 0; i < chunks; i++ {
			fmt.Fprintf(&b, `{"mission_id":"m1","chunk":"%s"}`+"\n", strings.Repeat("A", size))
		}
		return b.String()
	}
	tests := []struct {
		name       string
		path       string
		body       string
		chunked    bool
		wantStatus int
		wantReason string
		wantCalls  int64
		wantStored int64
	}{
		{"small brain", "/v1/medulla/brains", brain(10), false, 200, "", 1, 0},
		{"brain over the default cap", "/v1/medulla/brains", brain(2 << 10), false, 413, gateway.ReasonBodyTooLarge, 0, 0},
		{"chunked brain over the default cap", "/v1/medulla/brains", brain(2 << 10), true, 413, gateway.ReasonBodyTooLarge, 0, 0},
		{"chunked brain under the cap", "/v1/medulla/brains", brain(10), true, 200, "", 1, 0},
		{"import over the default cap, under its own", "/v1/medulla/brains/loja/import", importOf(8 << 10), false, 200, "", 1, 0},
		{"import over its own cap", "/v1/medulla/brains/loja/import", importOf(80 << 10), false, 413, gateway.ReasonBodyTooLarge, 0, 0},
		{"log over the default cap, under its own", "/v1/mission/logs", logOf(4, 4<<10), false, 200, "", 0, 1},
		{"log over its own cap", "/v1/mission/logs", logOf(16, 4<<10), false, 413, gateway.ReasonBodyTooLarge, 0, 0},
		{"chunked log over its own cap", "/v1/mission/logs", logOf(16, 4<<10), true, 413, gateway.ReasonBodyTooLarge, 0, 0},
		{"garbage JSON", "/v1/medulla/brains", `{"name":`, false, 400, "INVALID_ARGUMENT", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls, stored := e.calls.Load(), e.stored.Load()
			var body io.Reader = strings.NewReader(tt.body)
			if tt.chunked {
				body = io.MultiReader(body) // hides the length: sent chunked
			}
			req, _ := http.NewRequest("POST", e.url+tt.path, body)
			req.Header.Set("Authorization", "Bearer "+owner)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var b errBody
			json.Unmarshal(raw, &b)
			if resp.StatusCode != tt.wantStatus || b.Reason != tt.wantReason {
				t.Fatalf("got %d %q, want %d %q (%s)", resp.StatusCode, b.Reason, tt.wantStatus, tt.wantReason, raw)
			}
			if got := e.calls.Load() - calls; got != tt.wantCalls {
				t.Errorf("medulla calls: got %d, want %d", got, tt.wantCalls)
			}
			if got := e.stored.Load() - stored; got != tt.wantStored {
				t.Errorf("logs stored: got %d, want %d", got, tt.wantStored)
			}
		})
	}
}

func TestEveryRefusalHasAReason(t *testing.T) {
	e := newAbuseEnv(t, gateway.Limits{})
	agent := e.grpc.AgentToken("ada", "executor", "loja")
	tests := []struct {
		name        string
		method      string
		path        string
		accept      string
		token       string
		wantStatus  int
		wantReason  string // empty: the answer is not JSON
		wantAllow   string
		wantType    string
		wantInChunk string // a second chunk (the stream's end) carries this reason
	}{
		{"unknown API path", "GET", "/v1/medulla/nope", "", agent, 404, gateway.ReasonNoSuchRoute, "", "application/json", ""},
		{"unknown API path, no credential", "GET", "/v1/nope", "", "", 404, gateway.ReasonNoSuchRoute, "", "application/json", ""},
		{"unknown page", "GET", "/nope", "*/*", "", 404, gateway.ReasonNoSuchRoute, "", "application/json", ""},
		{"unknown page, browser", "GET", "/nope", "text/html,application/xhtml+xml,*/*;q=0.8", "", 404, "", "", "text/html; charset=utf-8", ""},
		{"API path in a browser is still JSON", "GET", "/v1/nope", "text/html", "", 404, gateway.ReasonNoSuchRoute, "", "application/json", ""},
		{"wrong method on a route", "PUT", "/v1/medulla/brains", "", agent, 405, gateway.ReasonMethodNotAllowed, "GET, POST", "application/json", ""},
		{"wrong method on a verb route", "GET", "/v1/soul/brains/loja/curator-reports:verify", "", agent, 405, gateway.ReasonMethodNotAllowed, "POST", "application/json", ""},
		{"wrong method on the session", "PUT", "/v1/session", "", "", 405, gateway.ReasonMethodNotAllowed, "DELETE, GET, POST", "application/json", ""},
		{"wrong method on health", "POST", "/healthz", "", "", 405, gateway.ReasonMethodNotAllowed, "GET, HEAD", "application/json", ""},
		{"upstream down", "GET", "/v1/soul/brains/loja/soul", "", agent, 503, gateway.ReasonUnavailable, "", "application/json", ""},
		{"upstream refusal, 429", "GET", "/v1/medulla/brains/capped", "", agent, 429, "CAP_REACHED", "", "application/json", ""},
		{"stream refused before its first event", "GET", "/v1/presence/events", "", agent, 403, "FOREIGN_BRAIN", "", "application/json", ""},
		{"stream refused after its first event", "GET", "/v1/mission/board/watch", "", agent, 200, "", "", "", "CAP_REACHED"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hdr := map[string]string{}
			if tt.accept != "" {
				hdr["Accept"] = tt.accept
			}
			resp, raw := do(t, http.DefaultClient, tt.method, e.url+tt.path, tt.token, "", hdr)
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status: got %d, want %d (%s)", resp.StatusCode, tt.wantStatus, raw)
			}
			if tt.wantType != "" && resp.Header.Get("Content-Type") != tt.wantType {
				t.Errorf("content type: got %q, want %q", resp.Header.Get("Content-Type"), tt.wantType)
			}
			if got := resp.Header.Get("Allow"); got != tt.wantAllow {
				t.Errorf("Allow: got %q, want %q", got, tt.wantAllow)
			}
			if bytes.Contains(raw, []byte("10.0.0.3")) || bytes.Contains(raw, []byte("dial tcp")) {
				t.Errorf("answer names an internal address: %s", raw)
			}
			if tt.wantReason != "" {
				var b errBody
				if err := json.Unmarshal(raw, &b); err != nil || b.Reason != tt.wantReason {
					t.Errorf("body: got %s (%v), want top-level reason %s", raw, err, tt.wantReason)
				}
			}
			if tt.wantInChunk != "" {
				lines := bytes.Split(bytes.TrimSpace(raw), []byte("\n"))
				var last errBody
				if len(lines) != 2 || json.Unmarshal(lines[1], &last) != nil || last.Reason != tt.wantInChunk || !bytes.HasPrefix(lines[0], []byte(`{"result":`)) {
					t.Errorf("stream: got %s, want a result chunk then a refusal with top-level reason %s", raw, tt.wantInChunk)
				}
			}
		})
	}
	if !strings.Contains(e.logs.String(), "10.0.0.3:7700") {
		t.Errorf("the unreachable upstream's address was not logged; logs:\n%s", e.logs.String())
	}
}

func TestSlowBodyTimesOut(t *testing.T) {
	e := newAbuseEnv(t, gateway.Limits{BodyReadTimeout: 200 * time.Millisecond})
	conn, err := net.DialTimeout("tcp", e.addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	// Declares 100 bytes and sends 5: the server gives up on the rest.
	fmt.Fprintf(conn, "POST /v1/medulla/brains HTTP/1.1\r\nHost: gateway\r\nAuthorization: Bearer %s\r\nContent-Length: 100\r\n\r\n{\"nam", e.grpc.OwnerToken())
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	raw, _ := io.ReadAll(resp.Body)
	var b errBody
	json.Unmarshal(raw, &b)
	if resp.StatusCode != http.StatusRequestTimeout || b.Reason != gateway.ReasonBodyTimeout {
		t.Errorf("got %d %s, want 408 %s", resp.StatusCode, raw, gateway.ReasonBodyTimeout)
	}
	if n := e.calls.Load(); n != 0 {
		t.Errorf("upstream calls: got %d, want 0", n)
	}
}
