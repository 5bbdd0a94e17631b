package mcp_test

import (
	"net/http"
	"testing"
)

// TestHTTPSessionServerBuiltOnce: a session's server (its 20 tools, its resources) is built when
// the session opens and never again for its requests, however many; another session gets its own.
func TestHTTPSessionServerBuiltOnce(t *testing.T) {
	e := startHTTPEnv(t)
	open := func() string {
		resp := e.post(t, "Bearer "+e.agent, initBody)
		sid := resp.Header.Get("Mcp-Session-Id")
		if resp.StatusCode != http.StatusOK || sid == "" {
			t.Fatalf("initialize: got %d with session %q, want 200 and a session", resp.StatusCode, sid)
		}
		return sid
	}
	sid := open()
	if got := e.svc.SessionsBuilt(); got != 1 {
		t.Errorf("after initialize: got %d servers built, want 1", got)
	}
	steps := []struct {
		name, method, body string
		want               int
	}{
		{"initialized", http.MethodPost, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, http.StatusAccepted},
		{"tools/list", http.MethodPost, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, http.StatusOK},
		{"tools/call", http.MethodPost, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"presence_who","arguments":{"brain":"loja"}}}`, http.StatusOK},
		{"ping", http.MethodPost, `{"jsonrpc":"2.0","id":4,"method":"ping"}`, http.StatusOK},
		{"ping again", http.MethodPost, `{"jsonrpc":"2.0","id":5,"method":"ping"}`, http.StatusOK},
	}
	for _, s := range steps {
		if got := e.send(t, s.method, e.agent, sid, s.body); got != s.want {
			t.Errorf("%s: got %d, want %d", s.name, got, s.want)
		}
	}
	if got := e.svc.SessionsBuilt(); got != 1 {
		t.Errorf("after %d requests in the session: got %d servers built, want 1", len(steps), got)
	}
	if got := e.send(t, http.MethodDelete, e.agent, sid, ""); got != http.StatusNoContent {
		t.Errorf("DELETE: got %d, want 204", got)
	}
	open()
	if got := e.svc.SessionsBuilt(); got != 2 {
		t.Errorf("after a second initialize: got %d servers built, want 2", got)
	}
}
