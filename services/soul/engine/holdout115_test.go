package engine_test

import "testing"

// TestHundredFifteenthHoldoutClasses: the false rows of the hundred-and-fifteenth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredFifteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("tools/scripts/fix_data.js", "export {}\n")
	g.write("src/components/ui/card.jsx", "export {}\n")
	g.write("src/components/ui/kumo.jsx", "export {}\n")
	g.write("CONTRIBUTING.md", "# contributing\n")
	g.commit("2026-02-20T10:00:00Z", "app")
	g.remove("src/components/ui/card.jsx")
	g.remove("CONTRIBUTING.md")
	g.commit("2026-02-28T17:03:38Z", "drop unused shadcn components")
	repo := g.open(t)
	table := func(header string) string {
		return "The following directories were moved:\n\n| " + header + " | New Path |\n|---|---|\n| `_scripts/fix_data.js` | `tools/scripts/fix_data.js` |"
	}
	runDriftCases(t, repo, "GEMINI.md", []driftCase{
		{"the old column of a move table", table("Old Path"), nil},
		{"twin: a column of paths kept", table("Script"), []string{"unanchored _scripts/fix_data.js"}},
	})
	changelog := "变更日志\n2026-02-18: 新增 `kumo.jsx` 聚合导出层。\n2026-03-01: 删除零调用方的 `card.jsx`，卸载 `@radix-ui/react-label`。"
	runDriftCases(t, repo, "src/components/ui/CLAUDE.md", []driftCase{
		{"a dated line of a changelog paragraph", changelog, nil},
		{"no longer kept as a separate file", "- **文档真相源收口**: 根目录不再保留独立 `CONTRIBUTING.md`；贡献约束统一看本文件。", nil},
		{"twin: still kept as a separate file", "- **文档真相源收口**: 根目录保留独立 `CONTRIBUTING.md`；贡献约束看它。", []string{"evidence_file_missing CONTRIBUTING.md"}},
		{"twin: an undated line naming it", "变更日志\n2026-02-18: 新增 `kumo.jsx` 聚合导出层。\n组件: `card.jsx` 负责卡片。", []string{"evidence_file_missing card.jsx"}},
	})
}
