package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestSoulCheckAllDanglingLink: a handoff document that is a symbolic link to nothing (firezone's
// .github/copilot-instructions.md links "docs/AGENT.md", which resolves from .github/) used to stop the
// whole --all run with SOUL_NOT_FOUND. It is drift of that document, naming the link's target, and the
// run checks every other document.
func TestSoulCheckAllDanglingLink(t *testing.T) {
	g := newSoulGit(t, map[string]string{
		"main.go":       mainGo,
		"AGENTS.md":     "# Agents\n\n- `main.go` is the entry point.\n",
		"docs/AGENT.md": "# Agent\n\n- `main.go` is the entry point.\n",
	})
	if err := os.MkdirAll(filepath.Join(g.root, ".github"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("docs/AGENT.md", filepath.Join(g.root, ".github", "copilot-instructions.md")); err != nil {
		t.Fatal(err)
	}
	g.commit("copilot reads the agent guide")

	seen := map[string]int{}
	for _, d := range checkAllJSON(t, g.root) {
		seen[d.SoulPath] = len(d.Stale)
		if d.SoulPath != ".github/copilot-instructions.md" {
			continue
		}
		if len(d.Stale) != 1 || d.Stale[0].Kind != "drift" || d.Stale[0].Reason != "evidence_file_missing" || d.Stale[0].Anchor != "docs/AGENT.md" {
			t.Errorf("the link's finding: got %+v", d.Stale)
		}
	}
	if _, ok := seen[".github/copilot-instructions.md"]; !ok || seen["AGENTS.md"] != 0 || len(seen) < 2 {
		t.Errorf("documents checked: got %v, want the link (one drift) beside AGENTS.md (clean)", seen)
	}
}

// TestSoulCheckDanglingLinkWhitespace: a link written with a line break after its target (core/CLAUDE.md
// -> "AGENTS.md\n", the two-hundred-and-eighth holdout's azmethai.com) reads as nothing though
// core/AGENTS.md is there: still drift, and the detail shows the break and names the file it meant.
func TestSoulCheckDanglingLinkWhitespace(t *testing.T) {
	g := newSoulGit(t, map[string]string{
		"main.go":        mainGo,
		"core/AGENTS.md": "# Agents\n\n- `main.go` is the entry point.\n",
	})
	if err := os.Symlink("AGENTS.md\n", filepath.Join(g.root, "core", "CLAUDE.md")); err != nil {
		t.Fatal(err)
	}
	g.commit("claude reads the agent guide")

	want := `core/CLAUDE.md is a symbolic link to "AGENTS.md\n", which does not exist (resolved from core/: "core/AGENTS.md\n"); core/AGENTS.md exists: the link's target carries whitespace around the name`
	docs := checkAllJSON(t, g.root)
	for _, d := range docs {
		if d.SoulPath == "core/CLAUDE.md" {
			if len(d.Stale) != 1 || d.Stale[0].Reason != "evidence_file_missing" || d.Stale[0].Detail != want {
				t.Errorf("the link's finding: got %+v\nwant detail %s", d.Stale, want)
			}
			return
		}
	}
	t.Errorf("core/CLAUDE.md not checked: %+v", docs)
}

// danglingDoc is a document of soul check --all's JSON report, as the dangling-link tests read it.
type danglingDoc struct {
	SoulPath string `json:"soul_path"`
	Stale    []struct {
		Reason, Anchor, Detail, Kind string
	} `json:"stale"`
}

// checkAllJSON runs soul check --all on root, wants the drift exit, and decodes the report's documents.
func checkAllJSON(t *testing.T, root string) []danglingDoc {
	t.Helper()
	out, code := runSoul(t, "soul", "check", "--repo", root, "--all", "--format", "json")
	if code != exitDrift {
		t.Fatalf("exit: got %d, want %d (the link is drift)\n%s", code, exitDrift, out)
	}
	var set struct {
		Documents []danglingDoc `json:"documents"`
	}
	if err := json.Unmarshal([]byte(out), &set); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return set.Documents
}
