package main

import (
	"bytes"
	"context"
	"flag"
	"net/http"
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/auth"
)

// TestMCPAllowedOriginsFlag: a malformed origin, by flag or by environment, stops serve with a
// usage error before anything listens.
func TestMCPAllowedOriginsFlag(t *testing.T) {
	cases := []struct{ name, flag, env string }{
		{"flag without a scheme", "hall.example", ""},
		{"flag with a path", "https://hall.example/app", ""},
		{"environment, second entry", "", "https://hall.example,evil"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("ORGANISM_MCP_ALLOWED_ORIGINS", c.env)
			args := []string{"serve", "--data-dir", t.TempDir(), "--grpc-addr", "127.0.0.1:0", "--http-addr", "127.0.0.1:0"}
			if c.flag != "" {
				args = append(args, "--mcp-allowed-origins", c.flag)
			}
			ctx, cancel := context.WithTimeout(context.Background(), testWait)
			defer cancel()
			var out bytes.Buffer
			err := dispatch(ctx, args, &out)
			if exitCode(err) != 2 || !strings.Contains(err.Error(), "--mcp-allowed-origins") {
				t.Errorf("got %v (exit %d), want a usage error naming --mcp-allowed-origins", err, exitCode(err))
			}
		})
	}
}

// TestMCPAllowedOriginsServe: the origins serve is configured with reach the gateway's /mcp: a
// configured origin passes, another is refused 403.
func TestMCPAllowedOriginsServe(t *testing.T) {
	origins, err := mcpOriginsFromEnv(t, "https://hall.example, https://ops.example:8443")
	if err != nil {
		t.Fatal(err)
	}
	s := startSuiteTB(t, func(c *config) { c.mcpOrigins = origins })
	agent := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja"})
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`
	cases := []struct {
		origin string
		want   int
	}{
		{"https://hall.example", http.StatusOK},
		{"https://ops.example:8443", http.StatusOK},
		{"https://ops.example", http.StatusForbidden},
		{"https://evil.example", http.StatusForbidden},
	}
	for _, c := range cases {
		t.Run(c.origin, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, "http://"+s.httpAddr+"/mcp", strings.NewReader(initialize))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			req.Header.Set("Authorization", "Bearer "+agent)
			req.Header.Set("Origin", c.origin)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("got %d, want %d", resp.StatusCode, c.want)
			}
		})
	}
}

// mcpOriginsFromEnv reads origins the way serve does when only the environment names them.
func mcpOriginsFromEnv(t *testing.T, list string) ([]string, error) {
	t.Helper()
	t.Setenv("ORGANISM_MCP_ALLOWED_ORIGINS", list)
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	read := mcpOriginsFlag(fs)
	if err := fs.Parse(nil); err != nil {
		return nil, err
	}
	return read()
}
