package engine_test

import (
	"testing"
)

// TestFortyNinthHoldoutClasses: the false rows of the forty-ninth holdout, each beside a twin that
// stays drift.
func TestFortyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("web/vitest.config.ts", "export default {}\n")
	g.write("apps/web/src/components/ui/button.tsx", "export const B = 1\n")
	g.write("src/tools.js", "export const a = 1\n")
	g.write("daemon-api/works/a.json", "{}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "notes/a.md", "local-api/works/a.json", "old/gone.md")
	g.write(".gitignore", "notes/\n")
	g.commit("2026-05-03T10:00:00Z", "keep notes local")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a directory history removed and .gitignore now keeps out", "- **`notes/`** — Plain markdown files that serve as the note source.", nil},
		{"twin: a removed directory nothing keeps out", "- **`old/`** — Plain markdown files that serve as the source.", []string{"evidence_file_missing old/"}},
	})
	runDriftCases(t, repo, "apps/design-studio/AGENTS.md", []driftCase{
		{"a sibling package of the repository, in a dated claim", "| `@/components/ui/*` | `../web/src/components/ui/*` | Mirror alias for imports; transitional until promotion |", nil},
		{"twin: a sibling checkout beside the repository", "- `../../../ghost-checkout/` holds the fix for now; transitional until promotion.", []string{"expired "}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a former name a rename replaced", "The `daemon-api/` subtree is a contract surface. It was originally introduced as `local-api/` (P1 added the surface under `local-api/{works}/`) and was renamed to `daemon-api/` in V1.90.", nil},
		{"twin: the new name is still checked", "It was originally introduced as `local-api/` and was renamed to `old/`.", []string{"evidence_file_missing old/"}},
		{"former without an article", "Tokens: `old/gone.md` is the source (former `local-api/works/a.json` retired).", []string{"evidence_file_missing old/gone.md"}},
		{"a percentage is no line", "- Vitest (`web/vitest.config.ts`): coverage thresholds statements/lines 24%, functions 39%.", nil},
		{"twin: a line hint", "- Vitest (`web/vitest.config.ts`) line 24 sets the thresholds.", []string{"line_drift web/vitest.config.ts:24"}},
		{"a future row", "| `scripts/export-schema.mjs` | (Future) Java source → JSON Schema extractor |", nil},
	})
}
