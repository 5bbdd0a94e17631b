package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// TestMissionRefusalsInWords: the owner stamping a mission that has no candidate was told
// "candidate_letter_id: must be a letter id", and a refused --spawn printed gRPC's
// "rpc error: code = ... desc = ...". Both now say what happened, and change nothing.
func TestMissionRefusalsInWords(t *testing.T) {
	s := startSuite(t)
	ctx := context.Background()
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: gitRepo(t)})
	// A runners.toml that pins nobody for loja: spawning is refused.
	if err := os.WriteFile(filepath.Join(s.dataDir, "runners.toml"), []byte("[[runner]]\nid = \"r1\"\nbrains = [\"elsewhere\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	orch := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "orch", Seat: "orchestrator", Brain: "loja", TTL: time.Hour})

	out, err := s.cli(ctx, "mission", "open", "--token", orch, "--brain", "loja", "--gate", "true", "--symptom", "it hurts", "--title", "t", "--spawn")
	if err == nil || strings.Contains(err.Error(), "rpc error") || !strings.Contains(err.Error(), "spawning was refused: UNPINNED_RUNNER: ") {
		t.Fatalf("open --spawn: got %v (%q), want the refusal in words, without gRPC's rpc error text", err, out)
	}
	id := regexp.MustCompile(`msn_[0-9a-f]{16}`).FindString(err.Error())
	if id == "" {
		t.Fatalf("open --spawn: got %v, want it to name the mission it opened", err)
	}

	tests := []struct {
		name string
		args []string
		want string
	}{
		{"land a mission without a candidate", []string{"mission", "land", id, "--owner"}, id + " has no candidate to land: it is spawn_refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.cli(ctx, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
			if code := exitCode(err); code != 1 {
				t.Errorf("exit: got %d, want 1", code)
			}
		})
	}
	show := s.mustCLI(t, ctx, "mission", "show", id, "--owner")
	if !strings.Contains(show, "spawn_refused") || strings.Contains(show, "landed") {
		t.Errorf("after the refused stamp: got %q, want the mission still spawn_refused", show)
	}
}
