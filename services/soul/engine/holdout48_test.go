package engine_test

import (
	"testing"
)

// TestFortyEighthHoldoutClasses: the forty-eighth holdout's false drift, each beside a twin that must
// stay as it was.
func TestFortyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/kernel/types.ts", "export type T = string\n")
	g.write("exchanges/a/mod.rs", "pub mod ffi;\n")
	g.gone("2026-05-01T10:00:00Z", "2026-06-01T10:00:00Z", "docs/planning/frameworks.md", "content/old/a.md", "web/proxy.ts", "examples/golden/empty_window.py", "src/a_ffi.rs", "src/a_trading.rs", "examples/demo.ts", "src/lib/api.js")
	g.write("src/lib/api.ts", "export {}\n")
	g.commit("2026-06-02T10:00:00Z", "api in TypeScript")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// PyFlow: "until DATE" told as history
		{"a date until which something was so", "`src/kernel/types.ts` was hand-maintained until 2026-05-21, and the open question was answered then.", nil},
		{"a date a past clause ends, then what happened", "The split in `src/kernel/types.ts` stayed undocumented until 2026-05-15, when the first real test gave it a precedent.", nil},
		{"twin: a date the claim holds until", "The layout in `src/kernel/types.ts` holds until 2026-05-21.", []string{"expired "}},
		// online-notepad and ccg-workflow: a changelog's dated entries
		{"a changelog entry", "## 变更记录 (Changelog)\n\n### 2025-09-21\n\n- 建立 `content/old/` 目录结构\n", nil},
		{"twin: a section about writing the changelog", "## Changelog snippets\n\n- The snippets go in `content/old/`.\n", []string{"evidence_file_missing content/old/"}},
		{"twin: the same entry in a layout section", "## Layout\n\n- 建立 `content/old/` 目录结构\n", []string{"evidence_file_missing content/old/"}},
		// agent-quickstart-python: one of several things not to bring back
		{"not to reintroduce one of several things", "- Do not reintroduce Next Route Handlers or `web/proxy.ts` for token logic.", nil},
		{"twin: kept", "- Keep the Next Route Handlers and `web/proxy.ts` for token logic.", []string{"evidence_file_missing web/proxy.ts"}},
		// PyFlow: what a directory used to hold
		{"what a directory used to hold", "This directory used to hold `examples/golden/empty_window.py`, a script that opened a window.", nil},
		{"twin: what it holds", "This directory holds `examples/golden/empty_window.py`, a script that opens a window.", []string{"evidence_file_missing examples/golden/empty_window.py"}},
		// aleph-tx: names the sentence says were moved away; the destination is still checked
		{"files moved away", "`src/a_ffi.rs` and `src/a_trading.rs` have been moved to `exchanges/a/`.", nil},
		{"twin: moved to a place that is not there", "`src/a_ffi.rs` and `src/a_trading.rs` have been moved to `exchanges/b/`.", []string{"unverified unanchored exchanges/b/"}},
		// RecuRun: a list after "deleted files (do not recreate):"
		{"a Chinese lead-in over deleted files", "**已删除的文件**（不要重新创建）:\n- ❌ `examples/` - 示例已在 README 中\n", nil},
		{"twin: a lead-in over kept files", "**保留的文件**:\n- `examples/` - 示例\n", []string{"evidence_file_missing examples/"}},
	})

	runDriftCases(t, repo, "packaging/AGENTS.md", []driftCase{
		// space-agent: files a step writes, named after their kind, a list longer than one window
		{"files a step rewrites", "During publish, `src/kernel/types.ts` is kept and the stage step rewrites the updater metadata files `metadata-latest-windows.yml`, `metadata-latest-mac.yml`, `metadata-latest-linux.yml`, and `metadata-latest-linux-arm64.yml` for the feed.", nil},
		{"twin: files the feed reads", "The feed reads `metadata-latest-windows.yml` from `src/kernel/`.", []string{"unverified unanchored metadata-latest-windows.yml"}},
		// space-agent: places an install makes exist
		{"places a step ensures exist", "Installs always ensure `widgets/`, `data/`, and `assets/` exist after extraction.", nil},
		{"twin: places said to be here", "The repository keeps `widgets/`, `data/`, and `assets/` at the root.", []string{"unverified unanchored widgets/"}},
		// svMCP: a place beside an installed program
		{"a place next to a program", "| TS2021 | named pipes | `bridge/` next to TeklaMcpServer |", nil},
		{"twin: a place next to a directory here", "| TS2021 | named pipes | `bridge/` next to `src/kernel/` |", []string{"unverified unanchored bridge/"}},
	})

	// ARI: TypeScript's ES modules import a source by its compiled name
	runDriftCases(t, repo, "src/CLAUDE.md", []driftCase{
		{"a compiled name of a TypeScript source", "Shared types come from `kernel/types.js` (import with the `.js` ending).", nil},
		{"twin: a compiled name with no source", "Shared types come from `kernel/shapes.js` (import with the `.js` ending).", []string{"unverified unanchored kernel/shapes.js"}},
		{"twin: an important compiled name", "It is important to read `kernel/types.js` first.", []string{"evidence_file_missing kernel/types.js"}},
		{"twin: a compiled name where the sentence imports nothing", "The compiled rules come from `kernel/types.js`.", []string{"evidence_file_missing kernel/types.js"}},
		{"twin: a JavaScript file converted to TypeScript", "The client lives in `lib/api.js`.", []string{"evidence_file_missing lib/api.js"}},
	})
}
