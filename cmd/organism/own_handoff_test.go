package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestOwnHandoffHasNoDrift runs the offline `organism soul check --all --format json` on this
// repository itself: the project's own handoff documents (the root AGENTS.md and any other) must show
// no drift, so a renamed path, a dropped make target or a removed symbol they cite fails here instead
// of misleading the next agent silently.
func TestOwnHandoffHasNoDrift(t *testing.T) {
	// `--all` lists the tracked handoff files, so this needs the git checkout `make test` runs in
	// (README: a clone); outside one it fails saying so rather than passing without looking.
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("the project's own handoff check needs a git checkout of Organism (git rev-parse: %v)", err)
	}
	root := strings.TrimSpace(string(top))
	var out bytes.Buffer
	runErr := dispatch(context.Background(), []string{"soul", "check", "--repo", root, "--all", "--format", "json"}, &out)
	var set struct {
		Documents []struct {
			SoulPath string `json:"soul_path"`
			Stale    []struct {
				Line   int    `json:"line"`
				Kind   string `json:"kind"`
				Reason string `json:"reason"`
				Anchor string `json:"anchor"`
				Detail string `json:"detail"`
			} `json:"stale"`
		} `json:"documents"`
		Totals struct {
			Documents int `json:"documents"`
			Drift     int `json:"drift"`
		} `json:"totals"`
	}
	if err := json.Unmarshal(out.Bytes(), &set); err != nil {
		t.Fatalf("soul check --all: got unreadable JSON (%v, run error %v):\n%s", err, runErr, out.String())
	}
	if set.Totals.Documents == 0 {
		t.Fatalf("soul check --all: got 0 documents, want at least the root AGENTS.md")
	}
	drift := 0
	for _, d := range set.Documents {
		for _, s := range d.Stale {
			if s.Kind == "drift" {
				drift++
				t.Errorf("%s:%d: drift %s on %s: %s", d.SoulPath, s.Line, s.Reason, s.Anchor, s.Detail)
			}
		}
	}
	if drift != set.Totals.Drift || set.Totals.Drift != 0 || runErr != nil {
		t.Errorf("soul check --all: got %d drift findings (totals say %d, run error %v), want 0", drift, set.Totals.Drift, runErr)
	}
}
