package engine_test

import (
	"testing"
)

// TestSixtySecondHoldoutClasses: the false rows of the sixty-second holdout, each beside a twin that
// stays drift.
func TestSixtySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("frontend/package.json", `{"name":"app"}`+"\n")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "frontend/CLAUDE.md", []driftCase{
		{"counts of two finished steps of a status log",
			"## Project Status\n\n**E-1 (Shared UI Components) complete** — 16 reusable components built with tests (96 tests, 21 suites).\n\n**E-3 (Wallet Connection) complete** — wallet integrated. 230 tests, 41 suites.", nil},
		{"twin: the same counts in two paragraphs with no step",
			"## Project Status\n\nThe shared components are built with tests (96 tests, 21 suites).\n\nThe wallet is integrated. 230 tests, 41 suites.", []string{"disagreement contradicted ", "disagreement contradicted "}},
		{"twin: one step's paragraph counted two ways",
			"## Project Status\n\n**E-1 (Shared UI Components) complete** — built with tests (96 tests, 21 suites).\n\n**E-1 (Shared UI Components) complete** — 230 tests, 41 suites.", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
}

// TestSixtySecondHoldoutCdArguments: a path argument after "cd DIR &&" on the same line is DIR's.
func TestSixtySecondHoldoutCdArguments(t *testing.T) {
	g := newGitFixture(t)
	g.write("backend/agent/__init__.py", "\n")
	g.write("backend/main.py", "print(1)\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "backend/tools/__init__.py", "agent/__init__.py")
	g.commit("2026-05-03T10:00:00Z", "backend")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"an argument of the directory cd entered", "## Commands\n\n```bash\ncd backend && adk web ./agent   # ADK testing UI\n```", nil},
		{"twin: an argument cd's directory lost", "## Commands\n\n```bash\ncd backend && adk web ./tools   # ADK testing UI\n```", []string{"evidence_file_missing ./tools"}},
		{"twin: the same argument with no cd", "## Commands\n\n```bash\nadk web ./agent   # ADK testing UI\n```", []string{"evidence_file_missing ./agent"}},
	})
}
