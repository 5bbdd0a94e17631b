package mcp_test

import (
	"net/http"
	"strings"
	"testing"
)

// do sends one request to /mcp with exactly the given headers, as a browser or a raw client would.
func (e *httpEnv) do(t *testing.T, method string, hdr map[string]string, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, e.url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

const (
	wantMethods = "POST, GET, DELETE, OPTIONS"
	wantHeaders = "Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID"
	wantExpose  = "Mcp-Session-Id, WWW-Authenticate"
)

// TestHTTPCORS: a browser-based MCP client on an admitted origin (configured or loopback) can
// connect: its preflight, which carries no credential, is answered with what a request may use,
// and every answer to it (the 401 included) is readable by its page, with the session id and the
// challenge exposed. Another origin keeps its 403, preflight or not; a client without an Origin
// (a CLI agent) gets no CORS headers.
func TestHTTPCORS(t *testing.T) {
	e := startHTTPEnvFor(t, "https://hall.example")
	preflight := func(origin string) map[string]string {
		return map[string]string{"Origin": origin, "Access-Control-Request-Method": "POST",
			"Access-Control-Request-Headers": "authorization, content-type, mcp-protocol-version"}
	}
	post := func(origin, token string) map[string]string {
		h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
		if origin != "" {
			h["Origin"] = origin
		}
		if token != "" {
			h["Authorization"] = "Bearer " + token
		}
		return h
	}
	cases := []struct {
		name, method string
		hdr          map[string]string
		body         string
		status       int
		allowOrigin  string // "" when no page may read the answer
		preflight    bool   // the answer names methods, headers and max age
	}{
		{"preflight from the configured origin", http.MethodOptions, preflight("https://hall.example"), "", http.StatusNoContent, "https://hall.example", true},
		{"preflight from a loopback page", http.MethodOptions, preflight("http://localhost:5173"), "", http.StatusNoContent, "http://localhost:5173", true},
		{"preflight from another origin", http.MethodOptions, preflight("https://evil.example"), "", http.StatusForbidden, "", false},
		{"initialize from the configured origin", http.MethodPost, post("https://hall.example", e.agent), initBody, http.StatusOK, "https://hall.example", false},
		{"no bearer from the configured origin", http.MethodPost, post("https://hall.example", ""), initBody, http.StatusUnauthorized, "https://hall.example", false},
		{"OPTIONS that is no preflight still needs a bearer", http.MethodOptions, map[string]string{"Origin": "https://hall.example"}, "", http.StatusUnauthorized, "https://hall.example", false},
		{"initialize from another origin", http.MethodPost, post("https://evil.example", e.agent), initBody, http.StatusForbidden, "", false},
		{"initialize without an Origin", http.MethodPost, post("", e.agent), initBody, http.StatusOK, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := e.do(t, c.method, c.hdr, c.body)
			h := resp.Header
			if resp.StatusCode != c.status {
				t.Errorf("got %d, want %d", resp.StatusCode, c.status)
			}
			if got := h.Get("Access-Control-Allow-Origin"); got != c.allowOrigin {
				t.Errorf("got Access-Control-Allow-Origin %q, want %q", got, c.allowOrigin)
			}
			if got := h.Values("Vary"); !strings.Contains(strings.Join(got, ","), "Origin") {
				t.Errorf("got Vary %q, want it to name Origin", got)
			}
			if got := h.Get("Access-Control-Allow-Credentials"); got != "" {
				t.Errorf("got Access-Control-Allow-Credentials %q, want none (the bearer is no cookie)", got)
			}
			wantExp := ""
			if c.allowOrigin != "" {
				wantExp = wantExpose
			}
			if got := h.Get("Access-Control-Expose-Headers"); got != wantExp {
				t.Errorf("got Access-Control-Expose-Headers %q, want %q", got, wantExp)
			}
			want := map[string]string{"Access-Control-Allow-Methods": "", "Access-Control-Allow-Headers": "", "Access-Control-Max-Age": ""}
			if c.preflight {
				want = map[string]string{"Access-Control-Allow-Methods": wantMethods, "Access-Control-Allow-Headers": wantHeaders, "Access-Control-Max-Age": "7200"}
			}
			for k, v := range want {
				if got := h.Get(k); got != v {
					t.Errorf("got %s %q, want %q", k, got, v)
				}
			}
			if c.status == http.StatusOK && h.Get("Mcp-Session-Id") == "" {
				t.Errorf("got no Mcp-Session-Id, want the session the page keeps")
			}
			if c.status == http.StatusUnauthorized && h.Get("WWW-Authenticate") == "" {
				t.Errorf("got no WWW-Authenticate on the 401, want the challenge the page reads")
			}
		})
	}
}

// TestHTTPCORSBrowserSession: what a page on an admitted origin does, step by step: a preflight,
// then initialize, then (preflight again, cached or not) a call in the session it was given.
func TestHTTPCORSBrowserSession(t *testing.T) {
	e := startHTTPEnvFor(t, "https://hall.example")
	const origin = "https://hall.example"
	pre := e.do(t, http.MethodOptions, map[string]string{"Origin": origin, "Access-Control-Request-Method": "POST",
		"Access-Control-Request-Headers": "authorization, content-type"}, "")
	if pre.StatusCode != http.StatusNoContent {
		t.Fatalf("preflight: got %d, want 204", pre.StatusCode)
	}
	hdr := map[string]string{"Origin": origin, "Authorization": "Bearer " + e.agent,
		"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
	init := e.do(t, http.MethodPost, hdr, initBody)
	sid := init.Header.Get("Mcp-Session-Id")
	if init.StatusCode != http.StatusOK || sid == "" || init.Header.Get("Access-Control-Allow-Origin") != origin {
		t.Fatalf("initialize: got %d, session %q, Allow-Origin %q; want 200, a session and %s", init.StatusCode, sid,
			init.Header.Get("Access-Control-Allow-Origin"), origin)
	}
	hdr["Mcp-Session-Id"], hdr["MCP-Protocol-Version"] = sid, "2025-06-18"
	steps := []struct {
		name, body string
		want       int
	}{
		{"initialized", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, http.StatusAccepted},
		{"tools/list", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, http.StatusOK},
	}
	for _, s := range steps {
		resp := e.do(t, http.MethodPost, hdr, s.body)
		if resp.StatusCode != s.want || resp.Header.Get("Access-Control-Allow-Origin") != origin {
			t.Errorf("%s: got %d with Allow-Origin %q, want %d with %s", s.name, resp.StatusCode,
				resp.Header.Get("Access-Control-Allow-Origin"), s.want, origin)
		}
	}
}
