package mcp

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzRPCProblem: whatever a client POSTs, the check answers a JSON-RPC code in the protocol's
// words, and what it lets through is JSON the transport's decoder reads as messages.
func FuzzRPCProblem(f *testing.F) {
	for _, s := range []string{``, `hello`, `42`, `[]`, `[1]`, `{}`, `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`[{"jsonrpc":"2.0","method":"notifications/initialized"}]`, `{"jsonrpc":"2.0","id":1,"result":{}}`,
		`{"JSONRPC":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, ` {"jsonrpc":"2.0","id":"a","method":""} `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		code, msg := rpcProblem(body)
		switch code {
		case 0:
			if !json.Valid(body) {
				t.Fatalf("rpcProblem(%q) let through a body that is not JSON", body)
			}
			msgs := []json.RawMessage{bytes.TrimSpace(body)}
			if msgs[0][0] == '[' {
				msgs = nil
				json.Unmarshal(body, &msgs)
			}
			for _, m := range msgs {
				if _, err := jsonrpc.DecodeMessage(m); err != nil {
					t.Fatalf("rpcProblem(%q) let through %q, which the transport refuses: %v", body, m, err)
				}
			}
		case jsonrpc.CodeParseError, jsonrpc.CodeInvalidRequest:
			if strings.Contains(msg, "Go ") || strings.Contains(msg, "jsonrpc2") {
				t.Fatalf("rpcProblem(%q) = %q names the server's internals", body, msg)
			}
		default:
			t.Fatalf("rpcProblem(%q) = %d, want 0, -32700 or -32600", body, code)
		}
	})
}
