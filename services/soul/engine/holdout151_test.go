package engine_test

import "testing"

// TestHundredFiftyFirstHoldoutClasses: the false rows of the hundred-and-fifty-first holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/x\n\ngo 1.24.0\n")
	g.write("src/lifecycle/apply.rs", "fn apply() {}\n")
	g.write("api/index.ts", "export {}\n")
	g.write("src/app.ts", "export {}\n")
	g.write("src/lifecycle/engine.rs", "fn a() {}\nfn b() {}\n")
	g.write("src/handlers/prometheus-builder.ts", "export const a = 1\nexport const mode = \"primary\"\nexport {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-03T10:00:00Z", "2026-05-04T10:00:00Z", "ROADMAP.md", "REVIEW.md", "USER-PROFILE.md", "src/helpers.ts",
		"pkg/coach/markdown.go", "src/tools/a.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// evolv-coder-lite: what an agent produces, by a table's label and by its verb
		{"a table row of what an agent produces", "| | |\n|---|---|\n| **Role** | Plans the work |\n| **Produces** | `ROADMAP.md` |", nil},
		{"Japanese: what an agent produces", "| | |\n|---|---|\n| **役割** | 計画 |\n| **生成物** | `USER-PROFILE.md`、`CLAUDE.md` プロファイルセクション |", nil},
		{"twin: a table row of what an agent reads", "| | |\n|---|---|\n| **Role** | Plans the work |\n| **Reads** | `ROADMAP.md` |", []string{"evidence_file_missing ROADMAP.md"}},
		{"a file produced, with an adjective", "**Role:** Reviews source files; produces a structured `REVIEW.md` with severity-classified findings.\n\nTreats `REVIEW.md` suggestions as guidance.", nil},
		{"twin: a file read", "**Role:** Reviews source files; reads a structured `REVIEW.md` with severity-classified findings.", []string{"evidence_file_missing REVIEW.md"}},
		// oh-my-openagent: catch-all files banned
		{"files a parenthesis bans", "**Module structure:** `index.ts` barrel exports, **no catch-all files** (`utils.ts`, `src/helpers.ts`, `service.ts` banned), 200 LOC soft limit per file.", nil},
		{"files never to create", "Never create catch-all files (`utils.ts`, `src/helpers.ts`, `service.ts`).", nil},
		{"twin: files a parenthesis lists", "**Module structure:** `index.ts` barrel exports (`utils.ts`, `src/helpers.ts`, `service.ts` kept), 200 LOC soft limit per file.", []string{"evidence_file_missing src/helpers.ts"}},
		// whey-price-compare: the previous version
		{"the previous version", "**Previous**: Go 1.21.13", nil},
		{"twin: the current version", "**Current**: Go 1.21+", []string{"evidence_changed Go 1.21+"}},
		// recall: what the grammar used to be
		{"what something used to be, in parentheses", "The note grammar used to be a second such pair (`pkg/coach/markdown.go` and its TypeScript twin).", nil},
		{"twin: what something is", "The note grammar is a second such pair (`pkg/coach/markdown.go` and its TypeScript twin).", []string{"evidence_file_missing pkg/coach/markdown.go"}},
		// CortexBridge: a place to be extracted one day
		{"a place until it is extracted", "Tool logic is duplicated between them — keep them in sync until a shared `src/tools/` layer is extracted.", nil},
		{"twin: a place it lives in", "Tool logic is shared between them — keep it in the shared `src/tools/` layer.", []string{"evidence_file_missing src/tools/"}},
		// task-mgr-framework: the original site of code since moved
		{"an original site", "It auto-claims before dispatching. Original site:\n`src/lifecycle/engine.rs:4724` (now folded into `src/lifecycle/apply.rs`).", nil},
		{"twin: the site", "It auto-claims before dispatching. Site:\n`src/lifecycle/engine.rs:4724` (beside `src/lifecycle/apply.rs`).", []string{"evidence_changed src/lifecycle/engine.rs:4724"}},
	})

	// oh-my-openagent: a bare file name with a line, linked to the file it cites
	runDriftCases(t, repo, "src/agents/AGENTS.md", []driftCase{
		{"a cited line linked to its file", "Modes verified from [`prometheus-builder.ts:2`](../handlers/prometheus-builder.ts#L2).", nil},
		{"twin: a line the file lacks", "Modes verified from [`prometheus-builder.ts:9`](../handlers/prometheus-builder.ts#L9).", []string{"line_drift prometheus-builder.ts:9"}},
	})
}
