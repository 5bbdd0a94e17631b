package engine_test

import "testing"

// TestTwoHundredFifteenthHoldoutClasses: the false rows of the two-hundred-and-fifteenth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredFifteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("web/src/routes/+page.svelte", "<h1>home</h1>\n")
	g.write("web/src/lib/server/db.ts", "export {}\n")
	g.write("web/src/routes/admin/+page.server.ts", "export const load = () => ({})\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("web/src/routes/admin/+page.server.ts")
	g.commit("2026-06-02T10:00:00Z", "drop the admin loader")
	repo := g.open(t)

	runDriftCases(t, repo, "web/AGENTS.md", []driftCase{
		// lass: SvelteKit's route files named as kinds
		{"a SvelteKit route file kind", "Server-only code goes in:\n\n- `+page.server.ts`\n- `src/lib/server/**`", nil},
		{"twin: a route file by its path", "The admin loader is `src/routes/admin/+page.server.ts`.", []string{"evidence_file_missing src/routes/admin/+page.server.ts"}},
	})
}
