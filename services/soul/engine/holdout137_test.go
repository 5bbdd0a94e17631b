package engine_test

import "testing"

// TestHundredThirtySeventhHoldoutClasses: the false rows of the hundred-and-thirty-seventh holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredThirtySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/components/AGENTS.md", "x\n")
	g.write("src/components/Button.vue", "x\n")
	g.write("package.json", `{"scripts": {"dev": "vite", "build:mp-weixin": "uni build -p mp-weixin"}}`+"\n")
	g.write("vite.config.ts", "UniComponents({ dirs: ['src/components', 'src/layout'] }),\nAutoImport({ dirs: ['src/hooks/**', 'src/stores/**'] }),\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "src/layout/Main.vue", "src/hooks/useA.ts", "src/widgets/W.vue", "src/views/Home.vue", "src/ui/AGENTS.md")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// craft-ui: a parent link written as the author's own path, whose folder "[01] Projects" holds a space
		{"the rest of a path on the author's machine", "> L2 | 父级: /Users/henry/PARA/[01] Projects/Vibe/Craft/src/components/AGENTS.md", nil},
		{"a Windows path on the author's machine", `> L2 | parent: C:\Users\henry\My Projects/Craft/src/components/AGENTS.md`, nil},
		{"twin: a path after the machine path's clause ended", "> parent: /Users/henry/PARA/Craft/src/components/AGENTS.md; see also src/ui/AGENTS.md", []string{"evidence_file_missing src/ui/AGENTS.md"}},
		// Uniapp-Template-Cli
		{"Chinese: commands the sentence calls nonexistent", "不要使用不存在的命令，例如 `pnpm dev:mp`、`pnpm build:mp`、`pnpm build:app`。", nil},
		{"commands the sentence calls nonexistent", "Do not use nonexistent commands such as `pnpm build:mp` or `pnpm build:app`.", nil},
		{"twin: a command to run", "构建小程序：`pnpm build:mp`。", []string{"unverified evidence_changed pnpm build:mp"}},
		{"Chinese: a directory a tool scans, as its configuration says", "组件自动导入: `@uni-helper/vite-plugin-uni-components` 扫描 `src/components` 和 `src/layout`", nil},
		{"Chinese: a glob auto-import covers, as its configuration says", "自动导入覆盖 Vue、Pinia、`src/stores/**`、`src/hooks/**`。", nil},
		{"a directory a plugin scans, as its configuration says", "The components plugin scans `src/components` and `src/layout`.", nil},
		{"twin: a scanned directory the configuration does not name", "The components plugin scans `src/components` and `src/widgets`.", []string{"evidence_file_missing src/widgets"}},
		{"twin: the configured directory said to hold files", "Layouts live in `src/layout`.", []string{"evidence_file_missing src/layout"}},
	})
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"Chinese: a table cell that reserves the directory", "| 目录 | 说明 |\n|---|---|\n| `views/` | 预留页面视图目录。 |", nil},
		{"a table cell that reserves the directory", "| Dir | Use |\n|---|---|\n| `views/` | Reserved for future page views. |", nil},
		{"twin: a table cell that describes the directory", "| 目录 | 说明 |\n|---|---|\n| `views/` | 页面视图目录。 |", []string{"evidence_file_missing views/"}},
	})
}
