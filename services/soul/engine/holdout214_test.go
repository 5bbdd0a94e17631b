package engine_test

import (
	"strings"
	"testing"
)

// TestTwoHundredFourteenthHoldoutClasses: the false rows of the two-hundred-and-fourteenth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredFourteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	vue := strings.Repeat("<div/>\n", 60)
	g.write("frontend/layouts/data.vue", vue)
	g.write(".backups/20260620_redesign/frontend/layouts/data.vue", vue)
	g.write("frontend/layouts/main.vue", vue)
	g.write("admin/layouts/main.vue", vue)
	g.write("frontend/hooks/use-local-storage.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// agent-insights: a tool's snapshots of the tree beside the live file
		{"copies under a hidden folder", "Concrete: `layouts/data.vue:57` skeleton `v-if=\"isLoading\"`.", nil},
		{"twin: two live places", "Concrete: `layouts/main.vue:57` skeleton `v-if=\"isLoading\"`.", []string{"unanchored layouts/main.vue:57"}},
		// agent-insights: a commit its sentence says was not pushed
		{"a commit not pushed", "**v1.76.0** (committed `1421d518`, baked via `docker commit`, NOT pushed, rollback tag `pre-learn`).", nil},
		{"twin: a commit said pushed", "**v1.76.0** (committed `1421d518`, baked via `docker commit`, rollback tag `pre-learn`).", []string{"ref_missing 1421d518"}},
		// HolyMon-Monad, juanlou.dev: a case style's sample after a code span
		{"a case style's sample after a span", "- **Hooks**: camelCase starting with `use` (`useLocalStorage.ts`)", nil},
		{"twin: the hook named as where state lives", "- **Hooks**: state is kept by `useLocalStorage.ts`", []string{"evidence_file_missing useLocalStorage.ts"}},
	})
}
