package engine_test

import (
	"testing"
)

// TestSeventiethHoldoutClasses: the false rows of the seventieth holdout, each beside a twin that stays
// drift.
func TestSeventiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("claude.md", "# notes\n")
	g.write("src/App.jsx", "export default 1\n")
	g.write("roadmap/planned/search.md", "# search\n")
	g.write("apps/docs/src/generated/routes.ts", "export {}\n")
	g.write("roadmap/completed/login.md", "# login\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/OldApp.jsx")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "claude.md", []driftCase{
		{"the document naming itself in another case", "```\n.\n├── CLAUDE.md  # This file\n└── src/\n    └── App.jsx\n```", nil},
		{"twin: a gone file in the same tree", "```\n.\n├── CLAUDE.md  # This file\n└── src/\n    └── OldApp.jsx\n```", []string{"evidence_file_missing src/OldApp.jsx"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"an empty stage of a lifecycle drawn with arrows", "- **`roadmap/`** — one file per feature, status by directory (`roadmap/planned/` → `roadmap/in-progress/` → `roadmap/completed/`).", nil},
		{"an empty stage of a lifecycle listed with between", "- A roadmap file moves between `roadmap/planned/`, `roadmap/in-progress/`, and `roadmap/completed/` as the branch progresses.", nil},
		{"twin: a lifecycle none of whose stages is there", "- status by directory (`roadmap/todo/` → `roadmap/doing/` → `roadmap/done/`).", []string{"unverified unanchored roadmap/todo/"}},
		{"twin: the empty stage named alone", "- Work in flight lives in `roadmap/in-progress/`.", []string{"unverified unanchored roadmap/in-progress/"}},
	})
	runDriftCases(t, repo, "apps/docs/src/generated/AGENTS.md", []driftCase{
		{"a file under a heading of what the build generates", "## What Gets Generated\n\n- `routes.ts` - Built from route discovery\n- `state.ts` - App state type from the setup return value", nil},
		{"twin: the same file under a heading of the sources", "## Sources\n\n- `routes.ts` - Built from route discovery\n- `state.ts` - App state type from the setup return value", []string{"unverified unanchored state.ts"}},
	})
}
