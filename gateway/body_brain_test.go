package gateway_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
)

// TestNoRouteActsInABodyBrainThePathContradicts: the shortest way around "a request acts in the
// brain its path names" is to post {"brain":"other"} to a .../loja/... route of any organ. Every
// route the API publishes with {brain} in its path and a body is tried, soul's, medulla's and
// mission's alike (presence names no brain in a path): each is a typed 400 on the field brain,
// and medulla (counted) is never called.
func TestNoRouteActsInABodyBrainThePathContradicts(t *testing.T) {
	e := newAbuseEnv(t, gateway.Limits{})
	owner := e.grpc.Mint(auth.MintRequest{Kind: auth.KindOwner})
	resp, raw := do(t, http.DefaultClient, "GET", e.url+"/openapi.json", "", "", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("openapi.json: got %d, want 200", resp.StatusCode)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				In string `json:"in"`
			} `json:"parameters"`
			RequestBody json.RawMessage `json:"requestBody"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	otherVar := regexp.MustCompile(`\{[^}]+\}`)
	type target struct{ method, path string }
	var targets []target
	for p, ops := range doc.Paths {
		if !strings.Contains(p, "/{brain}") {
			continue
		}
		for method, op := range ops {
			hasBody := len(op.RequestBody) > 0
			for _, prm := range op.Parameters {
				hasBody = hasBody || prm.In == "body"
			}
			if !hasBody {
				continue
			}
			path := strings.Replace(p, "{brain}", "loja", 1)
			path = otherVar.ReplaceAllString(path, "x")
			targets = append(targets, target{strings.ToUpper(method), path})
		}
	}
	sort.Slice(targets, func(i, j int) bool { return targets[i].path+targets[i].method < targets[j].path+targets[j].method })
	organs := map[string]bool{}
	for _, tg := range targets {
		organs[strings.SplitN(strings.TrimPrefix(tg.path, "/v1/"), "/", 2)[0]] = true
	}
	if len(organs) < 3 {
		t.Fatalf("got routes with {brain} and a body in %v (%d routes), want them found in at least three organs", organs, len(targets))
	}
	for _, tg := range targets {
		t.Run(tg.method+" "+tg.path, func(t *testing.T) {
			before := e.calls.Load()
			resp, raw := do(t, http.DefaultClient, tg.method, e.url+tg.path, owner, `{"brain":"other"}`, nil)
			if got := e.calls.Load() - before; got != 0 {
				t.Errorf("medulla calls: got %d, want 0", got)
			}
			var b errBody
			if err := json.Unmarshal(raw, &b); err != nil {
				t.Fatalf("got %d %s, want a JSON refusal: %v", resp.StatusCode, raw, err)
			}
			if resp.StatusCode != 400 || b.Reason != "INVALID_ARGUMENT" || len(b.Fields) != 1 || b.Fields[0].Field != "brain" {
				t.Errorf("got %d reason %q fields %v (%s), want 400 INVALID_ARGUMENT on brain", resp.StatusCode, b.Reason, b.Fields, raw)
			}
		})
	}
}
