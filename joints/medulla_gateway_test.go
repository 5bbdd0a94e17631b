// The medulla laws that hold where the JSON gateway meets the organ: every refusal keeps its
// HTTP status and reason code through the facade, and the Hall's session is a human origin.

package joints_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/services/medulla"
)

// medullaJSONFixture fronts a loopback medulla with the real gateway.
type medullaJSONFixture struct {
	t      *testing.T
	http   *httptest.Server
	signer *auth.Signer
	repo   string
	agent  string
	// judge is a judge seat in loja, independent of agent's claims: the one who verifies them.
	judge string
	owner string
}

func newMedullaJSONFixture(t *testing.T) *medullaJSONFixture {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer := auth.NewSigner(key, nil)
	svc, err := medulla.Open(context.Background(), medulla.Options{DataDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: slog.New(slog.DiscardHandler), ShutdownTimeout: time.Second})
	svc.Register(srv.Registrar())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	mint := func(r auth.MintRequest) string {
		tok, err := signer.Mint(r)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	addr := lis.Addr().String()
	gw, err := gateway.New(ctx, gateway.Options{
		SoulAddr: addr, MedullaAddr: addr, MissionAddr: addr, PresenceAddr: addr,
		Verifier: signer.Verifier(), GatewayToken: mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}),
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gw.Close() })
	hs := httptest.NewServer(gw)
	t.Cleanup(hs.Close)
	f := &medullaJSONFixture{t: t, http: hs, signer: signer, repo: t.TempDir(),
		agent: mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "agent-7", Seat: "executor", Brain: "loja", TTL: time.Hour}),
		judge: mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "judge-1", Seat: "judge", Brain: "loja", TTL: time.Hour}),
		owner: mint(auth.MintRequest{Kind: auth.KindOwner})}
	for _, b := range []string{"loja", "other"} {
		if code, body := f.do(f.owner, "POST", "/v1/medulla/brains", map[string]any{"name": b, "repo_root": f.repo}); code != 200 {
			t.Fatalf("register %s: %d %s", b, code, body)
		}
	}
	return f
}

