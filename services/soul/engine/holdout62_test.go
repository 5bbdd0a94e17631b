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
			"## Project Status\n\nThe shared components are built with tests (96 tests, 21 suites).\n\nThe wallet is integrated. 230 tests, 41 suites.", []string{"contradicted ", "contradicted "}},
		{"twin: one step's paragraph counted two ways",
			"## Project Status\n\n**E-1 (Shared UI Components) complete** — built with tests (96 tests, 21 suites).\n\n**E-1 (Shared UI Components) complete** — 230 tests, 41 suites.", []string{"contradicted ", "contradicted "}},
	})
}
