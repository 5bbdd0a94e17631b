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
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// TestCurationVerbs drives the lane through the CLI against `organism serve --target=all`:
// skeleton scan, curate with the reference hand-runner (organism hand-runner --once running
// examples/hand-runner/curate.sh), skeleton diff, an agent's ratify refused, the owner's ratify.
func TestCurationVerbs(t *testing.T) {
	s := startSuite(t)
	repo := gitRepo(t)
	ctx := context.Background()
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: repo})
	script, err := filepath.Abs(filepath.Join("..", "..", "examples", "hand-runner", "curate.sh"))
	if err != nil {
		t.Fatal(err)
	}
	toml := "[[runner]]\nid = \"hand\"\ncapabilities = [\"hand-runner\"]\ncommand = \"" + script + "\"\n"
	if err := os.WriteFile(filepath.Join(s.dataDir, "runners.toml"), []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	orch := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "orch", Seat: "orchestrator", Brain: "loja", TTL: time.Hour})
	hand := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "hand", Seat: "runner", Brain: "loja", TTL: time.Hour})
	run := func(args ...string) (string, error) { return s.cli(ctx, args...) }
	mustRun := func(args ...string) string { t.Helper(); return s.mustCLI(t, ctx, args...) }
	if out := mustRun("skeleton", "scan", "loja", "--owner"); !strings.Contains(out, "sb_root") || !strings.Contains(out, "candidate") {
		t.Fatalf("got scan %q, want a candidate with the root package block", out)
	}
	out := mustRun("curate", "loja", "--owner", "--letter", "name the blocks")
	cur := regexp.MustCompile(`cur_[0-9a-f]{16}`).FindString(out)
	if cur == "" {
		t.Fatalf("got %q, want a curation id", out)
	}
	if out := mustRun("hand-runner", "--token", hand, "--id", "hand", "--once", "--wait", "5s"); !strings.Contains(out, "applied") {
		t.Fatalf("got %q, want the curation applied", out)
	}
	if out := mustRun("curate", cur, "--owner"); !strings.Contains(out, "Reference hand-runner") {
		t.Errorf("got %q, want the report", out)
	}
	if out := mustRun("skeleton", "diff", "loja", "--owner"); !strings.Contains(out, `+ block sb_root "repository root"`) {
		t.Errorf("got diff %q, want the curated root block as new", out)
	}
	_, err = run("ratify", "loja", "--token", orch)
	if got := rpcstatus.ReasonOf(err); got != "ORIGIN_NOT_HUMAN" {
		t.Fatalf("got %v (%s), want ORIGIN_NOT_HUMAN for an agent's ratify", err, got)
	}
	if out := mustRun("ratify", "loja", "--owner"); !strings.Contains(out, "ratified") {
		t.Fatalf("got %q, want ratified", out)
	}
	if out := mustRun("skeleton", "show", "loja", "--owner", "--ratified"); !strings.Contains(out, "via human-cli") {
		t.Errorf("got %q, want ratified via human-cli", out)
	}
}
