package main

import (
	"context"
	"encoding/json"
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

// TestCharterVerbs: an agent files reports with `organism report`, cannot sweep; the owner
// sweeps (one chartered, one refused), reads the spool and the counted refusals.
func TestCharterVerbs(t *testing.T) {
	s := startSuite(t)
	repo := gitRepo(t)
	ctx := context.Background()
	owner := s.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	s.registerBrain(t, owner, &medullav1.RegisterBrainRequest{Name: "loja", RepoRoot: repo})
	runners := "[[runner]]\nid = \"r1\"\ngate_command = \"test -f main.go\"\nbrains = [\"loja\"]\n"
	if err := os.WriteFile(filepath.Join(s.dataDir, "runners.toml"), []byte(runners), 0o600); err != nil {
		t.Fatal(err)
	}
	agent := s.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "orch", Seat: "orchestrator", Brain: "loja", TTL: time.Hour})
	run := func(args ...string) (string, error) { return s.cli(ctx, args...) }
	mustRun := func(args ...string) string { t.Helper(); return s.mustCLI(t, ctx, args...) }

	out := mustRun("report", "--token", agent, "--repo", repo, "--tool", "checkout", "--what", "checkout loses the cart")
	if !regexp.MustCompile(`filed rpt_[0-9a-f]{16} \(bug, seq 1\)`).MatchString(out) {
		t.Fatalf("got %q, want the filed report", out)
	}
	mustRun("report", "--token", agent, "--class", "idea", "--repo", repo, "--tool", "checkout", "--what", "a wishlist")
	if _, err := run("report", "--token", agent, "--class", "rant", "--repo", repo, "--tool", "x", "--what", "y"); exitCode(err) != 2 {
		t.Errorf("got %v for an unknown class, want a usage error", err)
	}
	_, err := run("report", "--token", agent, "--repo", repo, "--tool", "x", "--what", "see /home/ana/cart.txt")
	if got := rpcstatus.ReasonOf(err); got != "HOME_PATH" {
		t.Errorf("got %q (%v), want HOME_PATH", got, err)
	}
	_, err = run("charter", "sweep", "--token", agent)
	if got := rpcstatus.ReasonOf(err); got != "ORIGIN_NOT_HUMAN" {
		t.Errorf("got %q (%v) for an agent's sweep, want ORIGIN_NOT_HUMAN", got, err)
	}

	out = mustRun("charter", "sweep", "--token", owner)
	if !strings.Contains(out, "screened 2: 1 chartered, 1 refused") || !strings.Contains(out, "refused INELIGIBLE_CLASS") {
		t.Fatalf("got sweep output %q, want one chartered and one INELIGIBLE_CLASS", out)
	}
	var spool struct {
		Reports []struct {
			ReportID string `json:"report_id"`
			Screen   struct {
				Outcome   string `json:"outcome"`
				MissionID string `json:"mission_id"`
			} `json:"screen"`
		} `json:"reports"`
	}
	if err := json.Unmarshal([]byte(mustRun("charter", "reports", "--token", owner, "--json")), &spool); err != nil {
		t.Fatal(err)
	}
	if len(spool.Reports) != 2 || spool.Reports[0].Screen.Outcome != "SCREEN_OUTCOME_CHARTERED" || spool.Reports[0].Screen.MissionID == "" {
		t.Fatalf("got spool %+v, want the first report chartered", spool)
	}
	if show := mustRun("mission", "show", spool.Reports[0].Screen.MissionID, "--token", owner); !strings.Contains(show, "judging") {
		t.Errorf("got %q, want the chartered mission judging", show)
	}
	if out := mustRun("charter", "reports", "--token", owner, "--unread"); strings.TrimSpace(out) != "" {
		t.Errorf("got unread reports %q after the sweep, want none", out)
	}
	if out := mustRun("charter", "refusals", "--token", owner); !strings.Contains(out, "1 refused; INELIGIBLE_CLASS 1") {
		t.Errorf("got refusals %q, want one INELIGIBLE_CLASS counted", out)
	}
}
