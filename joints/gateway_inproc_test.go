package joints

import (
	"encoding/json"
	"testing"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
)

// TestGatewayRefusesAlikeInBothShapes makes the same requests through the co-located gateway (the
// in-process channel) and the split one (loopback gRPC) and wants the same answer from both: the
// HTTP status, the ErrorInfo reason lifted into the JSON, and the blamed fields. The refusals
// come from each link of the server's chain (authentication, the caller × RPC matrix, the organ's
// own rule, input validation), so an in-process call gains no power the socket would not give.
func TestGatewayRefusesAlikeInBothShapes(t *testing.T) {
	type req struct {
		name       string
		token      func(s *suite) string
		method     string
		path       string
		body       any
		wantStatus int
		wantReason string
		wantField  string
	}
	mint := func(r auth.MintRequest) func(s *suite) string { return func(s *suite) string { return s.mint(r) } }
	agent := func(s *suite) string { return s.agent }
	owner := func(s *suite) string { return s.owner }
	cases := []req{
		{"the owner lists brains", owner, "GET", "/v1/medulla/brains", nil, 200, "", ""},
		{"no credential", func(*suite) string { return "" }, "GET", "/v1/medulla/brains", nil, 401, "UNAUTHENTICATED", ""},
		{"an agent recalls from a foreign brain", agent, "POST", "/v1/medulla/brains/other/recall", `{"query":"x"}`, 403, "FOREIGN_BRAIN", ""},
		{"an agent registers a brain (the organ says owner only)", agent, "POST", "/v1/medulla/brains", map[string]any{"name": "mine", "repo_root": "/tmp"}, 403, "OWNER_ONLY", ""},
		{"the gateway's own credential without a session", mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}), "GET", "/v1/medulla/brains", nil, 403, auth.ReasonCallerNotAllowed, ""},
		{"an agent of an unknown seat", mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "zed", Seat: "oracle", Brain: suiteBrain}), "GET", "/v1/medulla/brains", nil, 403, auth.ReasonCallerNotAllowed, ""},
		{"bad input blames its field", owner, "POST", "/v1/medulla/brains", map[string]any{"name": "Not A Slug", "repo_root": "/tmp"}, 400, "INVALID_ARGUMENT", "name"},
	}
	type answer struct {
		status int
		reason string
		fields []string
	}
	shapes := []gatewayShape{shapeColocated, shapeSplit}
	suites := map[gatewayShape]*suite{}
	for _, sh := range shapes {
		suites[sh] = startSuiteShape(t, gateway.Limits{}, sh)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := map[gatewayShape]answer{}
			for _, sh := range shapes {
				s := suites[sh]
				code, raw := s.call(c.token(s), c.method, c.path, c.body)
				var body struct {
					Reason string `json:"reason"`
					Fields []struct {
						Field string `json:"field"`
					} `json:"field_violations"`
				}
				if code != 200 {
					if err := json.Unmarshal(raw, &body); err != nil {
						t.Fatalf("%s: got %d %s, want a JSON refusal", sh, code, raw)
					}
				}
				a := answer{status: code, reason: body.Reason}
				for _, f := range body.Fields {
					a.fields = append(a.fields, f.Field)
				}
				got[sh] = a
				if a.status != c.wantStatus || a.reason != c.wantReason {
					t.Fatalf("%s: got %d %q (%s), want %d %q", sh, a.status, a.reason, raw, c.wantStatus, c.wantReason)
				}
				if c.wantField != "" && (len(a.fields) == 0 || a.fields[0] != c.wantField) {
					t.Fatalf("%s: got fields %v, want %q blamed", sh, a.fields, c.wantField)
				}
			}
			co, split := got[shapeColocated], got[shapeSplit]
			if co.status != split.status || co.reason != split.reason || len(co.fields) != len(split.fields) {
				t.Fatalf("co-located answered %+v, split %+v; want the same", co, split)
			}
		})
	}
}
