package mcp_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestHTTPMalformedBodyIsAJSONRPCError: a body that is not JSON is answered 400 with a JSON-RPC
// parse error (-32700), one that is JSON but no JSON-RPC message with an invalid request
// (-32600), id null either way, in or out of a session. The message says what is wrong in the
// protocol's words; no Go type or decoder of the server shows through.
func TestHTTPMalformedBodyIsAJSONRPCError(t *testing.T) {
	e := startHTTPEnv(t)
	init := e.post(t, "Bearer "+e.agent, initBody)
	sid := init.Header.Get("Mcp-Session-Id")
	if init.StatusCode != http.StatusOK || sid == "" {
		t.Fatalf("initialize: got %d with session %q, want 200 and a session", init.StatusCode, sid)
	}
	cases := []struct {
		name, body string
		code       float64
		message    string // the message's beginning
	}{
		{"not JSON", `hello`, -32700, "parse error: invalid character 'h'"},
		{"cut short", `{"jsonrpc":"2.0","id":1,"method":"ping"`, -32700, "parse error: unexpected end of JSON input"},
		{"empty", ``, -32700, "parse error: unexpected end of JSON input"},
		{"two values", `{"jsonrpc":"2.0","id":1,"method":"ping"} {}`, -32700, "parse error: invalid character '{' after top-level value"},
		{"a number", `42`, -32600, "invalid request: the body must be a JSON-RPC message object"},
		{"a string", `"ping"`, -32600, "invalid request: the body must be a JSON-RPC message object"},
		{"an empty batch", `[]`, -32600, "invalid request: an empty batch"},
		{"a batch of numbers", `[1]`, -32600, "invalid request: a message must be a JSON object (batch element 0)"},
		{"no version", `{"id":1,"method":"ping"}`, -32600, `invalid request: "jsonrpc" must be "2.0"`},
		{"version 1.0", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, -32600, `invalid request: "jsonrpc" must be "2.0"`},
		{"version a number", `{"jsonrpc":2.0,"id":1,"method":"ping"}`, -32600, `invalid request: "jsonrpc" must be "2.0"`},
		{"method a number", `{"jsonrpc":"2.0","id":1,"method":7}`, -32600, `invalid request: "method" must be a string`},
		{"id an object", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, -32600, `invalid request: "id" must be a string, a number or null`},
		{"id an array", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, -32600, `invalid request: "id" must be a string, a number or null`},
		{"neither method nor id", `{"jsonrpc":"2.0","result":{}}`, -32600, `invalid request: a message without "method" must be a response with an id`},
	}
	for _, session := range []string{"", sid} {
		for _, c := range cases {
			name := c.name + " opening a session"
			if session != "" {
				name = c.name + " in a session"
			}
			t.Run(name, func(t *testing.T) {
				resp := e.do(t, http.MethodPost, map[string]string{"Authorization": "Bearer " + e.agent, "Content-Type": "application/json",
					"Accept": "application/json, text/event-stream", "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-06-18"}, c.body)
				raw, err := io.ReadAll(resp.Body)
				if err != nil {
					t.Fatal(err)
				}
				if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Content-Type") != "application/json" {
					t.Errorf("got %d %s, want 400 application/json", resp.StatusCode, resp.Header.Get("Content-Type"))
				}
				var got struct {
					Version string `json:"jsonrpc"`
					Error   struct {
						Code    float64 `json:"code"`
						Message string  `json:"message"`
					} `json:"error"`
				}
				if err := json.Unmarshal(raw, &got); err != nil {
					t.Fatalf("got body %q, want a JSON-RPC error: %v", raw, err)
				}
				var fields map[string]any
				json.Unmarshal(raw, &fields)
				if id, ok := fields["id"]; got.Version != "2.0" || !ok || id != nil {
					t.Errorf("got %s, want jsonrpc 2.0 and id null", raw)
				}
				if got.Error.Code != c.code || !strings.HasPrefix(got.Error.Message, c.message) {
					t.Errorf("got error %v %q, want %v %q...", got.Error.Code, got.Error.Message, c.code, c.message)
				}
				for _, internal := range []string{"jsonrpc2", "wireDecode", "Go value", "Go struct", "unmarshal"} {
					if strings.Contains(string(raw), internal) {
						t.Errorf("got %s, want no %q (the server's internals)", raw, internal)
					}
				}
			})
		}
	}
	// The session survives its client's bad bodies.
	if got := e.send(t, http.MethodPost, e.agent, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); got != http.StatusAccepted {
		t.Errorf("initialized after the bad bodies: got %d, want 202", got)
	}
	if got := e.send(t, http.MethodPost, e.agent, sid, `{"jsonrpc":"2.0","id":9,"method":"ping"}`); got != http.StatusOK {
		t.Errorf("ping after the bad bodies: got %d, want 200", got)
	}
}

// TestHTTPBodyCheckKeepsTransportAnswers: what the transport answered before the check stays:
// a body past the bound is 413 (the check reads no more than the bound), another content type
// 415 whatever the body, and no bearer 401 before any body is read.
func TestHTTPBodyCheckKeepsTransportAnswers(t *testing.T) {
	e := startHTTPEnv(t)
	accept := "application/json, text/event-stream"
	cases := []struct {
		name string
		hdr  map[string]string
		body string
		want int
	}{
		{"past the bound, not JSON", map[string]string{"Authorization": "Bearer " + e.agent, "Content-Type": "application/json", "Accept": accept},
			strings.Repeat("x", 5<<20), http.StatusRequestEntityTooLarge},
		{"text/plain junk", map[string]string{"Authorization": "Bearer " + e.agent, "Content-Type": "text/plain", "Accept": accept},
			"hello", http.StatusUnsupportedMediaType},
		{"junk without a bearer", map[string]string{"Content-Type": "application/json", "Accept": accept}, "hello", http.StatusUnauthorized},
		{"JSON with a charset", map[string]string{"Authorization": "Bearer " + e.agent, "Content-Type": "application/json; charset=utf-8", "Accept": accept},
			initBody, http.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := e.do(t, http.MethodPost, c.hdr, c.body).StatusCode; got != c.want {
				t.Errorf("got %d, want %d", got, c.want)
			}
		})
	}
}
