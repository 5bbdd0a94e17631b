package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// TestBrainDefaultsToTheCredential: the memory verbs and mission open act in the agent's own
// brain when neither --brain nor ORGANISM_BRAIN names one, as the soul and presence verbs do; a
// credential bound to no brain (the owner's) is a usage error naming --brain, and
// ORGANISM_BRAIN still comes before the credential.
func TestBrainDefaultsToTheCredential(t *testing.T) {
	s := startSuite(t)
	ctx := context.Background()
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	for _, name := range []string{"loja", "other"} {
		s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: name, RepoRoot: gitRepo(t)})
	}
	agent := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "orchestrator", Brain: "loja", TTL: time.Hour})
	body := filepath.Join(t.TempDir(), "body.md")
	if err := os.WriteFile(body, []byte("Deploys go out on Tuesdays.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noBrain := "--brain is required: this credential is bound to no brain (or set ORGANISM_BRAIN)"
	cases := []struct {
		name, env string
		args      []string
		want      string // in the output, or in the error when exit is not 0
		exit      int
	}{
		{"memorize", "", []string{"memorize", "--slug", "deploy-day", "--file", body, "--token", agent}, "memorized deploy-day v1 in loja", 0},
		{"recall", "", []string{"recall", "tuesdays", "--token", agent}, "[project:loja] deploy-day v1", 0},
		{"claim show", "", []string{"claim", "show", "deploy-day", "--token", agent}, "by ada in loja", 0},
		{"receipts", "", []string{"receipts", "--token", agent}, "memorize", 0},
		{"mission open", "", []string{"mission", "open", "--gate", "true", "--symptom", "s", "--token", agent}, "in loja (seq 1, judging)", 0},
		{"ORGANISM_BRAIN before the credential", "other", []string{"recall", "tuesdays", "--token", agent}, "FOREIGN_BRAIN", 1},
		{"owner memorize", "", []string{"memorize", "--slug", "x", "--file", body, "--owner"}, noBrain, 2},
		{"owner recall", "", []string{"recall", "x", "--owner"}, noBrain, 2},
		{"owner mission open", "", []string{"mission", "open", "--gate", "true", "--symptom", "s", "--owner"}, noBrain, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("ORGANISM_BRAIN", c.env)
			out, err := s.cli(ctx, c.args...)
			if got := exitCode(err); got != c.exit {
				t.Fatalf("got exit %d (%v, %q), want %d", got, err, out, c.exit)
			}
			if c.exit != 0 {
				out = err.Error()
			}
			if !strings.Contains(out, c.want) {
				t.Errorf("got %q, want it to contain %q", out, c.want)
			}
		})
	}
}
