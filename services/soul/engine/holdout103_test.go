package engine_test

import "testing"

// TestHundredThirdHoldoutClasses: the false rows of the hundred-and-third holdout that were fixed, each
// beside a twin that stays drift. (Its member-insights-processor, a docs/CLAUDE.md moved below the root
// whose links were written from there, is left: corpus case 132 labels such links true, as the forge
// reads them.)
func TestHundredThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("VERSION.md", "4.7.1\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// past verbs before "until" across a dot of a name or a number
		{"a correction note across a file name", "- **Engine**: Godot 4.7.1 — `VERSION.md` pinned 4.6 until 2026-04-03.", nil},
		{"a correction note across a number", "- THIS LINE SAID `40 + CON×2.0` UNTIL 2026-04-03; it is `40 + CON×3.0` now.", nil},
		{"twin: a date the rule runs until", "- `VERSION.md` holds 4.6 until 2026-04-03.", []string{"expired "}},
	})
}
