package engine_test

import "testing"

// TestTwoHundredTwentyFourthHoldoutClasses: the false rows of the two-hundred-and-twenty-fourth holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredTwentyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/ForceGraph.tsx", "export {}\n")
	g.write("src/ChordGraph.tsx", "export {}\n")
	g.write("app/main.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// pebbledesk: paths of a repository the guide names after "monorepo at"
		{"a path of the monorepo the guide names", "Shared code lives in the polyglot monorepo at `ventora-platform`.\n\n- See `ventora-platform/docs/PUBLISHING.md` §4–5 for full consumer setup.", nil},
		{"twin: the same path, no repository named", "Shared code lives in `ventora-platform`.\n\n- See `ventora-platform/docs/PUBLISHING.md` §4–5 for full consumer setup.", []string{"unanchored ventora-platform/docs/PUBLISHING.md"}},
		// civitcs: where a migration table moves each file
		{"a migration's target", "| File | Status | Action |\n|---|---|---|\n| `src/ForceGraph.tsx` | Works well. | **MIGRATE** → `visualizations/ForceGraph.tsx` |\n| `src/ChordGraph.tsx` | Works. | **MIGRATE** → `visualizations/ChordGraph.tsx` |", nil},
		{"twin: where a table says the file is", "| File | Status | Home |\n|---|---|---|\n| `src/ForceGraph.tsx` | Works well. | now in `visualizations/ForceGraph.tsx` |\n| `src/ChordGraph.tsx` | Works. | now in `visualizations/ChordGraph.tsx` |", []string{"unverified unanchored visualizations/ForceGraph.tsx", "unverified unanchored visualizations/ChordGraph.tsx"}},
	})
}
