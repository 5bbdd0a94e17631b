package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
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
	lisAddr := serveLoopback(t, signer, svc.Register)
	return lisAddr, signer
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

// TestPresenceReceiptsVerb: `presence receipts` pages a ledger to its end, in lines and JSON;
// each caller reads its own ledger and the owner the security ledger.
func TestPresenceReceiptsVerb(t *testing.T) {
	addr, signer := presenceServer(t)
	mint := func(r auth.MintRequest) string {
		s, err := signer.Mint(r)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	agent := func(id, brain string) string {
		return mint(auth.MintRequest{Kind: auth.KindAgent, Subject: id, Seat: "executor", Brain: brain, TTL: time.Hour})
	}
	run := func(token string, args ...string) (string, error) {
		var out bytes.Buffer
		err := dispatch(context.Background(), append(args, "--addr", addr, "--token", token), &out)
		return out.String(), err
	}
	ada, bo, owner := agent("ada", "alpha"), agent("bo", "beta"), mint(auth.MintRequest{Kind: auth.KindOwner})
	peer := mint(auth.MintRequest{Kind: auth.KindPeer, Subject: "carol"})

	// 600 joins: more than one 500-receipt page, so the verb must follow the token to the end.
	for range 600 {
		if _, err := run(ada, "presence", "join", "--path", "src/"); err != nil {
			t.Fatal(err)
		}
	}
	joined, _ := run(ada, "presence", "join", "--path", "docs/")
	id := regexp.MustCompile(`prs_[0-9a-f]{12}`).FindString(joined)
	if _, err := run(ada, "presence", "leave", id); err != nil {
		t.Fatal(err)
	}
	live, _ := run(ada, "presence", "join", "--path", "lib/")
	other := regexp.MustCompile(`prs_[0-9a-f]{12}`).FindString(live)
	for range 3 {
		if _, err := run(bo, "presence", "leave", other); err == nil {
			t.Fatal("bo left alpha's presence: got no refusal, want FOREIGN_BRAIN")
		}
	}
	if _, err := run(peer, "presence", "ls"); err == nil {
		t.Fatal("peer listed presences: got no refusal, want CALLER_NOT_ALLOWED")
	}

	tests := []struct {
		name      string
		token     string
		args      []string
		lines     int      // receipt lines after the header
		want      []string // regular expressions
		wantNot   []string
		wantError string
	}{
		{"agent's own ledger", ada, nil, 603, []string{`commit\s+leave\s+` + id + `\s+left\s+ada@alpha`, `commit\s+register\s+` + id + `\s+joined`}, []string{"rejection"}, ""},
		{"refusals in the refused caller's ledger", bo, nil, 1, []string{`rejection\s+leave\s+` + other + `\s+FOREIGN_BRAIN x3 \(last [0-9TZ:-]+\)\s+bo@beta`}, nil, ""},
		{"security ledger for the owner", owner, []string{"--brain", "_security"}, 1, []string{`rejection\s+list\s+-\s+CALLER_NOT_ALLOWED\s+carol \(peer\)`}, nil, ""},
		{"security ledger refused to agents", ada, []string{"--brain", "_security"}, 0, nil, nil, "OWNER_ONLY"},
		{"another brain's ledger refused", bo, []string{"--brain", "alpha"}, 0, nil, nil, "FOREIGN_BRAIN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := run(tt.token, append([]string{"presence", "receipts"}, tt.args...)...)
			if tt.wantError != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantError) {
					t.Fatalf("got %v, want a %s refusal", err, tt.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if !strings.HasPrefix(lines[0], "AT") || len(lines)-1 != tt.lines {
				t.Fatalf("got %d receipt lines under %q, want %d", len(lines)-1, lines[0], tt.lines)
			}
			for _, w := range tt.want {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Errorf("want %q in\n%s", w, strings.Join(lines[:min(len(lines), 4)], "\n"))
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(out, w) {
					t.Errorf("got %q, want none", w)
				}
			}
		})
	}

	out, err := run(bo, "presence", "receipts", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Receipts []struct {
			Rejection struct {
				ReceiptID string `json:"receipt_id"`
				Reason    string `json:"reason"`
			} `json:"rejection"`
		} `json:"receipts"`
		Repeats map[string]struct {
			Count string `json:"count"`
		} `json:"repeats"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json: %v in %q", err, out)
	}
	if len(res.Receipts) != 1 || res.Receipts[0].Rejection.Reason != "FOREIGN_BRAIN" || res.Repeats[res.Receipts[0].Rejection.ReceiptID].Count != "3" {
		t.Fatalf("--json: got %+v, want one FOREIGN_BRAIN rejection repeated 3 times", res)
	}
}
