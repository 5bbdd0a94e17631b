package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSoulCheckAllFindsOtherAgentsFiles pins the handoff documents of other agents that --all
// checks: GEMINI.md at any depth (Gemini CLI reads one per directory) and GitHub Copilot's
// .github/copilot-instructions.md, in a git repository and in a plain directory alike. A file named
// copilot-instructions.md outside .github and Cursor's rule files are no handoff documents; a GEMINI.md
// that is a symlink to AGENTS.md is checked once, under AGENTS.md. A root Claude.md is one too (scalus
// keeps its handoff so); a claude.md deeper down is a page about the tool. An agent skill pack under a
// dot directory (.agents/skills/, or deeper: .agentic/source/skills/) is skipped; a skills/ directory of the repository's own is not. A
// top-level assets/ ships its documents into users' projects; an app's app/assets/ is its own. A
// directory with its own .github/ under a hidden one is another project's tree copied in (t3code's
// .repos/): skipped; a package of the repository's own with a .github/ is still checked. OpenSpec's
// instructions (openspec/AGENTS.md, the tool's own text) are skipped. An AGENTS.MD, its ending in capitals,
// is a handoff at any depth.
func TestSoulCheckAllFindsOtherAgentsFiles(t *testing.T) {
	base := map[string]string{
		"main.go":                                       mainGo,
		"AGENTS.md":                                     driftAgents,
		"packages/core/GEMINI.md":                       "# Core\n\n- `index.ts` exports the API.\n",
		"packages/core/index.ts":                        "export const api = 1;\n",
		".github/copilot-instructions.md":               driftAgents,
		"docs/copilot-instructions.md":                  driftAgents,
		".cursorrules":                                  driftAgents,
		".cursor/rules/style.mdc":                       driftAgents,
		"node_modules/pkg/GEMINI.md":                    driftAgents,
		".agents/skills/react-best-practices/AGENTS.md": driftAgents,
		".agentic/source/skills/react/AGENTS.md":        driftAgents,
		"openspec/AGENTS.md":                            driftAgents,
		"openspec/specs/auth/spec.md":                   "# Auth\n",
		"skills/release/AGENTS.md":                      "# Release\n\n- `main.go` is the entry point.\n",
		"assets/AGENTS.md":                              driftAgents,
		"app/assets/AGENTS.md":                          "# Assets\n\n- `main.go` is the entry point.\n",
		"Claude.md":                                     "# Claude\n\n- `main.go` is the entry point.\n",
		"docs/providers/claude.md":                      driftAgents,
		".repos/upstream/.github/workflows/ci.yml":      "name: ci\n",
		".repos/upstream/AGENTS.md":                     driftAgents,
		"packages/tool/.github/workflows/ci.yml":        "name: ci\n",
		"packages/tool/AGENTS.md":                       "# Tool\n\n- `main.go` is the entry point.\n",
		"client/AGENTS.MD":                              "# Client\n\n- `main.go` is the entry point.\n",
	}
	const want = ".github/copilot-instructions.md AGENTS.md Claude.md app/assets/AGENTS.md client/AGENTS.MD packages/core/GEMINI.md packages/tool/AGENTS.md skills/release/AGENTS.md"
	tests := []struct {
		name     string
		git      bool
		link     bool // a root GEMINI.md links to AGENTS.md
		wantDocs string
	}{
		{"a git repository", true, false, want},
		{"a plain directory", false, false, want},
		{"a GEMINI.md linked to AGENTS.md is one document", true, true, want},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var root string
			if tc.git {
				g := newSoulGit(t, base)
				root = g.root
				if tc.link {
					if err := os.Symlink("AGENTS.md", filepath.Join(root, "GEMINI.md")); err != nil {
						t.Fatal(err)
					}
					g.commit("GEMINI.md follows AGENTS.md")
				}
			} else {
				root = t.TempDir()
				for p, body := range base {
					if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(root, p), []byte(body), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			out, code := runSoul(t, "soul", "check", "--repo", root, "--all", "--format", "json")
			if code != exitDrift {
				t.Errorf("exit: got %d, want %d (AGENTS.md drifts)\n%s", code, exitDrift, out)
			}
			var set struct {
				Documents []struct {
					SoulPath string `json:"soul_path"`
				} `json:"documents"`
			}
			if err := json.Unmarshal([]byte(out), &set); err != nil {
				t.Fatalf("json: %v\n%s", err, out)
			}
			var paths []string
			for _, d := range set.Documents {
				paths = append(paths, d.SoulPath)
			}
			if got := strings.Join(paths, " "); got != tc.wantDocs {
				t.Errorf("documents: got %q, want %q", got, tc.wantDocs)
			}
			// a document --all skips is checked when named: an agent cannot hide drift by moving it into
			// openspec/AGENTS.md
			if out, code := runSoul(t, "soul", "check", "--repo", root, "openspec/AGENTS.md"); code != exitDrift {
				t.Errorf("named openspec/AGENTS.md: exit %d, want %d (its drift)\n%s", code, exitDrift, out)
			}
		})
	}
}
