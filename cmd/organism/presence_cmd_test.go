package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/services/presence"
)

// presenceServer serves presence on a loopback port and returns its address and a signer.
func presenceServer(t *testing.T) (string, *auth.Signer) {
	t.Helper()
	svc, err := presence.Open(context.Background(), presence.Options{DataDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler), SweepInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := auth.NewSigner(key, nil)
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
	return lis.Addr().String(), signer
}

func TestPresenceVerbs(t *testing.T) {
	addr, signer := presenceServer(t)
	tok := func(agent string) string {
		s, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: agent, Seat: "executor", Brain: "alpha", TTL: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	run := func(agent string, args ...string) string {
		t.Helper()
		var out bytes.Buffer
		args = append(args, "--addr", addr, "--token", tok(agent))
		if err := dispatch(context.Background(), args, &out); err != nil {
			t.Fatalf("organism %s: %v\n%s", strings.Join(args[:2], " "), err, out.String())
		}
		return out.String()
	}
	idOf := regexp.MustCompile(`prs_[0-9a-f]{12}`)

	joined := run("ada", "presence", "join", "--kind", "executor", "--theme", "parser fix", "--path", "src/", "--path", "docs/a.md")
	ada := idOf.FindString(joined)
	if ada == "" || !strings.Contains(joined, "as ada in alpha (mutate, ttl 90s)") {
		t.Fatalf("join: got %q", joined)
	}
	joined = run("bo", "presence", "join", "--theme", "lexer", "--paths", "src/lex.go,README.md")
	bo := idOf.FindString(joined)
	if !strings.Contains(joined, "collision in alpha: "+bo+" (bo, lexer) x "+ada+" (ada, parser fix): src/lex.go ~ src") {
		t.Fatalf("join reports the collision it creates: got %q", joined)
	}

	ls := run("ada", "presence", "ls")
	for _, want := range []string{"PRESENCE", "AGE", "INTENT", "COLLIDES WITH", ada + "  alpha  ada", bo + "(bo)", ada + "(ada)", "mutate", "parser fix"} {
		if !strings.Contains(ls, want) {
			t.Fatalf("ls: want %q in\n%s", want, ls)
		}
	}
	if got := run("ada", "presence", "collisions"); !strings.Contains(got, "src ~ src/lex.go") && !strings.Contains(got, "src/lex.go ~ src") {
		t.Fatalf("collisions: got %q", got)
	}
	if got := run("bo", "presence", "beat", bo, "--collisions"); !strings.Contains(got, "beat "+bo) || !strings.Contains(got, "collision in alpha") {
		t.Fatalf("beat: got %q", got)
	}
	if got := run("bo", "presence", "ls", "--json"); !regexp.MustCompile(`"presence_id":\s*"` + bo + `"`).MatchString(got) {
		t.Fatalf("ls --json: got %q", got)
	}
	if got := run("bo", "presence", "leave", bo); got != "left "+bo+"\n" {
		t.Fatalf("leave: got %q", got)
	}
	if got := run("ada", "presence", "collisions"); got != "no collisions\n" {
		t.Fatalf("after leave: got %q", got)
	}
	// Refusals reach the caller typed.
	var out bytes.Buffer
	err := dispatch(context.Background(), []string{"presence", "join", "--path", "../up", "--addr", addr, "--token", tok("ada")}, &out)
	if err == nil || !strings.Contains(err.Error(), "working_set[0]") {
		t.Fatalf("bad path: got %v, want a working_set[0] refusal", err)
	}
}

func TestShortDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"}, {59 * time.Second, "59s"}, {61 * time.Second, "1m01s"}, {3*time.Hour + 4*time.Minute, "3h04m"}, {50 * time.Hour, "2d2h"}, {-time.Second, "0s"},
	}
	for _, tt := range tests {
		if got := shortDuration(tt.d); got != tt.want {
			t.Errorf("shortDuration(%v): got %q, want %q", tt.d, got, tt.want)
		}
	}
}
