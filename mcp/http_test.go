package mcp_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/grpc"

	organmcp "github.com/organism-dev/organism/mcp"
	"github.com/organism-dev/organism/platform/grpctest"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// httpEnv is the streamable HTTP handler over the fake organs, as the gateway mounts it.
type httpEnv struct {
	url, agent string
	g          *grpctest.Env
	svc        *organmcp.Service
}

func startHTTPEnv(t *testing.T) *httpEnv {
	t.Helper()
	return startHTTPEnvFor(t)
}

// startHTTPEnvFor is startHTTPEnv admitting the given browser origins besides loopback ones.
func startHTTPEnvFor(t *testing.T, origins ...string) *httpEnv {
	t.Helper()
	g := grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		presencev1.RegisterPresenceServiceServer(r, fakePresence{streams: make(streams, 4)})
		missionv1.RegisterMissionServiceServer(r, fakeMission{streams: make(streams, 4)})
	})
	// The gateway's organ connection carries no credential: every call carries its request's.
	svc := organmcp.New(organmcp.Options{Organs: organmcp.OrgansOn(g.Conn(nil)), Logger: slog.New(slog.DiscardHandler)})
	srv := httptest.NewServer(svc.HTTPHandler(organmcp.HTTPOptions{Verifier: g.Signer.Verifier(), AllowedOrigins: origins}))
	t.Cleanup(srv.Close)
	return &httpEnv{url: srv.URL, agent: g.AgentToken("ada", "executor", "loja"), g: g, svc: svc}
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`

// post sends one JSON-RPC body to /mcp with the given Authorization header ("" sends none).
func (e *httpEnv) post(t *testing.T, authz, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if authz != "" {
		req.Header.Set("Authorization", authz)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// TestHTTPUnauthorizedChallenges: a request without a valid bearer is refused with 401 and a
// WWW-Authenticate challenge naming the Bearer scheme (RFC 6750 §3), so a client knows what to
// send; only a bearer that came and failed is called invalid_token.
func TestHTTPUnauthorizedChallenges(t *testing.T) {
	e := startHTTPEnv(t)
	cases := []struct {
		name, authz, challenge string
	}{
		{"no Authorization header", "", `Bearer realm="organism"`},
		{"another scheme", "Basic YWRhOnB3", `Bearer realm="organism"`},
		{"bearer without a token", "Bearer ", `Bearer realm="organism"`},
		{"forged bearer", "Bearer org1.eyJ0eXAiOiJvd25lciJ9.c2ln", `Bearer realm="organism", error="invalid_token"`},
		{"not a credential", "Bearer hello", `Bearer realm="organism", error="invalid_token"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := e.post(t, c.authz, initBody)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("got %d, want 401", resp.StatusCode)
			}
			if got := resp.Header.Get("WWW-Authenticate"); got != c.challenge {
				t.Errorf("got WWW-Authenticate %q, want %q", got, c.challenge)
			}
		})
	}
	t.Run("valid bearer", func(t *testing.T) {
		resp := e.post(t, "Bearer "+e.agent, initBody)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("WWW-Authenticate") != "" {
			t.Errorf("got %d with WWW-Authenticate %q, want 200 without a challenge", resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
		}
	})
}

// TestHTTPOversizedBodyRefused: a body past the transport's bound is refused before it is
// parsed, so one client cannot make the server hold an arbitrarily large request.
func TestHTTPOversizedBodyRefused(t *testing.T) {
	e := startHTTPEnv(t)
	huge := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"` + strings.Repeat("x", 5<<20) + `"}}`
	if resp := e.post(t, "Bearer "+e.agent, huge); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("got %d, want 413", resp.StatusCode)
	}
}

// send makes one request on session sid with the given bearer.
func (e *httpEnv) send(t *testing.T, method, token, sid, body string) int {
	t.Helper()
	return e.sendAs(t, method, token, sid, "2025-06-18", body)
}

// sendAs is send by a client that negotiated version.
func (e *httpEnv) sendAs(t *testing.T, method, token, sid, version, body string) int {
	t.Helper()
	req, err := http.NewRequest(method, e.url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("Mcp-Protocol-Version", version)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestHTTPSessionBelongsToItsCredential: a session id is no capability. Another agent (even of
// the same brain) that presents it can neither call in it nor end it; the session's own
// credential can, and once it ended the id names nothing.
func TestHTTPSessionBelongsToItsCredential(t *testing.T) {
	e := startHTTPEnv(t)
	gil := e.g.AgentToken("gil", "executor", "loja")
	resp := e.post(t, "Bearer "+e.agent, initBody)
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || sid == "" {
		t.Fatalf("initialize: got %d with session %q, want 200 and a session id", resp.StatusCode, sid)
	}
	const initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	const list = `{"jsonrpc":"2.0","id":2,"method":"resources/templates/list"}`
	steps := []struct {
		name, method, token, body string
		want                      int
	}{
		{"ada finishes the handshake", http.MethodPost, e.agent, initialized, http.StatusAccepted},
		{"gil calls in ada's session", http.MethodPost, gil, list, http.StatusForbidden},
		{"gil ends ada's session", http.MethodDelete, gil, "", http.StatusForbidden},
		{"ada still calls in it", http.MethodPost, e.agent, list, http.StatusOK},
		{"ada ends it", http.MethodDelete, e.agent, "", http.StatusNoContent},
		{"the ended session is gone", http.MethodPost, e.agent, list, http.StatusNotFound},
	}
	for _, s := range steps {
		if got := e.send(t, s.method, s.token, sid, s.body); got != s.want {
			t.Errorf("%s: got %d, want %d", s.name, got, s.want)
		}
	}
}
