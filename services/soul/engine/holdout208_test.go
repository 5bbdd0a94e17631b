package engine_test

import "testing"

// TestTwoHundredEighthHoldoutClasses: the false rows of the two-hundred-and-eighth holdout that were
// fixed, each beside a twin that stays a finding.
func TestTwoHundredEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("src/app.ts", "export {}\n")
	g.write("shared/build.gradle.kts", "plugins {}\n")
	g.write("landingpage/index.html", "<html></html>\n")
	g.write("lessons/w1_solution.py", "x = 1\n")
	g.write("lessons/w1_test.py", "def test_x(): pass\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("shared/build.gradle.kts")
	g.remove("landingpage/index.html")
	g.commit("2026-06-02T10:00:00Z", "drop the shared module and the landing page")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// mealplan-plus and promit: a module the sentence calls dead
		{"a module that is dead", "**`shared/` KMP module is dead.** Do not re-add it.", nil},
		{"a folder a test proves stays dead", "- `src/app.ts` walks the repo to prove `landingpage/` stays\n  dead; it skips `docs/`.", nil},
		{"twin: dead code is still there", "- `landingpage/` is dead code; leave it alone.", []string{"evidence_file_missing landingpage/"}},
		// aisb: what a build produces, as globs
		{"globs a build produces", "The build parses each `*_solution.py` and produces:\n\n- **`*_test.py`** — the tests.\n- **`*_reference.py`** (with the `--reference` flag) — the solutions.", nil},
		{"twin: globs a lesson holds", "Each lesson holds:\n\n- **`*_test.py`** — the tests.\n- **`*_reference.py`** — the solutions.", []string{"unverified evidence_file_missing *_reference.py"}},
		// agentic-rn-demo: a place a suggestion would make
		{"a place to consider moving code to", "If more features need team data, consider moving shared components and hooks to a `common/` layer.", nil},
		{"a place to consider creating", "Consider creating a dedicated `common/` folder once two features share hooks.", nil},
		{"twin: the place the code is in", "Shared components and hooks live in the `common/` layer.", []string{"unverified unanchored common/"}},
	})
}
