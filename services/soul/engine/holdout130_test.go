package engine_test

import (
	"strings"
	"testing"
)

// TestHundredThirtiethHoldoutClasses: the false rows of the hundred-and-thirtieth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredThirtiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"src/utils.rs", "_deprecated/a.md", "client/old.md"} {
		g.write(f, "x\n")
	}
	g.write("crates/uc-platform/src/lib.rs", "pub mod app_dirs;\n")
	g.write("crates/uc-platform/src/app_dirs/mod.rs", "pub fn dirs() {}\n")
	g.write("crates/uc-platform/src/clipboard/windows.rs", "pub fn read() {}\n")
	g.write("src/main.ts", "export {}\n") // the app's own src/ at the top, as UniClipboard's
	g.write("client/.ruler/rendering_pipeline.md", "# pipeline\n")
	g.write("packages/storage/src/keys.ts", strings.Repeat("// header\n", 21)+strings.Repeat("export const k = 1\n", 100))
	g.commit("2026-05-01T10:00:00Z", "init")
	for _, f := range []string{"src/utils.rs", "_deprecated/a.md", "client/old.md"} {
		g.remove(f)
	}
	g.commit("2026-05-02T10:00:00Z", "tidy")
	repo := g.open(t)

	recommended := "推荐结构：\n\n```text\nuc-platform/\n  src/\n    lib.rs\n    app_dirs/\n      mod.rs\n      windows.rs\n```"
	runDriftCases(t, repo, "crates/uc-platform/AGENTS.md", []driftCase{
		{"Chinese: a recommended structure", recommended, []string{"unverified unanchored src/app_dirs/windows.rs"}},
		{"twin: the same tree as the layout", strings.Replace(recommended, "推荐结构", "当前结构", 1), []string{"evidence_file_missing src/app_dirs/windows.rs"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"Chinese: names to be wary of, for example", "例如以下命名要高度警惕：\n\n* `utils.rs`\n* `helpers.rs`", nil},
		{"twin: Chinese, the module's files", "模块文件：\n\n* `utils.rs`", []string{"evidence_file_missing utils.rs"}},
		{"a plan's deliverables", "**Deliverables:**\n- `shared/backend/yuka_ai/` - the batch's steering", []string{"unverified unanchored shared/backend/yuka_ai/"}},
		{"twin: a plan's inputs", "**Inputs:**\n- `shared/backend/yuka_ai/` - the batch's steering", []string{"unanchored shared/backend/yuka_ai/"}},
		{"Japanese: a place not to pile things in", "- 古い spec は消す。`_deprecated/` に溜めない", nil},
		{"twin: Japanese, the place to keep them", "- 古い spec は `_deprecated/` に置く", []string{"evidence_file_missing _deprecated/"}},
		{"a range of dates the work landed in", "A review pass of `packages/storage/src/keys.ts` landed 2026-03-09 through 2026-03-13.", nil},
		{"twin: a window said in the present", "The layout in `packages/storage/src/keys.ts` holds 2026-03-09 through 2026-03-13.", []string{"expired "}},
		{"a file's header counted", "[`packages/storage/src/keys.ts`](packages/storage/src/keys.ts) opens with 21 lines and earns every one.", nil},
		{"twin: the file's size", "[`packages/storage/src/keys.ts`](packages/storage/src/keys.ts) is 21 lines and earns every one.", []string{"size_drift packages/storage/src/keys.ts"}},
	})
	runDriftCases(t, repo, "client/AGENTS.md", []driftCase{
		{"a link Ruler copied from client/.ruler/", "See [the pipeline](./rendering_pipeline.md).", nil},
		{"twin: a link gone from both places", "See [the old notes](./old.md).", []string{"evidence_file_missing ./old.md"}},
	})
}
