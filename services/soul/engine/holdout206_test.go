package engine_test

import "testing"

// TestTwoHundredSixthHoldoutClasses: the false rows of the two-hundred-and-sixth holdout that were fixed,
// each beside a twin that stays a finding.
func TestTwoHundredSixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("src/app.ts", "export {}\n")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// mtg-grimoire: correction notes that say until when something was wrong
		{"what a line claimed until a day", "- No check in `src/app.ts`, **not because a column cannot carry one**, which is what this line claimed until 2026-04-17.", nil},
		{"what it took until a day to name", "- **It did cost one thing, and it took until 2026-04-17 to name it:** the ring in `src/app.ts`.", nil},
		{"twin: a state that holds until a day", "- `src/app.ts` carries no check until 2026-04-17.", []string{"expired "}},
	})
}
