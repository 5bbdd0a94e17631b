package engine_test

import "testing"

// TestHundredTwentySecondHoldoutClasses: the false rows of the hundred-and-twenty-second holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredTwentySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("app/components/ZaeliFAB.tsx", "export {}\n")
	g.write("app/landing.tsx", "export {}\n")
	g.write("app/index.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("app/components/ZaeliFAB.tsx")
	g.remove("app/landing.tsx")
	g.commit("2026-05-02T10:00:00Z", "clean up")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a log's step that deleted the file", "## Session 30\n\n1. Moved the header into `app/index.tsx`.\n2. **Deleted `app/components/ZaeliFAB.tsx`** — killed Session 14 but file kept around.\n", nil},
		{"twin: a step that edits the file", "## Session 30\n\n1. Moved the header into `app/index.tsx`.\n2. **Edited `app/components/ZaeliFAB.tsx`** — the button's colour.\n", []string{"evidence_file_missing app/components/ZaeliFAB.tsx"}},
		{"deleted in a session of the work", "Legacy files (e.g. `app/landing.tsx` deleted Session 25, some old helpers) still read the old variables.", nil},
		{"twin: a session that edited it", "Legacy files (e.g. `app/landing.tsx` edited Session 25, some old helpers) still read the old variables.", []string{"evidence_file_missing app/landing.tsx"}},
	})
}
