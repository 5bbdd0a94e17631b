package gateway_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// fakeMedulla answers GetBrain with a refusal chosen by the brain name, and reports who called.
type fakeMedulla struct {
	medullav1.UnimplementedMedullaServiceServer
}

var refusals = map[string]error{
	"bad":      rpcstatus.Invalid("medulla.organism", rpcstatus.Violation{Field: "name", Description: "must be lowercase"}),
	"missing":  rpcstatus.New(codes.NotFound, "medulla.organism", "BRAIN_NOT_FOUND", "no such brain"),
	"foreign":  rpcstatus.New(codes.PermissionDenied, "auth.organism", "FOREIGN_BRAIN", "bound elsewhere"),
	"race":     rpcstatus.New(codes.Aborted, "mission.organism", "HEAD_CAS_MISMATCH", "head moved"),
	"verified": rpcstatus.New(codes.FailedPrecondition, "medulla.organism", "NOT_VERIFIED", "authored claims do not cross"),
	"capped":   rpcstatus.New(codes.ResourceExhausted, "mission.organism", "CAP_REACHED", "three open"),
	"stale":    rpcstatus.New(codes.Unauthenticated, "auth.organism", "TOKEN_EXPIRED", "expired"),
	"boom":     rpcstatus.New(codes.Internal, "organism", "INTERNAL", "internal error"),
}

func (fakeMedulla) GetBrain(ctx context.Context, req *medullav1.GetBrainRequest) (*medullav1.GetBrainResponse, error) {
	if err, ok := refusals[req.GetName()]; ok {
		return nil, err
	}
	id, _ := auth.FromContext(ctx)
	// The brain's soul path carries the caller's origin so tests can see what the service saw.
	return &medullav1.GetBrainResponse{Brain: &medullav1.Brain{Name: req.GetName(), SoulPath: auth.OriginName(id.Origin), RepoRoot: id.AgentID}}, nil
}

func (fakeMedulla) RegisterBrain(ctx context.Context, req *medullav1.RegisterBrainRequest) (*medullav1.RegisterBrainResponse, error) {
	id, err := auth.RequireHuman(ctx)
	if err != nil {
		return nil, err
	}
	return &medullav1.RegisterBrainResponse{Brain: &medullav1.Brain{Name: req.GetName(), SoulPath: auth.OriginName(id.Origin)}, Created: true}, nil
}

type env struct {
	grpc *grpctest.Env
	http *httptest.Server
}

func newEnv(t *testing.T) *env {
	t.Helper()
	g := grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		medullav1.RegisterMedullaServiceServer(r, fakeMedulla{})
	})
	dialer := grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) {
		return g.DialContext(ctx)
	})
	var upstreams map[string]grpc.ClientConnInterface
	if envInProcess {
		// Co-located, as serve --target=all runs: unary calls over the in-process channel,
		// through the test server's own interceptor chain; the rest over bufconn.
		ch := grpcserver.NewChannel(g.Server)
		medullav1.RegisterMedullaServiceServer(ch.Mirror(), fakeMedulla{})
		conn := ch.Conn(g.Conn(nil))
		upstreams = map[string]grpc.ClientConnInterface{}
		for _, svc := range []string{soulv1.SoulService_ServiceDesc.ServiceName, medullav1.MedullaService_ServiceDesc.ServiceName,
			missionv1.MissionService_ServiceDesc.ServiceName, presencev1.PresenceService_ServiceDesc.ServiceName} {
			upstreams[svc] = conn
		}
	}
	gw, err := gateway.New(context.Background(), gateway.Options{
		SoulAddr: "passthrough:///bufnet", MedullaAddr: "passthrough:///bufnet", MissionAddr: "passthrough:///bufnet", PresenceAddr: "passthrough:///bufnet",
		DialExtra: []grpc.DialOption{dialer}, Verifier: g.Signer.Verifier(), Upstreams: upstreams,
		GatewayToken: g.Mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gw.Close() })
	srv := httptest.NewServer(gw)
	t.Cleanup(srv.Close)
	return &env{grpc: g, http: srv}
}

