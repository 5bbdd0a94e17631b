package engine_test

import (
	"testing"
)

// TestSeventySeventhHoldoutClasses: the false rows of the seventy-seventh holdout, each beside a twin
// that stays drift.
func TestSeventySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/prompt-builder.ts", "export const TIER2 = ''\nexport const TIER3 = ''\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "clients/components/DocumentManager.tsx")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "apps/daemons/CLAUDE.md", []driftCase{
		{"numbers of labels read as no count", "## Notes\n\n- **Split Tier 2 / Tier 3 prompts**: `src/prompt-builder.ts` defines both.\n- **Tier 2 prompt fix**: only the Tier 2 prompt changed.", nil},
		{"the ends of a transition read as no count", "## Flow\n\n1. Client opens SSE → 0→1 transition fires the callback in `src/prompt-builder.ts`.\n2. Last client disconnects → 1→0 transition clears the state.", nil},
		{"twin: one count stated two ways", "## Notes\n\n- `src/prompt-builder.ts` defines 3 prompts.\n- `src/prompt-builder.ts` defines 2 prompts.", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
	runDriftCases(t, repo, "apps/web/CLAUDE.md", []driftCase{
		{"a dash and a Spanish verb of removal", "- `clients/components/DocumentManager.tsx` — **eliminado** en 011-US3 (los documentos viven ahora por puesto).", nil},
		{"twin: a dash and a Spanish verb of use", "- `clients/components/DocumentManager.tsx` — **usado** en 011-US3 (los documentos viven ahora por puesto).", []string{"evidence_file_missing clients/components/DocumentManager.tsx"}},
	})
}
