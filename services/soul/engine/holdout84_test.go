package engine_test

import (
	"strings"
	"testing"
)

// TestEightyFourthHoldoutClasses: the false rows of the eighty-fourth holdout, each beside a twin that
// stays drift.
func TestEightyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"portos","scripts":{"release":"x","changelog:add":"x"}}`)
	g.write("src/metrics/deflated_sharpe.py", strings.Repeat("# line\n", 258))
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", ".changelog/next/a.md", "docs/plans/call-state-machine.md", "public/cache/x.mp3")
	g.write("package.json", `{"name":"portos","scripts":{"release":"x"}}`)
	g.write("development/implementation-plan-a-to-z.md", "# plan\n")
	g.write("development/tasks/board.md", "# board\n")
	g.write("development/c-level-recommendations/tasks.md", "# tasks\n")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// what a replacement replaced, after "an earlier"
		{"an earlier workflow replaced", "This replaced an earlier per-branch fragment workflow (`.changelog/next/*.md` + `npm run changelog:add`) entirely.", nil},
		{"twin: an earlier workflow kept", "This runs beside an earlier per-branch fragment workflow (`npm run changelog:add`).", []string{"evidence_changed npm run changelog:add"}},
		// a reference hedged "(if exists)"
		{"a page hedged if it exists", "- Call state machine: `docs/plans/call-state-machine.md` (if exists)", nil},
		{"twin: the page said to be there", "- Call state machine: `docs/plans/call-state-machine.md` (the state chart)", []string{"evidence_file_missing docs/plans/call-state-machine.md"}},
		// a link written to show the form
		{"a link to path/to", "- Use markdown links for file references: [filename.ts](path/to/filename.ts)", nil},
		{"twin: a link to a real place", "- Use markdown links for file references: [plan](docs/plans/call-state-machine.md)", []string{"evidence_file_missing docs/plans/call-state-machine.md"}},
		// a change set's size
		{"a change set's lines", "| Date | Milestone |\n|---|---|\n| 2026-04-07 | **V.0.0.3 milestone complete.** 7 endgame improvements: batch backtest fast (`step_batch_fast`, configurable `fee_rate`), Deflated Sharpe Ratio (`src/metrics/deflated_sharpe.py`), Indicators API (2 endpoints). 64 files changed, ~20K lines. 550+ new tests. |", nil},
		{"twin: the file's own lines", "| Date | Milestone |\n|---|---|\n| 2026-04-07 | Deflated Sharpe Ratio (`src/metrics/deflated_sharpe.py`), ~20K lines. |", []string{"size_drift src/metrics/deflated_sharpe.py"}},
	})
	runDriftCases(t, repo, "src/tts/AGENTS.md", []driftCase{
		// a directory under a constant the code joins at run time
		{"a constant's directory", "| `CACHE_DIR` | `PUBLIC_DIR/cache/` | Generated TTS files |", nil},
		{"twin: a real directory", "| `CACHE_DIR` | `public/cache/` | Generated TTS files |", []string{"evidence_file_missing public/cache/"}},
	})
	runDriftCases(t, repo, "development/AGENTS.md", []driftCase{
		// each table row counts what its first cell names, across the document's sections
		{"two rows' counts", "## Files\n\n| File | Description |\n|---|---|\n| `implementation-plan-a-to-z.md` | **Plan** \u2014 16 modules (A through P), 6 phases, 10 weeks |\n\n## Subdirectories\n\n| Directory | Description |\n|---|---|\n| `tasks/` | Task boards: `c-level-recommendations/` (39 tasks \u2014 5 phases: infrastructure, security) |", nil},
		{"twin: one row's two counts", "## Files\n\n| File | Description |\n|---|---|\n| `tasks/` | **Plan** \u2014 16 modules (A through P), 6 phases, 10 weeks |\n\n## Subdirectories\n\n| Directory | Description |\n|---|---|\n| `tasks/` | Task boards: `c-level-recommendations/` (39 tasks \u2014 5 phases: infrastructure, security) |", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
}