// envInProcess makes newEnv's gateway reach the fake organ over the in-process channel.
var envInProcess bool

// TestLawsOverTheInProcessChannel runs this file's laws with the gateway co-located.
func TestLawsOverTheInProcessChannel(t *testing.T) {
	envInProcess = true
	t.Cleanup(func() { envInProcess = false })
	for name, law := range map[string]func(*testing.T){
		"refusals map to HTTP":                  TestRefusalsMapToHTTP,
		"no token is 401":                       TestNoTokenIs401,
		"an agent cannot smuggle the session":   TestAgentCannotSmuggleSessionOrigin,
		"the owner's session is human-ui, CSRF": TestOwnerSessionIsHumanUIAndNeedsCSRF,
		"healthz, metrics, openapi":             TestHealthzMetricsOpenAPI,
	} {
		t.Run(name, law)
	}
}

type errBody struct {
	Code    int    `json:"code"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
	Fields  []struct {
		Field string `json:"field"`
	} `json:"field_violations"`
}

func do(t *testing.T, c *http.Client, method, url, token string, body string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func TestRefusalsMapToHTTP(t *testing.T) {
	e := newEnv(t)
	tok := e.grpc.AgentToken("ada", "executor", "loja")
	tests := []struct {
		brain      string
		wantHTTP   int
		wantReason string
	}{
		{"bad", 400, "INVALID_ARGUMENT"},
		{"missing", 404, "BRAIN_NOT_FOUND"},
		{"foreign", 403, "FOREIGN_BRAIN"},
		{"race", 409, "HEAD_CAS_MISMATCH"},
		{"verified", 409, "NOT_VERIFIED"},
		{"capped", 429, "CAP_REACHED"},
		{"stale", 401, "TOKEN_EXPIRED"},
		{"boom", 500, "INTERNAL"},
	}
	for _, tt := range tests {
		t.Run(tt.brain, func(t *testing.T) {
			resp, raw := do(t, http.DefaultClient, "GET", e.http.URL+"/v1/medulla/brains/"+tt.brain, tok, "", nil)
			if resp.StatusCode != tt.wantHTTP {
				t.Fatalf("HTTP status: got %d, want %d (%s)", resp.StatusCode, tt.wantHTTP, raw)
			}
			var b errBody
			if err := json.Unmarshal(raw, &b); err != nil {
				t.Fatalf("body %q: %v", raw, err)
			}
			if b.Reason != tt.wantReason {
				t.Errorf("reason: got %q, want %q", b.Reason, tt.wantReason)
			}
			if tt.brain == "bad" && (len(b.Fields) != 1 || b.Fields[0].Field != "name") {
				t.Errorf("field violations: got %+v, want [name]", b.Fields)
			}
			if tt.brain == "boom" && strings.Contains(b.Message, "panic") {
				t.Errorf("internal error leaked: %q", b.Message)
			}
		})
	}
}

func TestHTTPStatusTable(t *testing.T) {
	tests := map[codes.Code]int{
		codes.InvalidArgument: 400, codes.Unauthenticated: 401, codes.PermissionDenied: 403, codes.NotFound: 404,
		codes.Aborted: 409, codes.FailedPrecondition: 409, codes.AlreadyExists: 409, codes.ResourceExhausted: 429,
		codes.Unavailable: 503, codes.Internal: 500, codes.Unknown: 500,
	}
	for c, want := range tests {
		if got := gateway.HTTPStatus(c); got != want {
			t.Errorf("HTTPStatus(%v): got %d, want %d", c, got, want)
		}
	}
}

func TestNoTokenIs401(t *testing.T) {
	e := newEnv(t)
	resp, raw := do(t, http.DefaultClient, "GET", e.http.URL+"/v1/medulla/brains/loja", "", "", nil)
	if resp.StatusCode != 401 {
		t.Fatalf("got %d, want 401 (%s)", resp.StatusCode, raw)
	}
	var b errBody
	json.Unmarshal(raw, &b)
	if b.Reason != "UNAUTHENTICATED" {
		t.Errorf("reason: got %q, want UNAUTHENTICATED", b.Reason)
	}
}

func TestAgentCannotSmuggleSessionOrigin(t *testing.T) {
	e := newEnv(t)
	agent := e.grpc.AgentToken("ada", "executor", "loja")
	owner := e.grpc.OwnerToken()
	hdr := map[string]string{
		"Grpc-Metadata-X-Organism-Session": owner,
		"X-Organism-Session":               owner,
		"Grpc-Metadata-X-Organism-Origin":  "human-ui",
	}
	resp, raw := do(t, http.DefaultClient, "GET", e.http.URL+"/v1/medulla/brains/loja", agent, "", hdr)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d, want 200 (%s)", resp.StatusCode, raw)
	}
	var got struct {
		Brain struct {
			SoulPath string `json:"soul_path"`
			RepoRoot string `json:"repo_root"`
		} `json:"brain"`
	}
	json.Unmarshal(raw, &got)
	if got.Brain.SoulPath != "agent" || got.Brain.RepoRoot != "ada" {
		t.Errorf("service saw origin %q agent %q, want agent ada", got.Brain.SoulPath, got.Brain.RepoRoot)
	}
	resp, raw = do(t, http.DefaultClient, "POST", e.http.URL+"/v1/medulla/brains", agent, `{"name":"loja"}`, hdr)
	if resp.StatusCode != 403 || !strings.Contains(string(raw), "ORIGIN_NOT_HUMAN") {
		t.Errorf("agent registering a brain: got %d %s, want 403 ORIGIN_NOT_HUMAN", resp.StatusCode, raw)
	}
}

func TestOwnerSessionIsHumanUIAndNeedsCSRF(t *testing.T) {
	e := newEnv(t)
	jar := newJar()
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}

	// An agent credential cannot open a session.
	resp, raw := do(t, c, "POST", e.http.URL+"/v1/session", "", `{"credential":"`+e.grpc.AgentToken("ada", "executor", "loja")+`"}`, nil)
	if resp.StatusCode != 403 {
		t.Fatalf("agent login: got %d %s, want 403", resp.StatusCode, raw)
	}
	resp, raw = do(t, c, "POST", e.http.URL+"/v1/session", "", `{"credential":"`+e.grpc.OwnerToken()+`"}`, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("owner login: got %d %s, want 200", resp.StatusCode, raw)
	}
	cookie := resp.Cookies()[0]
	if !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || cookie.Name != gateway.SessionCookie {
		t.Errorf("cookie: got %+v, want HttpOnly SameSite=Strict %s", cookie, gateway.SessionCookie)
	}
	var sess struct {
		CSRF string `json:"csrf_token"`
	}
	json.Unmarshal(raw, &sess)

	// Reads through the session carry origin human-ui.
	resp, raw = do(t, c, "GET", e.http.URL+"/v1/medulla/brains/loja", "", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(string(raw), `"soul_path":"human-ui"`) {
		t.Fatalf("session read: got %d %s, want 200 with origin human-ui", resp.StatusCode, raw)
	}
	// Writes need the CSRF token.
	resp, raw = do(t, c, "POST", e.http.URL+"/v1/medulla/brains", "", `{"name":"loja"}`, nil)
	if resp.StatusCode != 403 || !strings.Contains(string(raw), "CSRF_REQUIRED") {
		t.Fatalf("write without CSRF: got %d %s, want 403 CSRF_REQUIRED", resp.StatusCode, raw)
	}
	resp, raw = do(t, c, "POST", e.http.URL+"/v1/medulla/brains", "", `{"name":"loja"}`, map[string]string{gateway.CSRFHeader: "wrong"})
	if resp.StatusCode != 403 {
		t.Fatalf("write with a wrong CSRF token: got %d %s, want 403", resp.StatusCode, raw)
	}
	resp, raw = do(t, c, "POST", e.http.URL+"/v1/medulla/brains", "", `{"name":"loja"}`, map[string]string{gateway.CSRFHeader: sess.CSRF})
	if resp.StatusCode != 200 || !strings.Contains(string(raw), `"soul_path":"human-ui"`) {
		t.Fatalf("write with CSRF: got %d %s, want 200 as human-ui", resp.StatusCode, raw)
	}
	// Logout ends the session.
	resp, _ = do(t, c, "DELETE", e.http.URL+"/v1/session", "", "", map[string]string{gateway.CSRFHeader: sess.CSRF})
	if resp.StatusCode != 204 {
		t.Fatalf("logout: got %d, want 204", resp.StatusCode)
	}
	resp, _ = do(t, c, "GET", e.http.URL+"/v1/medulla/brains/loja", "", "", nil)
	if resp.StatusCode != 401 {
		t.Errorf("after logout: got %d, want 401", resp.StatusCode)
	}
}

func TestHealthzMetricsOpenAPI(t *testing.T) {
	e := newEnv(t)
	resp, raw := do(t, http.DefaultClient, "GET", e.http.URL+"/healthz", "", "", nil)
	if resp.StatusCode != 503 {
		// Only medulla runs here: soul, mission and presence are not registered.
		t.Errorf("healthz with missing upstreams: got %d %s, want 503", resp.StatusCode, raw)
	}
	do(t, http.DefaultClient, "GET", e.http.URL+"/v1/medulla/brains/missing", e.grpc.OwnerToken(), "", nil)
	resp, raw = do(t, http.DefaultClient, "GET", e.http.URL+"/metrics", "", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(string(raw), `organism_gateway_rpcs_total{code="NotFound",method="GetBrain",service="medulla"} 1`) {
		t.Errorf("metrics: got %d, want a NotFound GetBrain count; body:\n%s", resp.StatusCode, raw)
	}
	resp, raw = do(t, http.DefaultClient, "GET", e.http.URL+"/openapi.json", "", "", nil)
	var doc struct {
		Paths map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil || resp.StatusCode != 200 {
		t.Fatalf("openapi: %d %v", resp.StatusCode, err)
	}
	for _, p := range []string{"/v1/medulla/brains/{name}", "/v1/presence/presences", "/v1/mission/missions"} {
		if _, ok := doc.Paths[p]; !ok {
			t.Errorf("openapi: path %s missing", p)
		}
	}
}

// TestSessionLoginRefusesByReason: POST /v1/session opens a session only for the owner's
// credential, and names why it refuses any other (the rule the Hall's login shares).
func TestSessionLoginRefusesByReason(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name       string
		credential string
		wantStatus int
		wantReason string
	}{
		{"an agent's credential is not the owner's", e.grpc.AgentToken("ada", "executor", "loja"), 403, `"reason":"OWNER_ONLY"`},
		{"a malformed credential is refused by the verifier", "not-a-credential", 401, `"reason":"TOKEN_MALFORMED"`},
		{"the owner's credential with stray spaces opens one", "  " + e.grpc.OwnerToken() + " ", 200, `"csrf_token"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, _ := json.Marshal(map[string]string{"credential": c.credential})
			resp, raw := do(t, &http.Client{Timeout: 10 * time.Second}, "POST", e.http.URL+"/v1/session", "", string(body), nil)
			if resp.StatusCode != c.wantStatus || !strings.Contains(string(raw), c.wantReason) {
				t.Fatalf("got %d %s, want %d with %s", resp.StatusCode, raw, c.wantStatus, c.wantReason)
			}
		})
	}
}
