package medulla_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
)

// TestGauntletThroughGatewayJSON reaches the gauntlet and federation RPCs through the JSON
// facade: every route exists, and each refusal keeps its HTTP status and reason code.
func TestGauntletThroughGatewayJSON(t *testing.T) {
	f := newJSONFixture(t)
	if err := os.WriteFile(filepath.Join(f.repo, "a.go"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other, err := f.signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "agent-9", Seat: "executor", Brain: "other", TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	claims := "/v1/medulla/brains/loja/claims"
	for _, slug := range []string{"verified", "authored"} {
		req := map[string]any{"slug": slug, "body": "A is a, says " + slug + ".", "evidence": []any{map[string]any{"kind": "EVIDENCE_KIND_FILE", "path": "a.go"}}}
		if code, body := f.do(f.agent, "POST", claims, req); code != 200 {
			t.Fatalf("setup memorize: %d %v", code, body)
		}
	}
	if code, body := f.do(f.agent, "POST", claims+"/verified/verify", map[string]any{}); code != 200 {
		t.Fatalf("setup verify: %d %v", code, body)
	}
	code, body := f.do(f.agent, "POST", claims+"/verified/promote", map[string]any{"reason": "held up"})
	copy, _ := body["claim"].(map[string]any)
	if code != 200 || copy["slug"] != "loja.verified" || copy["provenance_line"] == "" {
		t.Fatalf("promote: got %d %v, want the medulla copy with its provenance line", code, body)
	}
	code, body = f.do(other, "POST", "/v1/medulla/brains/other/learn", map[string]any{"slug": "loja.verified", "feedback": "FEEDBACK_NOT_WRONG"})
	if code != 200 || body["counted"] != true {
		t.Fatalf("learn: got %d %v, want one counted reuse event", code, body)
	}
	code, body = f.do(f.owner, "GET", "/v1/medulla/portfolio", nil)
	if code != 200 || len(body["rows"].([]any)) != 2 {
		t.Fatalf("portfolio: got %d %v, want two rows", code, body)
	}
	cases := []struct {
		name       string
		token      string
		method     string
		path       string
		body       any
		wantStatus int
		wantReason string
	}{
		{"authored at the crossing", f.agent, "POST", claims + "/authored/promote", map[string]any{"reason": "r"}, 409, "NOT_VERIFIED"},
		{"grader is author", f.agent, "POST", "/v1/medulla/consolidate", map[string]any{"sources": []string{"loja.verified", "loja.other"}}, 403, "GRADER_IS_AUTHOR"},
		{"nothing to consolidate", other, "POST", "/v1/medulla/consolidate", map[string]any{"sources": []string{"loja.verified"}}, 400, "NOTHING_TO_CONSOLIDATE"},
		{"not crossed", f.agent, "POST", "/v1/medulla/brains/loja/learn", map[string]any{"slug": "loja.verified", "feedback": "FEEDBACK_NOT_WRONG"}, 409, "NOT_CROSSED"},
		{"agent follows a peer", f.agent, "POST", "/v1/medulla/peers", map[string]any{"name": "p", "addr": "127.0.0.1:1", "credential": "c"}, 403, "OWNER_ONLY"},
		{"unknown peer", f.owner, "POST", "/v1/medulla/peers/ghost/sync", map[string]any{}, 404, "PEER_NOT_FOUND"},
		{"agent reads peer doctrine", f.agent, "GET", "/v1/medulla/peer/doctrine", nil, 403, "FOREIGN_BRAIN"},
		{"agent adopts", f.agent, "POST", "/v1/medulla/foreign/frn_0001/adopt", map[string]any{"brain": "loja"}, 403, "ORIGIN_NOT_HUMAN"},
		{"unknown foreign claim", f.owner, "POST", "/v1/medulla/foreign/frn_0001/adopt", map[string]any{}, 404, "FOREIGN_NOT_FOUND"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, body := f.do(tc.token, tc.method, tc.path, tc.body)
			if code != tc.wantStatus || body["reason"] != tc.wantReason {
				t.Fatalf("got %d %v (%v), want %d %s", code, body["reason"], body["message"], tc.wantStatus, tc.wantReason)
			}
		})
	}
}
