package auth_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
)

func newSigner(t *testing.T, clk *clock.Fake) *auth.Signer {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return auth.NewSigner(key, clk.Now)
}

func mint(t *testing.T, s *auth.Signer, r auth.MintRequest) string {
	t.Helper()
	tok, err := s.Mint(r)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestVerifyMatrix(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC))
	s := newSigner(t, clk)
	other := newSigner(t, clk)
	agent := mint(t, s, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja", TTL: time.Hour})
	forged := mint(t, other, auth.MintRequest{Kind: auth.KindOwner})
	payloadSwapped := func() string {
		// Keep a valid signature but swap in another payload: the signature must not verify.
		owner := mint(t, other, auth.MintRequest{Kind: auth.KindOwner})
		a := strings.Split(agent, ".")
		o := strings.Split(owner, ".")
		return a[0] + "." + o[1] + "." + a[2]
	}()
	tests := []struct {
		name    string
		token   string
		advance time.Duration
		want    error
	}{
		{"valid agent", agent, 0, nil},
		{"bad signature from another key", forged, 0, auth.ErrBadSignature},
		{"payload swapped under a signature", payloadSwapped, 0, auth.ErrBadSignature},
		{"expired exactly at exp", agent, time.Hour, auth.ErrExpired},
		{"empty", "", 0, auth.ErrMalformed},
		{"garbage", "org1.!!!.???", 0, auth.ErrMalformed},
		{"wrong prefix", "jwt." + strings.TrimPrefix(agent, "org1."), 0, auth.ErrMalformed},
		{"oversized", "org1." + strings.Repeat("a", 5000) + ".b", 0, auth.ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := auth.NewVerifier(s.Verifier().PublicKey(), func() time.Time { return clk.Now().Add(tt.advance) })
			c, err := v.Verify(tt.token)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got err %v, want %v", err, tt.want)
			}
			if tt.want == nil && (c.Subject != "ada" || c.Brain != "loja" || c.Kind != auth.KindAgent) {
				t.Errorf("got claims %+v, want agent ada bound to loja", c)
			}
		})
	}
}

func TestMintRefusesIncompleteAgents(t *testing.T) {
	s := newSigner(t, clock.NewFake(time.Unix(0, 0)))
	for _, r := range []auth.MintRequest{
		{Kind: auth.KindAgent, Subject: "ada", Seat: "executor"},
		{Kind: auth.KindAgent, Subject: "Ada Lovelace", Seat: "executor", Brain: "loja"},
		{Kind: "root", Subject: "x"},
		{Kind: auth.KindOwner, TTL: -time.Second},
	} {
		if _, err := s.Mint(r); err == nil {
			t.Errorf("Mint(%+v): got nil error, want a refusal", r)
		}
	}
}

func authenticate(v *auth.Verifier, pairs ...string) (auth.Identity, error) {
	ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(pairs...))
	return v.Authenticate(ctx)
}

func TestAuthenticateOrigins(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC))
	s := newSigner(t, clk)
	v := s.Verifier()
	agent := mint(t, s, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja"})
	owner := mint(t, s, auth.MintRequest{Kind: auth.KindOwner})
	gateway := mint(t, s, auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"})
	tests := []struct {
		name       string
		md         []string
		wantOrigin commonv1.Origin
		wantAgent  string
		wantCode   codes.Code
		wantReason string
	}{
		{"no credential", nil, 0, "", codes.Unauthenticated, "UNAUTHENTICATED"},
		{"not bearer", []string{"authorization", "Basic abc"}, 0, "", codes.Unauthenticated, "TOKEN_MALFORMED"},
		{"agent", []string{"authorization", "Bearer " + agent}, commonv1.Origin_ORIGIN_AGENT, "ada", codes.OK, ""},
		{"agent header claiming another agent is ignored", []string{"authorization", "Bearer " + agent, "x-organism-agent", "eve", "x-organism-origin", "human-ui"}, commonv1.Origin_ORIGIN_AGENT, "ada", codes.OK, ""},
		{"owner is human-cli", []string{"authorization", "Bearer " + owner}, commonv1.Origin_ORIGIN_HUMAN_CLI, "owner", codes.OK, ""},
		{"gateway with owner session is human-ui", []string{"authorization", "Bearer " + gateway, "x-organism-session", owner}, commonv1.Origin_ORIGIN_HUMAN_UI, "owner", codes.OK, ""},
		{"gateway alone is a service", []string{"authorization", "Bearer " + gateway}, commonv1.Origin_ORIGIN_SERVICE, "gateway", codes.OK, ""},
		{"agent carrying an owner session", []string{"authorization", "Bearer " + agent, "x-organism-session", owner}, 0, "", codes.PermissionDenied, "ORIGIN_NOT_HUMAN"},
		{"gateway carrying an agent as session", []string{"authorization", "Bearer " + gateway, "x-organism-session", agent}, 0, "", codes.PermissionDenied, "ORIGIN_NOT_HUMAN"},
		{"two credentials", []string{"authorization", "Bearer " + agent, "authorization", "Bearer " + owner}, 0, "", codes.Unauthenticated, "TOKEN_MALFORMED"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, err := authenticate(v, tt.md...)
			if got := status.Code(err); got != tt.wantCode {
				t.Fatalf("code: got %v, want %v (err %v)", got, tt.wantCode, err)
			}
			if got := rpcstatus.ReasonOf(err); got != tt.wantReason {
				t.Errorf("reason: got %q, want %q", got, tt.wantReason)
			}
			if err == nil && (id.Origin != tt.wantOrigin || id.AgentID != tt.wantAgent) {
				t.Errorf("got origin %v agent %q, want %v %q", id.Origin, id.AgentID, tt.wantOrigin, tt.wantAgent)
			}
		})
	}
}

