package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/grpc"

	organmcp "github.com/organism-dev/organism/mcp"
	"github.com/organism-dev/organism/platform/grpctest"
)

// initializeAs is the initialize request of a client that speaks version.
func initializeAs(version string) string {
	return `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + version +
		`","capabilities":{},"clientInfo":{"name":"client","version":"0"}}}`
}

// sseMessage reads the JSON-RPC message of a streamable HTTP answer, SSE or plain JSON.
func sseMessage(t *testing.T, resp *http.Response) map[string]any {
	t.Helper()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	raw := string(body)
	for _, line := range strings.Split(raw, "\n") {
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			raw = data
			break
		}
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatalf("answer %q is not a JSON-RPC message: %v", body, err)
	}
	return m
}

// versionCases are the protocol versions clients send and the one the server must answer: its
// own when it speaks the client's, else its newest (the client then decides whether to stay).
var versionCases = []struct{ sent, want string }{
	{"2024-11-05", "2024-11-05"},
	{"2025-03-26", "2025-03-26"},
	{"2025-06-18", "2025-06-18"},
	{"2025-11-25", "2025-11-25"},
	{"2026-07-28", "2025-11-25"},
	{"1999-01-01", "2025-11-25"},
}

// TestHTTPClientsOfEveryProtocolVersion: Claude Code, Cursor, VS Code and older SDK clients
// initialize with the version they were built on, then send it in MCP-Protocol-Version on every
// request. Each gets its own version back when the server speaks it, and a working session:
// notifications/initialized accepted, ping and tools/list answered.
func TestHTTPClientsOfEveryProtocolVersion(t *testing.T) {
	e := startHTTPEnv(t)
	for _, c := range versionCases {
		t.Run(c.sent, func(t *testing.T) {
			resp := e.post(t, "Bearer "+e.agent, initializeAs(c.sent))
			sid := resp.Header.Get("Mcp-Session-Id")
			msg := sseMessage(t, resp)
			res, _ := msg["result"].(map[string]any)
			if resp.StatusCode != http.StatusOK || res["protocolVersion"] != c.want || sid == "" {
				t.Fatalf("initialize: got %d, %v, session %q; want 200, protocolVersion %s and a session", resp.StatusCode, msg, sid, c.want)
			}
			steps := []struct {
				name, body string
				want       int
			}{
				{"initialized", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, http.StatusAccepted},
				{"ping", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, http.StatusOK},
				{"tools/list", `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`, http.StatusOK},
			}
			for _, s := range steps {
				if got := e.sendAs(t, http.MethodPost, e.agent, sid, c.want, s.body); got != s.want {
					t.Errorf("%s with MCP-Protocol-Version %s: got %d, want %d", s.name, c.want, got, s.want)
				}
			}
			if got := e.sendAs(t, http.MethodDelete, e.agent, sid, c.want, ""); got != http.StatusNoContent {
				t.Errorf("DELETE: got %d, want 204", got)
			}
		})
	}
}

// TestStdioClientsOfEveryProtocolVersion: the same handshake over stdio, newline-delimited
// JSON-RPC as `organism mcp` reads it, where clients built on 2024-11-05 are most common.
func TestStdioClientsOfEveryProtocolVersion(t *testing.T) {
	g := grpctest.Start(t, grpctest.Options{}, func(grpc.ServiceRegistrar) {})
	svc := organmcp.New(organmcp.Options{Organs: organmcp.OrgansOn(g.Conn(nil)), Logger: slog.New(slog.DiscardHandler)})
	for _, c := range versionCases {
		t.Run(c.sent, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			defer cancel()
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() { done <- svc.ServeIO(ctx, inR, outW, "") }()
			go func() {
				io.WriteString(inW, initializeAs(c.sent)+"\n")
				io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
				io.WriteString(inW, `{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
			}()
			lines := make(chan string)
			go func() {
				sc := bufio.NewScanner(outR)
				sc.Buffer(nil, 1<<20)
				for sc.Scan() {
					lines <- sc.Text()
				}
				close(lines)
			}()
			answers := map[float64]map[string]any{}
			for len(answers) < 2 {
				select {
				case line, ok := <-lines:
					if !ok {
						t.Fatalf("stdout closed after %d answers, want 2", len(answers))
					}
					var m map[string]any
					if err := json.Unmarshal([]byte(line), &m); err != nil {
						t.Fatalf("stdout line %q is not JSON-RPC: %v", line, err)
					}
					if id, ok := m["id"].(float64); ok {
						answers[id] = m
					}
				case <-ctx.Done():
					t.Fatalf("got %d answers within %v, want 2", len(answers), wait)
				}
			}
			if res, _ := answers[1]["result"].(map[string]any); res["protocolVersion"] != c.want {
				t.Errorf("initialize: got %v, want protocolVersion %s", answers[1], c.want)
			}
			if _, ok := answers[2]["result"]; !ok {
				t.Errorf("ping: got %v, want a result", answers[2])
			}
			inW.Close()
			select {
			case <-done:
			case <-ctx.Done():
				t.Fatalf("the server did not return within %v of stdin closing", wait)
			}
			outR.Close()
		})
	}
}
