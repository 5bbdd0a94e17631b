package engine_test

import (
	"strings"
	"testing"
)

// TestHundredNinetyFifthHoldoutClasses: the false rows of the hundred-and-ninety-fifth holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredNinetyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app","scripts":{"dev":"vite"},"devDependencies":{"vite":"^7.3.6"}}`+"\n")
	g.write("web/CLAUDE.md", strings.Repeat("- rule\n", 40))
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	// smultron: the version a pin avoids
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the major a pin keeps out",
			"- `vite` is pinned to `^7` via root `pnpm.overrides`: vite 8 (rolldown) has a broken native-binding install.", nil},
		{"twin: the same major stated alone",
			"- The build runs on vite 8 (rolldown).", []string{"evidence_changed vite 8"}},
	})

	// SimplerDevelopment: the size of any file the rule is about
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a size any file may have",
			"- **Before reading a file >500 lines, spawn a subagent.** Nested `web/CLAUDE.md` files hold the details.", nil},
		{"twin: the size of the named file",
			"- Nested `web/CLAUDE.md` (>500 lines) holds the details.", []string{"size_drift web/CLAUDE.md"}},
	})

	// Major-Project-: a script of a package.json the repository does not hold
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a script under a heading naming an absent package.json",
			"### Backend (`backend/package.json`)\n\n- `npm run start` - Start server (port 3000)", nil},
		{"twin: a script of the root's package.json",
			"### Root (`package.json`)\n\n- `npm run start` - Start server (port 3000)", []string{"unverified evidence_changed npm run start"}},
	})
}