func TestRequireRules(t *testing.T) {
	agent := auth.WithIdentity(context.Background(), auth.Identity{Kind: auth.KindAgent, AgentID: "ada", Brain: "loja", Origin: commonv1.Origin_ORIGIN_AGENT})
	owner := auth.WithIdentity(context.Background(), auth.Identity{Kind: auth.KindOwner, AgentID: "owner", Origin: commonv1.Origin_ORIGIN_HUMAN_CLI})
	peer := auth.WithIdentity(context.Background(), auth.Identity{Kind: auth.KindPeer, AgentID: "alice", Origin: commonv1.Origin_ORIGIN_PEER})
	tests := []struct {
		name       string
		err        error
		wantReason string
	}{
		{"agent in own brain", second(auth.RequireBrain(agent, "loja")), ""},
		{"agent in foreign brain", second(auth.RequireBrain(agent, "m1nd")), "FOREIGN_BRAIN"},
		{"peer in any brain", second(auth.RequireBrain(peer, "loja")), "FOREIGN_BRAIN"},
		{"owner in any brain", second(auth.RequireBrain(owner, "m1nd")), ""},
		{"agent as owner", second(auth.RequireOwner(agent)), "OWNER_ONLY"},
		{"agent as human", second(auth.RequireHuman(agent)), "ORIGIN_NOT_HUMAN"},
		{"owner as human", second(auth.RequireHuman(owner)), ""},
		{"no identity", second(auth.RequireBrain(context.Background(), "loja")), "UNAUTHENTICATED"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rpcstatus.ReasonOf(tt.err); got != tt.wantReason {
				t.Errorf("got reason %q (%v), want %q", got, tt.err, tt.wantReason)
			}
		})
	}
}

func second(_ auth.Identity, err error) error { return err }

func TestOwnerKeyPersists(t *testing.T) {
	dir := t.TempDir()
	k1, created, err := auth.LoadOrCreateOwnerKey(dir)
	if err != nil || !created {
		t.Fatalf("first load: created=%v err=%v, want created", created, err)
	}
	k2, created, err := auth.LoadOrCreateOwnerKey(dir)
	if err != nil || created {
		t.Fatalf("second load: created=%v err=%v, want existing key", created, err)
	}
	if !k1.Equal(k2) {
		t.Error("got a different key on the second load, want the same")
	}
}

func TestCachedCredentialStillExpires(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC))
	s := newSigner(t, clk)
	v := s.Verifier()
	tok := mint(t, s, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja", TTL: time.Minute})
	for i := 0; i < 3; i++ {
		if _, err := v.Verify(tok); err != nil {
			t.Fatalf("use %d: %v", i, err)
		}
	}
	clk.Advance(time.Minute)
	if _, err := v.Verify(tok); !errors.Is(err, auth.ErrExpired) {
		t.Errorf("after expiry (cached): got %v, want ErrExpired", err)
	}
}

// BenchmarkVerify measures checking the credential a heartbeat sends on every call, against the
// baseline of verifying its signature each time. It runs a fixed number of checks per iteration so
// `make bench` (-benchtime 1x) prints a stable figure.
func BenchmarkVerify(b *testing.B) {
	const checks = 20000
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	s := auth.NewSigner(key, nil)
	tok, _ := s.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja", TTL: time.Hour})
	measure := func(verify func() error) float64 {
		start := time.Now()
		for i := 0; i < checks; i++ {
			if err := verify(); err != nil {
				b.Fatal(err)
			}
		}
		return float64(time.Since(start).Nanoseconds()) / checks
	}
	var cached, baseline float64
	for i := 0; i < b.N; i++ {
		v := s.Verifier()
		cached = measure(func() error { _, err := v.Verify(tok); return err })
		baseline = measure(func() error { _, err := s.Verifier().Verify(tok); return err })
	}
	b.ReportMetric(cached, "ns/check")
	b.ReportMetric(baseline, "signature-ns/check")
	b.ReportMetric(baseline/cached, "x-vs-signature-every-call")
}

func TestPrincipalCarriesTheVerifiedIdentity(t *testing.T) {
	tests := []struct {
		origin commonv1.Origin
		want   principal.Origin
	}{
		{commonv1.Origin_ORIGIN_AGENT, principal.OriginAgent},
		{commonv1.Origin_ORIGIN_HUMAN_UI, principal.OriginHumanUI},
		{commonv1.Origin_ORIGIN_HUMAN_CLI, principal.OriginHumanCLI},
		{commonv1.Origin_ORIGIN_SERVICE, principal.OriginService},
		{commonv1.Origin_ORIGIN_PEER, principal.OriginPeer},
	}
	for _, tt := range tests {
		id := auth.Identity{AgentID: "ada", Seat: "executor", Brain: "loja", Origin: tt.origin}
		got := id.Principal()
		want := principal.Principal{AgentID: "ada", Seat: "executor", Brain: "loja", Origin: tt.want}
		if got != want {
			t.Errorf("origin %v: got %+v, want %+v", tt.origin, got, want)
		}
	}
	if _, err := auth.PrincipalFrom(context.Background()); err == nil {
		t.Error("PrincipalFrom without a verified identity: got no error")
	}
}
