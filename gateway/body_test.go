package gateway_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
)

// TestBodiesTheRouteCannotTake: a careless agent's body (identity fields the message has no
// place for, bad JSON, a brain other than the path's) is a typed 400 naming the field, in the
// API's words (never protojson's "proto: ..."), and reaches no organ.
func TestBodiesTheRouteCannotTake(t *testing.T) {
	e := newAbuseEnv(t, gateway.Limits{})
	owner := e.grpc.Mint(auth.MintRequest{Kind: auth.KindOwner})
	tests := []struct {
		name      string
		path      string
		body      string
		wantHTTP  int
		wantField string
		wantMsg   string
		wantCalls int64
	}{
		{"an identity field", "/v1/medulla/brains/loja/import", `{"agent":"someone-else","files":[]}`, 400, "body", `unknown field "agent"`, 0},
		{"an origin", "/v1/medulla/brains", `{"name":"x","origin":"ORIGIN_HUMAN_UI"}`, 400, "body", `unknown field "origin"`, 0},
		{"cut-off JSON", "/v1/medulla/brains", `{"name":`, 400, "body", "request body is not this route's JSON", 0},
		{"a wrong type", "/v1/medulla/brains", `{"name":5}`, 400, "body", "request body is not this route's JSON", 0},
		{"a brain the path contradicts", "/v1/medulla/brains/loja/import", `{"brain":"other","files":[]}`, 400, "brain", `the body's brain "other" contradicts the path's "loja"`, 0},
		{"the path's own brain repeated", "/v1/medulla/brains/loja/import", `{"brain":"loja","files":[]}`, 200, "", "", 1},
		{"no brain in the body", "/v1/medulla/brains/loja/import", `{"files":[]}`, 200, "", "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := e.calls.Load()
			resp, raw := do(t, http.DefaultClient, "POST", e.url+tt.path, owner, tt.body, nil)
			if resp.StatusCode != tt.wantHTTP {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, raw, tt.wantHTTP)
			}
			if got := e.calls.Load() - before; got != tt.wantCalls {
				t.Errorf("medulla calls: got %d, want %d", got, tt.wantCalls)
			}
			if tt.wantHTTP == 200 {
				return
			}
			var b errBody
			if err := json.Unmarshal(raw, &b); err != nil {
				t.Fatalf("got %s, want a JSON refusal: %v", raw, err)
			}
			if b.Reason != "INVALID_ARGUMENT" || len(b.Fields) != 1 || b.Fields[0].Field != tt.wantField {
				t.Errorf("got reason %q fields %v, want INVALID_ARGUMENT on %q (%s)", b.Reason, b.Fields, tt.wantField, raw)
			}
			if !strings.Contains(b.Message, tt.wantMsg) || strings.Contains(b.Message, "proto:") {
				t.Errorf("got message %q, want it to say %q without protojson's prefix", b.Message, tt.wantMsg)
			}
			if !strings.Contains(string(raw), `"@type":"type.googleapis.com/google.rpc.ErrorInfo"`) {
				t.Errorf("got %s, want the ErrorInfo among the details", raw)
			}
		})
	}
}
