package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpctest"
)

// mcpGateway is a gateway over a test server with no organ behind it, as set configures it.
func mcpGateway(t *testing.T, set func(*gateway.Options)) (*grpctest.Env, *httptest.Server) {
	t.Helper()
	g := grpctest.Start(t, grpctest.Options{}, func(grpc.ServiceRegistrar) {})
	dialer := grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return g.DialContext(ctx) })
	opts := gateway.Options{
		SoulAddr: "passthrough:///bufnet", MedullaAddr: "passthrough:///bufnet", MissionAddr: "passthrough:///bufnet", PresenceAddr: "passthrough:///bufnet",
		DialExtra: []grpc.DialOption{dialer}, Verifier: g.Signer.Verifier(),
		GatewayToken: g.Mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}),
	}
	set(&opts)
	gw, err := gateway.New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gw.Close() })
	srv := httptest.NewServer(gw)
	t.Cleanup(srv.Close)
	return g, srv
}

// mcpInitialize is an MCP initialize request.
const mcpInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`

// TestMCPAllowedOrigins: /mcp admits a browser origin the gateway was configured with (besides
// loopback ones) and refuses any other with 403 before the bearer is looked at.
func TestMCPAllowedOrigins(t *testing.T) {
	g, srv := mcpGateway(t, func(o *gateway.Options) { o.MCPAllowedOrigins = []string{"https://hall.example"} })
	agent := g.AgentToken("ada", "executor", "loja")
	cases := []struct {
		name, origin, token string
		want                int
	}{
		{"configured origin", "https://hall.example", agent, http.StatusOK},
		{"configured origin, any case", "https://HALL.example", agent, http.StatusOK},
		{"loopback origin", "http://127.0.0.1:5173", agent, http.StatusOK},
		{"another origin", "https://evil.example", agent, http.StatusForbidden},
		{"configured host, other scheme", "http://hall.example", agent, http.StatusForbidden},
		{"another origin without a bearer", "https://evil.example", "", http.StatusForbidden},
		{"configured origin without a bearer", "https://hall.example", "", http.StatusUnauthorized},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, body := do(t, srv.Client(), http.MethodPost, srv.URL+"/mcp", c.token, mcpInitialize, map[string]string{
				"Origin": c.origin, "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
			if resp.StatusCode != c.want {
				t.Errorf("got %d (%s), want %d", resp.StatusCode, body, c.want)
			}
		})
	}
}

// TestMCPMount: /mcp and /mcp/ reach the same MCP server, which reports the version the gateway
// was given as its serverInfo.version (not the MCP package's "dev").
func TestMCPMount(t *testing.T) {
	g, srv := mcpGateway(t, func(o *gateway.Options) { o.Version = "v1.4.2" })
	agent := g.AgentToken("ada", "executor", "loja")
	for _, path := range []string{"/mcp", "/mcp/"} {
		t.Run(path, func(t *testing.T) {
			resp, body := do(t, srv.Client(), http.MethodPost, srv.URL+path, agent, mcpInitialize, map[string]string{
				"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("got %d (%s), want 200", resp.StatusCode, body)
			}
			if got := serverInfoVersion(t, body); got != "v1.4.2" {
				t.Errorf("got serverInfo.version %q, want %q", got, "v1.4.2")
			}
		})
	}
}

// serverInfoVersion reads serverInfo.version from an initialize answer sent as JSON or as one
// server-sent event.
func serverInfoVersion(t *testing.T, body []byte) string {
	t.Helper()
	payload := body
	for _, line := range bytes.Split(body, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte("data:")); ok {
			payload = rest
		}
	}
	var msg struct {
		Result struct {
			ServerInfo struct {
				Version string `json:"version"`
			} `json:"serverInfo"`
		} `json:"result"`
	}
	if err := json.Unmarshal(payload, &msg); err != nil {
		t.Fatalf("initialize answer %q: %v", body, err)
	}
	return msg.Result.ServerInfo.Version
}
