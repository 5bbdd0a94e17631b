package engine_test

import "testing"

// TestHundredFortySeventhHoldoutClasses: the false rows of the hundred-and-forty-seventh holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredFortySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("tests/vitest.config.js", "export default {}\n")
	g.write("web/index.js", "export {}\n")
	g.write("tests/translator/a.test.js", "export {}\n")
	g.write("benchmarks/scenarios/a.json", "{}\n")
	g.write("src/cli.ts", "export {}\n")
	g.write("src/commands/list.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "benchmarks/results/a.json", "benchmarks/reviews/a.md", "src/__tests__/a.test.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// shipwright: places a run writes, and one kept only if present
		{"a place described as generated", "- `benchmarks/results/`: generated run outputs and summaries", nil},
		{"twin: a place described", "- `benchmarks/results/`: run outputs and summaries", []string{"evidence_file_missing benchmarks/results/"}},
		{"a place to treat as generated", "Treat `benchmarks/scenarios/` as source of truth. Treat `benchmarks/results/` as generated evidence.", nil},
		{"twin: a place to treat as evidence", "Treat `benchmarks/scenarios/` as source of truth. Treat `benchmarks/results/` as evidence.", []string{"evidence_file_missing benchmarks/results/"}},
		{"a place kept if present", "- `benchmarks/reviews/`: benchmark-specific review notes if present", nil},
		{"twin: a place kept", "- `benchmarks/reviews/`: benchmark-specific review notes", []string{"evidence_file_missing benchmarks/reviews/"}},
		// opito: the file a new command goes in
		{"a new command's file", "| Task | Location | Notes |\n|---|---|---|\n| Add new command | `src/cli.ts` → `src/commands/new-command.ts` | Register in cli.ts |", nil},
		{"twin: a named command's file", "| Task | Location | Notes |\n|---|---|---|\n| Add list command | `src/cli.ts` → `src/commands/show-command.ts` | Register in cli.ts |", []string{"unanchored src/commands/show-command.ts"}},
		// claudiomiro: "NOT in a separate" place
		{"not in a separate place", "**CRITICAL RULE**: Test files MUST be in the same directory as the source file, NOT in a separate `src/__tests__/` folder.", nil},
		{"twin: in a separate place", "**CRITICAL RULE**: Test files MUST be in a separate `src/__tests__/` folder.", []string{"evidence_file_missing src/__tests__/"}},
	})

	// 9router, 888router: "cd app" enters the author's own checkout, which no commit holds
	runDriftCases(t, repo, "tests/translator/AGENTS.md", []driftCase{
		{"a checkout's own name entered", "```bash\ncd app && npx vitest run --config tests/vitest.config.js \"tests/translator/\"\n```", nil},
		{"twin: a missing file from the checkout", "```bash\ncd app && npx vitest run --config tests/other.config.js \"tests/translator/\"\n```", []string{"unverified unanchored tests/other.config.js"}},
		{"twin: a directory here entered", "```bash\ncd web && npx vitest run --config tests/vitest.config.js \"tests/translator/\"\n```", []string{"evidence_file_missing tests/vitest.config.js"}},
	})
}
