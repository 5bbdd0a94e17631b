package engine_test

import (
	"testing"
)

// TestSeventyFirstHoldoutClasses: the false rows of the seventy-first holdout, each beside a twin that
// stays drift.
func TestSeventyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/app.css", "a{}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/tooltips.css", "src/settings.css", "src/popovers.css", "specs/reader.md", "docs/uiux/a.md")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"names a lead-in lists as removed", "- Removed partials that must not come back: ui-kit's `src/tooltips.css`, and workbench's `src/settings.css` and\n  `src/popovers.css`. Their rules now live in the components.", nil},
		{"twin: the same names after a lead-in of what is kept", "- Partials that stay: ui-kit's `src/tooltips.css`, and workbench's `src/settings.css`.", []string{"evidence_file_missing src/tooltips.css", "evidence_file_missing src/settings.css"}},
		{"twin: a name after the removed list's sentence closed", "- Removed partials that must not come back: `src/tooltips.css`. Styles live in `src/popovers.css`.", []string{"evidence_file_missing src/popovers.css"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"places Chinese gives to the old repository", "- 旧仓库 `specs/`、`docs/uiux/`、临时 tracker 不作为新仓库事实来源。", nil},
		{"twin: the same places named as this repository's", "- 规格在 `specs/`，设计稿在 `docs/uiux/`。", []string{"evidence_file_missing specs/", "evidence_file_missing docs/uiux/"}},
	})
}
