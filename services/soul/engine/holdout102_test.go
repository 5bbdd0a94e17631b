package engine_test

import "testing"

// TestHundredSecondHoldoutClasses: the false rows of the hundred-and-second holdout, each beside a twin
// that stays drift.
func TestHundredSecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("apps/admin/src/app/page.tsx", "export {}\n")
	g.write("apps/web/src/app.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// endings joined by "/"
		{"endings joined by a slash", "| 15 | the DS kit ships .jsx/.d.ts DESIGN REFERENCES, not source |", nil},
		{"twin: a dot directory and a file", "| 15 | the DS kit ships .design/tokens.json REFERENCES, not source |", []string{"unverified unanchored .design/tokens.json"}},
		// a table under a heading that calls its layout proposed
		{"a proposed directory map", "## Directory Map (proposto)\n\n| Dir | What |\n|---|---|\n| `catalog/` | catalog |\n| `serving/` | serving |", []string{"unverified unanchored catalog/", "unverified unanchored serving/"}},
		{"twin: a directory map", "## Directory Map\n\n| Dir | What |\n|---|---|\n| `catalog/` | catalog |", []string{"unanchored catalog/"}},
	})
	runDriftCases(t, repo, "apps/admin/CLAUDE.md", []driftCase{
		// a tree under a heading that calls it expected, whose entries have near twins here
		{"an expected tree", "## Структура директорий (ожидаемая)\n\n```\nsrc/\n├── app/\n│   ├── page.tsx          # Dashboard\n│   ├── courses/\n│   │   └── new/page.tsx  # New course\n```", []string{"unverified unanchored src/app/courses/"}},
		{"twin: the tree as built", "## Структура директорий\n\n```\nsrc/\n├── app/\n│   ├── page.tsx          # Dashboard\n│   ├── courses/\n│   │   └── new/page.tsx  # New course\n```", []string{"evidence_file_missing src/app/courses/"}},
	})
}
