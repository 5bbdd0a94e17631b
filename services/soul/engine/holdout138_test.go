package engine_test

import "testing"

// TestHundredThirtyEighthHoldoutClasses: the false rows of the hundred-and-thirty-eighth holdout that
// were fixed, each beside a twin that stays drift.
func TestHundredThirtyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("ctx/contracts/v1/public.ts", "export {}\n")
	g.write("src/runner.ts", "export {}\n")
	g.write("src/app/page.tsx", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "results/a.json", "presentation/x.ts", "src/app/actions.ts",
		"config/collections/ansible_collections/lab/config/a.yml", "src/components/shared/a.tsx", "Makefile", "contracts/vN/x.ts", "old/v2/public.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "ctx/AGENTS.md", []driftCase{
		// www.a-i.tw: a module's contracts under any version (30 rows)
		{"a version placeholder in a path", "Cross-Context calls require the provider's `contracts/vN/public.ts`.", nil},
		{"twin: a version written out", "Cross-Context calls require the provider's `old/v2/public.ts`.", []string{"evidence_file_missing old/v2/public.ts"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// www.a-i.tw
		{"a file a rule forbids", "- Recursively forbid every underscore-prefixed private folder (`_folder/`) and `actions.ts` anywhere under `src/app/**`.", nil},
		{"twin: the place a forbidding rule reaches into", "- Recursively forbid `actions.ts` anywhere under `presentation/**`.", []string{"evidence_file_missing presentation/**"}},
		{"a glob a rule calls forbidden", "- `presentation/**` is forbidden. Framework UI belongs to an owning Context.", nil},
		{"twin: a glob a rule calls the place", "- `presentation/**` holds the framework UI.", []string{"evidence_file_missing presentation/**"}},
		// homelab
		{"a place the sentence makes conditional", "When present, collection content lives under `config/collections/ansible_collections/lab/config/` and follows the collection layout.", nil},
		{"twin: the same place asserted", "Collection content lives under `config/collections/ansible_collections/lab/config/` and follows the collection layout.", []string{"evidence_file_missing config/collections/ansible_collections/lab/config/"}},
		// coding-agent-benchmark
		{"a directory results are saved to", "Results are saved as JSON to `./results/`", nil},
		{"an output directory's row", "| Path | Use |\n|---|---|\n| `results/` | Output directory for benchmark results (JSON) |", nil},
		{"twin: a directory results are read from", "Results are read as JSON from `./results/`", []string{"evidence_file_missing ./results/"}},
		// villas-mayen
		{"a directory still empty, to fill", "| Add a shared UI component | `src/components/shared/` (currently empty — create here) |", nil},
		{"twin: a directory said to hold the components", "| Add a shared UI component | `src/components/shared/` (the shared components) |", []string{"evidence_file_missing src/components/shared/"}},
		// sar_nano_swarm
		{"a command the sentence says is not used", "Verified working: SITL build (`sitl_make/build`, native cmake — **not** `make defconfig`/ARM kbuild).", nil},
		{"twin: the command used", "Verified working: SITL build (native cmake, then `make defconfig`).", []string{"evidence_file_missing make defconfig"}},
	})
}
