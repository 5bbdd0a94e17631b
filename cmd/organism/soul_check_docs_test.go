package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSoulCheckEachFileOnce pins that one real file is checked once however it is reached: a
// CLAUDE.md that is a symlink to the AGENTS.md beside it (--all finds both names), or a document
// named twice on the command line. The link is reported under its target's name, the path git
// keeps the content under. A CLAUDE.md that is its own file is still its own document.
func TestSoulCheckEachFileOnce(t *testing.T) {
	tests := []struct {
		name      string
		link      bool // CLAUDE.md is a symlink to AGENTS.md
		args      []string
		wantDocs  string
		wantDrift int
	}{
		{"--all with CLAUDE.md a symlink to AGENTS.md", true, []string{"--all"}, "AGENTS.md", 1},
		{"the link named alone reports its target", true, []string{"CLAUDE.md"}, "AGENTS.md", 1},
		{"the link and its target named", true, []string{"CLAUDE.md", "AGENTS.md"}, "AGENTS.md", 1},
		{"one document named twice", false, []string{"AGENTS.md", "AGENTS.md"}, "AGENTS.md", 1},
		{"--all with CLAUDE.md its own file checks both", false, []string{"--all"}, "AGENTS.md CLAUDE.md", 2},
		{"two documents named stay two", false, []string{"CLAUDE.md", "AGENTS.md"}, "AGENTS.md CLAUDE.md", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"main.go": mainGo, "AGENTS.md": driftAgents}
			if !tc.link {
				files["CLAUDE.md"] = driftAgents
			}
			g := newSoulGit(t, files)
			if tc.link {
				if err := os.Symlink("AGENTS.md", filepath.Join(g.root, "CLAUDE.md")); err != nil {
					t.Fatal(err)
				}
				g.commit("CLAUDE.md follows AGENTS.md")
				if mode := g.git("ls-files", "-s", "CLAUDE.md"); !strings.HasPrefix(mode, "120000") {
					t.Fatalf("CLAUDE.md: got index entry %q, want a symlink (120000)", mode)
				}
			}
			args := append([]string{"soul", "check", "--repo", g.root, "--format", "json"}, tc.args...)
			out, code := runSoul(t, args...)
			if code != exitDrift {
				t.Errorf("exit: got %d, want %d\n%s", code, exitDrift, out)
			}
			paths, drift := docsAndDrift(t, out)
			if paths != tc.wantDocs {
				t.Errorf("documents: got %q, want %q", paths, tc.wantDocs)
			}
			if drift != tc.wantDrift {
				t.Errorf("drift findings: got %d, want %d (each real file's once)", drift, tc.wantDrift)
			}
		})
	}
}
