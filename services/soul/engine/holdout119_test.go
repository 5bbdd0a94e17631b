package engine_test

import "testing"

// TestHundredNineteenthHoldoutClasses: the false rows of the hundred-and-nineteenth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredNineteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, d := range []string{"feature", "fix", "chore", "docs", "legacy"} {
		g.write(d+"/README.md", "x\n")
	}
	g.write("next.config.js", "module.exports = {}\n")
	g.write("src/components/button.tsx", "export {}\n")
	g.write("src/app/components.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	for _, d := range []string{"feature", "fix", "chore", "docs", "legacy"} {
		g.remove(d + "/README.md")
	}
	g.commit("2026-05-02T10:00:00Z", "tidy")
	g.write("next.config.ts", "export default {}\n")
	g.remove("next.config.js")
	g.commit("2026-05-03T10:00:00Z", "typescript config")
	repo := g.open(t)
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a bold branch lead-in", "**Branch naming conventions:**\n\n- `feature/` - New features\n- `fix/` - Bug fixes\n", nil},
		{"twin: a bold layout lead-in", "**Top-level folders:**\n\n- `feature/` - New features\n", []string{"evidence_file_missing feature/"}},
		{"prefixes of kinds of change", "## Git Workflow\n\n- Branch names must be lowercase.\n- Use prefixes: `feature/`, `fix/`, `chore/`, `docs/`.\n", nil},
		{"twin: prefixes that are no kinds of change", "## Git Workflow\n\n- Use prefixes: `legacy/`.\n", []string{"evidence_file_missing legacy/"}},
		{"a config file in whichever ending", "| Rule | Scope |\n|---|---|\n| Next.js quirks | `next.config.{ts,js,mjs}` |\n", nil},
		{"twin: the ending that went", "| Rule | Scope |\n|---|---|\n| Next.js quirks | `next.config.js` |\n", []string{"evidence_file_missing next.config.js"}},
	})
	runDriftCases(t, repo, "src/components/CLAUDE.md", []driftCase{
		{"a test and its subject shown side by side", "- Co-locate tests: `component.test.tsx` next to `component.tsx`.\n", nil},
		{"twin: the subject named alone", "- The base is `component.tsx`, beside `button.tsx`.\n", []string{"evidence_file_missing component.tsx"}},
	})
}
