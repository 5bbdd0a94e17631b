package engine_test

import (
	"strings"
	"testing"
)

// TestEightySecondHoldoutClasses: the false rows of the eighty-second holdout, each beside a twin that
// stays drift.
func TestEightySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("crates/core/migrations/0001_accounts.sql", "create table a();\n")
	g.write("crates/core/migrations/0002_state.sql", "create table s();\n")
	g.write("src/packstream/mod.rs", strings.Repeat("// line\n", 670))
	g.write("src/providers/web_search.ts", "export const PROVIDERS = [];\n")
	g.write("src/providers/fetch.ts", "export const PROVIDERS = [];\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z",
		"src/agents/code-agent.ts", "src/agents/subagent.ts", "src/agents/brave-tools.ts",
		"packages/display/jest.config.cjs", "packages/display/jest.config.snapshots.cjs",
		"src/graph_join_inference.rs", "src/loader.ts")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a forbidden name under an adjective that says it is gone
		{"deprecated modules never to reintroduce", "- **NEVER** reintroduce the deprecated `src/agents/code-agent.ts` / `src/agents/subagent.ts` /\n  `src/agents/brave-tools.ts` modules; the port removed them.", nil},
		{"twin: deprecated modules to keep", "- Keep the deprecated `src/agents/code-agent.ts` module for the old clients.", []string{"evidence_file_missing src/agents/code-agent.ts"}},
		// what a replacement replaced, listed in its parenthesis
		{"the old setup a replacement replaced", "This is the direct replacement for the old two-jest-config\n  setup (`packages/display/jest.config.cjs` + `packages/display/jest.config.snapshots.cjs`, which filtered `gsap`) — one run covers both.", nil},
		{"twin: the old thing said to stay", "This is the replacement for the old loader (`src/loader.ts` stays as a shim).", []string{"evidence_file_missing src/loader.ts"}},
		{"twin: an old setup with no replacement", "The old two-jest-config setup (`packages/display/jest.config.cjs`) runs the snapshots.", []string{"evidence_file_missing packages/display/jest.config.cjs"}},
		// a sentence about how things were
		{"how things were", "Previously, schema detection logic was scattered across ~4800 lines in `src/graph_join_inference.rs`.", nil},
		{"twin: how things are", "Schema detection logic is scattered across ~4800 lines in `src/graph_join_inference.rs`.", []string{"evidence_file_missing src/graph_join_inference.rs"}},
		// N standing for a digit in a pattern
		{"a pattern's digit slot", "- Numbered migrations live at `crates/core/migrations/000N_*.sql`.", nil},
		{"twin: a pattern nothing fits", "- Numbered migrations live at `crates/core/migrations/000N_*.psql`.", []string{"unverified evidence_file_missing crates/core/migrations/000N_*.psql"}},
		// a file's tests sized, not the file
		{"the tests in a file", "- Tests are extensive (~200 lines in `src/packstream/mod.rs`)", nil},
		{"twin: the file itself", "- The module is extensive (~200 lines in `src/packstream/mod.rs`)", []string{"size_drift src/packstream/mod.rs"}},
	})
	runDriftCases(t, repo, "src/providers/AGENTS.md", []driftCase{
		// each item counts what its label names
		{"two labelled items' counts", "## Files\n\n- **`web_search.ts`** — `UnifiedWebSearchProvider`. `PROVIDERS` array imports every leaf in `../search/` (10 entries: `tavily`, `brave`). Constructor filters by key.\n- **`fetch.ts`** — `UnifiedFetchProvider`. `PROVIDERS` array has 28 entries — the largest of the three.", nil},
		{"twin: one label's two counts", "## Files\n\n- **`fetch.ts`** — `UnifiedWebSearchProvider`. `PROVIDERS` array imports every leaf in `../search/` (10 entries: `tavily`, `brave`). Constructor filters by key.\n- **`fetch.ts`** — `UnifiedFetchProvider`. `PROVIDERS` array has 28 entries — the largest of the three.", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
}

// TestEightySecondHoldoutRelatedRepoPR: a pull request of a repository related to this one ("meta PR
// #110") is not looked for in this one's history; the same number merged here is.
func TestEightySecondHoldoutRelatedRepoPR(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.commit("2026-05-03T10:00:00Z", "Merge pull request #107 from x/y")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the meta repository's pull request", "**Status.** The meta-root cleanup is already done\n(meta PR #110; ~1.7G of dev-host state relocated to the archives;\nsingle owner confirmed).", nil},
		{"the upstream pull request", "- The fix landed in the upstream PR #110.", nil},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: this repository's pull request", "- The fix landed in PR #110.", []string{"ref_missing #110"}},
	})
}