func (f *medullaJSONFixture) do(token, method, path string, body any) (int, map[string]any) {
	f.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, f.http.URL+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

// TestMedullaRefusalsThroughGatewayJSON reaches every medulla refusal through the JSON facade and
// checks the HTTP status and the reason code the body carries.
func TestMedullaRefusalsThroughGatewayJSON(t *testing.T) {
	f := newMedullaJSONFixture(t)
	if err := os.WriteFile(filepath.Join(f.repo, "a.go"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	claims := "/v1/medulla/brains/loja/claims"
	mem := func(slug, body string, extra map[string]any) map[string]any {
		m := map[string]any{"slug": slug, "body": body, "kind": "CLAIM_KIND_FACT"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	file := func(p string) []any { return []any{map[string]any{"kind": "EVIDENCE_KIND_FILE", "path": p}} }
	// Setup through the same facade: a verified claim and an unmeasurable one.
	for _, req := range []map[string]any{mem("verified", "A is a.", map[string]any{"evidence": file("a.go")}), mem("bare", "No evidence.", nil), mem("drift", "Will drift.", map[string]any{"evidence": file("a.go")})} {
		if code, body := f.do(f.agent, "POST", claims, req); code != 200 {
			t.Fatalf("setup memorize: %d %v", code, body)
		}
	}
	if code, body := f.do(f.judge, "POST", claims+"/verified/verify", map[string]any{}); code != 200 {
		t.Fatalf("setup verify: %d %v", code, body)
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
		{"empty body", f.agent, "POST", claims, mem("e", "  ", nil), 400, "EMPTY_BODY"},
		{"oversized body", f.agent, "POST", claims, mem("big", strings.Repeat("x", 64<<10+1), nil), 400, "BODY_TOO_LARGE"},
		{"secret", f.agent, "POST", claims, mem("s", "-----BEGIN RSA PRIVATE KEY-----", nil), 400, "SECRET_DETECTED"},
		{"home path", f.agent, "POST", claims, mem("h", "see /home/alice/notes", nil), 400, "HOME_PATH"},
		{"letter as evidence", f.agent, "POST", claims, mem("l", "body", map[string]any{"evidence": []any{map[string]any{"kind": "EVIDENCE_KIND_LETTER", "ref": "ltr_1"}}}), 400, "LETTER_IS_WITNESS"},
		{"path escapes", f.agent, "POST", claims, mem("p", "body", map[string]any{"evidence": file("../x")}), 400, "PATH_ESCAPES_REPO"},
		{"evidence file missing", f.agent, "POST", claims, mem("m", "body", map[string]any{"evidence": file("nope.go")}), 409, "EVIDENCE_FILE_MISSING"},
		{"bad slug", f.agent, "POST", claims, mem("NO", "body", nil), 400, "INVALID_ARGUMENT"},
		{"foreign brain", f.agent, "POST", "/v1/medulla/brains/other/claims", mem("f", "body", nil), 403, "FOREIGN_BRAIN"},
		{"would downgrade", f.agent, "POST", claims, mem("verified", "A is b.", map[string]any{"evidence": file("a.go")}), 409, "WOULD_DOWNGRADE"},
		{"agent allows downgrade", f.agent, "POST", claims, mem("verified", "A is b.", map[string]any{"allow_downgrade": true}), 403, "OWNER_ONLY"},
		{"version mismatch", f.agent, "POST", claims, mem("bare", "again", map[string]any{"expected_version": 9}), 409, "VERSION_MISMATCH"},
		{"already verified", f.judge, "POST", claims + "/verified/verify", map[string]any{}, 409, "ALREADY_VERIFIED"},
		{"nothing measurable", f.judge, "POST", claims + "/bare/verify", map[string]any{}, 409, "NO_MEASURABLE_EVIDENCE"},
		{"the author verifies its own claim", f.agent, "POST", claims + "/bare/verify", map[string]any{}, 403, "GRADER_IS_AUTHOR"},
		{"agent claims owner word", f.agent, "POST", claims + "/bare/verify", map[string]any{"owner_word": true}, 403, "ORIGIN_NOT_HUMAN"},
		{"missing claim", f.agent, "GET", claims + "/ghost", nil, 404, "CLAIM_NOT_FOUND"},
		{"missing brain", f.owner, "GET", "/v1/medulla/brains/ghost", nil, 404, "BRAIN_NOT_FOUND"},
		{"agent registers", f.agent, "POST", "/v1/medulla/brains", map[string]any{"name": "x", "repo_root": "/srv/x"}, 403, "OWNER_ONLY"},
		{"reserved brain", f.owner, "POST", "/v1/medulla/brains", map[string]any{"name": "medulla", "repo_root": "/srv/x"}, 403, "RESERVED_BRAIN"},
		{"store version race", f.owner, "POST", "/v1/medulla/brains/loja/store-version", map[string]any{"expected_store_version": 99, "effect": "land"}, 409, "STORE_VERSION_MISMATCH"},
		{"agent bumps store version", f.agent, "POST", "/v1/medulla/brains/loja/store-version", map[string]any{"expected_store_version": 4, "effect": "land"}, 403, "ORIGIN_NOT_HUMAN"},
		{"agent imports", f.agent, "POST", "/v1/medulla/brains/loja/import", map[string]any{"files": []any{}}, 403, "OWNER_ONLY"},
		{"bad recall query", f.agent, "POST", "/v1/medulla/brains/loja/recall", map[string]any{"query": "?!"}, 400, "INVALID_ARGUMENT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, body := f.do(tc.token, tc.method, tc.path, tc.body)
			if code != tc.wantStatus || body["reason"] != tc.wantReason {
				t.Fatalf("got %d %v (%v), want %d %s", code, body["reason"], body["message"], tc.wantStatus, tc.wantReason)
			}
		})
	}
	t.Run("evidence drifted", func(t *testing.T) {
		if err := os.WriteFile(filepath.Join(f.repo, "a.go"), []byte("changed\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, body := f.do(f.judge, "POST", claims+"/drift/verify", map[string]any{})
		if code != 409 || body["reason"] != "EVIDENCE_DRIFTED" {
			t.Fatalf("got %d %v, want 409 EVIDENCE_DRIFTED", code, body["reason"])
		}
	})
	t.Run("hall session verifies by the owner's word", func(t *testing.T) {
		jar := &medullaCookieJar{}
		req, _ := http.NewRequest("POST", f.http.URL+"/v1/session", strings.NewReader(`{"credential":"`+f.owner+`"}`))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var sess map[string]any
		_ = json.NewDecoder(res.Body).Decode(&sess)
		res.Body.Close()
		jar.cookies = res.Cookies()
		req, _ = http.NewRequest("POST", f.http.URL+claims+"/bare/verify", strings.NewReader(`{"owner_word":true,"note":"seen it"}`))
		for _, c := range jar.cookies {
			req.AddCookie(c)
		}
		req.Header.Set(gateway.CSRFHeader, sess["csrf_token"].(string))
		res, err = http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		claim, _ := out["claim"].(map[string]any)
		prov, _ := claim["provenance"].(map[string]any)
		if res.StatusCode != 200 || claim["state"] != "CLAIM_STATE_VERIFIED" || prov["verified_via"] != "owner-word" {
			t.Fatalf("got %d %v, want verified by the owner's word through the Hall", res.StatusCode, out)
		}
	})
}

type medullaCookieJar struct{ cookies []*http.Cookie }

// TestMedullaGauntletThroughGatewayJSON reaches the gauntlet and federation RPCs through the JSON
// facade: every route exists, and each refusal keeps its HTTP status and reason code.
func TestMedullaGauntletThroughGatewayJSON(t *testing.T) {
	f := newMedullaJSONFixture(t)
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
	if code, body := f.do(f.judge, "POST", claims+"/verified/verify", map[string]any{}); code != 200 {
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
