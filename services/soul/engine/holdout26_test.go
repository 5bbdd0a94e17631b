package engine_test

import "testing"

// TestTwentySixthHoldoutClasses: a file a step writes is its destination ("**Plan** — write `plan.md`":
// e-footprint's per-feature plan, made and archived again and again), beside its twin, a file a step
// edits.
func TestTwentySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("specs/features/login/plan.md", "# plan\n")
	g.write("docs/notes.md", "# notes\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("specs/features/login/plan.md")
	g.remove("docs/notes.md")
	g.commit("2026-05-02T10:00:00Z", "archive the login feature")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file a step writes", "2. **Plan** — write `plan.md` (approach, affected modules, risks).", nil},
		{"twin: a file a step edits", "2. **Plan** — update `docs/notes.md` with the approach.", []string{"evidence_file_missing docs/notes.md"}},
	})
}
