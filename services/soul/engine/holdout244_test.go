package engine_test

import (
	"testing"
)

// TestTwoHundredFortyFourthHoldoutClasses: the false rows of the two-hundred-and-forty-fourth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredFortyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/mux-runner.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// pickle-rick-claude: ticket ids in a paragraph about completion commits
		{"tickets named by hex ids", "- `src/mux-runner.ts` — the guard refuses a Done flip without a completion commit (live incident session `2026-05-23-17b2f716`, tickets `be5a047d`, `aec0cda1`, near-miss `8fefc179`).", nil},
		{"twin: a commit named in the same paragraph", "- `src/mux-runner.ts` — the guard refuses a Done flip without a completion commit (fixed in commit `be5a047d`).", []string{"ref_missing be5a047d"}},
	})
}
