package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestSoulCheckAllWithNoHandoffSaysSo: --all in a repository with no handoff document keeps stdout's
// empty set and exit 0, and says on stderr that nothing was checked, naming the CONTRIBUTING.md files to
// pass by name; with a handoff document stderr stays silent.
func TestSoulCheckAllWithNoHandoffSaysSo(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		format   string
		wantDocs int
		want     string // what stderr must hold; "" for silence
	}{
		{"contributing guides are named", map[string]string{"CONTRIBUTING.md": freshAgents, "docs/CONTRIBUTING.md": freshAgents, "vendor/x/CONTRIBUTING.md": freshAgents}, "json", 0,
			"this repository has CONTRIBUTING.md, docs/CONTRIBUTING.md: name them to check them: organism soul check --repo "},
		{"the same in SARIF", map[string]string{"CONTRIBUTING.md": freshAgents}, "sarif", 0, "this repository has CONTRIBUTING.md: name them to check them"},
		{"nothing to name", map[string]string{"README.md": "# readme\n"}, "json", 0, "no AGENTS.md, CLAUDE.md, GEMINI.md, PATHOS.md or .github/copilot-instructions.md found; nothing was checked"},
		{"a handoff document: silent", map[string]string{"AGENTS.md": freshAgents, "CONTRIBUTING.md": freshAgents}, "json", 1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"main.go": mainGo}
			for k, v := range tc.files {
				files[k] = v
			}
			g := newSoulGit(t, files)
			stderr := captureSoulStderr(t)
			out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--format", tc.format)
			if code != exitClean {
				t.Errorf("exit: got %d, want %d\n%s", code, exitClean, out)
			}
			var doc map[string]any
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("stdout is not %s: %v\n%s", tc.format, err, out)
			}
			if tc.format == "json" {
				docs, _ := doc["documents"].([]any)
				if len(docs) != tc.wantDocs {
					t.Errorf("documents: got %d, want %d", len(docs), tc.wantDocs)
				}
			}
			got := stderr.String()
			switch {
			case tc.want == "" && got != "":
				t.Errorf("stderr: got %q, want nothing", got)
			case tc.want != "" && (!strings.Contains(got, tc.want) || strings.Count(got, "\n") != 1):
				t.Errorf("stderr: got %q, want one line holding %q", got, tc.want)
			}
		})
	}
}

// TestSoulCheckAllSkipsABinaryDocument: --all over a repository where one handoff file holds a NUL byte
// (the fifty-second holdout's ACGS, a mermaid arrow in docs/development/GEMINI.md) checks the others,
// names the skipped one on stderr and keeps stdout the report; the same file named alone is refused.
func TestSoulCheckAllSkipsABinaryDocument(t *testing.T) {
	g := newSoulGit(t, map[string]string{"main.go": mainGo, "AGENTS.md": freshAgents, "docs/GEMINI.md": "# Gemini\n\nA --\x00> B\n"})
	stderr := captureSoulStderr(t)
	out, code := runSoul(t, "soul", "check", "--repo", g.root, "--all", "--format", "json")
	if code != exitClean {
		t.Fatalf("exit: got %d, want %d\n%s", code, exitClean, out)
	}
	var doc struct {
		Documents []struct {
			Path string `json:"soul_path"`
		} `json:"documents"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out)
	}
	if len(doc.Documents) != 1 {
		t.Errorf("documents: got %d, want 1 (AGENTS.md)\n%s", len(doc.Documents), out)
	}
	if got := stderr.String(); !strings.Contains(got, "docs/GEMINI.md not checked: SOUL_NOT_TEXT") || strings.Count(got, "\n") != 1 {
		t.Errorf("stderr: got %q, want one line naming docs/GEMINI.md and SOUL_NOT_TEXT", got)
	}
	if out, code := runSoul(t, "soul", "check", "--repo", g.root, "docs/GEMINI.md"); code == exitClean || !strings.Contains(out, "SOUL_NOT_TEXT") {
		t.Errorf("named alone: got exit %d, want a refusal naming SOUL_NOT_TEXT\n%s", code, out)
	}
}

// captureSoulStderr collects what soul check writes beside its report until the test ends.
func captureSoulStderr(t *testing.T) *bytes.Buffer {
	t.Helper()
	var b bytes.Buffer
	saved := soulCheckStderr
	soulCheckStderr = &b
	t.Cleanup(func() { soulCheckStderr = saved })
	return &b
}
