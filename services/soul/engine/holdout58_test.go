package engine_test

import (
	"strings"
	"testing"
)

// TestFiftyEighthHoldoutClasses: the false rows of the fifty-eighth holdout, each beside a twin that
// stays drift.
func TestFiftyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("tools/check_budget.py", strings.Repeat("# line\n", 150))
	g.write("scripts/z_generate_manuscript_variables.py", "print('gen')\n")
	g.write("CHANGELOG.md", "# Changelog\n\n## 3.11.1 - 2026-08-19\n\n- fixes\n\n## 3.7.0 — 2026-06-09\n\n- ID-first design\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "src/ai/runners/run.ts", "src/ai/graphs/graph.ts", "packages/core-logic/lib.rs")
	g.commit("2026-05-03T10:00:00Z", "release")
	for _, tag := range []string{"v3.1.0", "v3.1.1", "v3.1.2", "v3.1.3", "v3.11.0", "v3.11.1"} {
		g.git("tag", tag)
	}
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a line budget a script warns on", "```sh\npython3 tools/check_budget.py  # 600 LOC warn report (also runs in CI)\n```", nil},
		{"a line budget nothing exceeds", "- The baseline of `tools/check_budget.py` stays empty when nothing exceeds 600 LOC.", nil},
		{"twin: the script's own size", "- `tools/check_budget.py` (600 LOC) warns on large modules.", []string{"size_drift tools/check_budget.py"}},
		{"names a note says were deleted", "- Note: `src/ai/runners/` and `src/ai/graphs/` DELETED — logic absorbed by the provider.", nil},
		{"twin: names a note says hold the logic", "- Note: `src/ai/runners/` and `src/ai/graphs/` hold the logic.", []string{"evidence_file_missing src/ai/runners/", "evidence_file_missing src/ai/graphs/"}},
		{"a planned list", "Key components (as planned):\n\n- `packages/client-tauri/`: Tauri client application\n- `packages/core-logic/`: Shared Rust logic", []string{"unverified unanchored packages/client-tauri/", "evidence_file_missing packages/core-logic/"}},
		{"twin: a list of what is there", "Key components:\n\n- `packages/client-tauri/`: Tauri client application\n- `packages/core-logic/`: Shared Rust logic", []string{"unanchored packages/client-tauri/", "evidence_file_missing packages/core-logic/"}},
		{"a release the changelog records without a tag", "- Shipped the ID-first design in v3.7.0.", nil},
		{"twin: a release nothing records", "- Shipped the ID-first design in v3.8.0.", []string{"version_not_tagged v3.8.0"}},
	})
	runDriftCases(t, repo, "scripts/AGENTS.md", []driftCase{
		{"a path run from the parent template", "- Run `uv run python scripts/z_generate_manuscript_variables.py` from this project root, or `uv run python projects/working/cogant/scripts/z_generate_manuscript_variables.py` from the parent template root after linking.", nil},
		{"twin: the path run from here", "- Run `uv run python scripts/z_generate_manuscript_variables.py` from this project root, or `uv run python projects/working/cogant/scripts/z_generate_manuscript_variables.py` from the tools root after linking.", []string{"evidence_file_missing projects/working/cogant/scripts/z_generate_manuscript_variables.py"}},
	})
}
