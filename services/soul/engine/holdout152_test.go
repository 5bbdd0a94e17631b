package engine_test

import "testing"

// TestHundredFiftySecondHoldoutClasses: the false rows of the hundred-and-fifty-second holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFiftySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/managers/state.ts", "export {}\n")
	g.write("src/helpers/state-store.ts", "export {}\n")
	g.write("bin/sidecar.mjs", "export {}\n")
	g.write("SETUP.md", "# setup\n")
	g.write("prisma/schema.prisma", "model Account {\n  id Int @id\n}\n\nmodel StockMovement {\n  id Int @id\n}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.gone("2026-05-03T10:00:00Z", "2026-05-04T10:00:00Z", "src/helpers/dwm-theme.ts", "src/managers/tray.ts", "bin/launcher.mjs",
		"bin/dsh-hub.mjs", "bin/lock.mjs", "src/desktop.ts", "src/tauri-shell.ts", "prisma/ledger/a.sql")
	repo := g.open(t)

	// deepseek-harness-hub: Chinese "deleted" in a table's cell, after a family's name, in its short form,
	// and the places a refactor moved code in from
	runDriftCases(t, repo, "src/helpers/AGENTS.md", []driftCase{
		{"Chinese: a cell that opens with deleted", "| 文件 | 类 | 作用 | 状态 |\n|---|---|---|---|\n| `dwm-theme.ts` | **Helper** | 设置标题栏主题 | **已删除**（WebView2 壳，dev-v2 Tauri-only） |", nil},
		{"Chinese: a cell whose parenthesis opens with deleted", "| 文件 | 类 | 作用 |\n|---|---|---|\n| `dwm-theme.ts` | **Helper** | 标题栏主题（**已删除**：WebView2 壳） |", nil},
		{"twin: Chinese, a cell that mentions a deletion", "| 文件 | 类 | 作用 |\n|---|---|---|\n| `dwm-theme.ts` | **Helper** | 设置标题栏主题，旧代码已删除后保留 |", []string{"evidence_file_missing dwm-theme.ts"}},
	})
	runDriftCases(t, repo, "bin/AGENTS.md", []driftCase{
		{"Chinese: a family deleted, its names in parentheses", "**WebView2 时代 launcher 家族已删除**（`launcher.mjs` / `dsh-hub.mjs` / `lock.mjs`）。其职责已由 `sidecar.mjs` 承担。", nil},
		{"twin: Chinese, a family kept", "**WebView2 时代 launcher 家族**（`launcher.mjs` / `dsh-hub.mjs`）。其职责由 `sidecar.mjs` 承担。", []string{"evidence_file_missing launcher.mjs", "evidence_file_missing dsh-hub.mjs"}},
		{"Chinese: the short form of deleted", "不再依赖 npm launcher 的 PID 锁（`lock.mjs` 已删）。", nil},
		{"twin: Chinese, a lock", "依赖 npm launcher 的 PID 锁（`lock.mjs`）。", []string{"evidence_file_missing lock.mjs"}},
	})
	// Thai-acc: a Prisma model named by its client accessor; realm-engine-client: a place never committed
	runDriftCases(t, repo, "src/components/accounts/AGENTS.md", []driftCase{
		{"a Prisma model by its accessor", "### Internal\n\n- `/api/accounts` - CRUD operations\n- `prisma/account` - Database model", nil},
		{"a Prisma model by its camel-case accessor", "### Internal\n\n- `prisma/stockMovement` - Movement tracking", nil},
		{"twin: a name no model has", "### Internal\n\n- `/api/accounts` - CRUD operations\n- `prisma/ledger` - Database model", []string{"evidence_file_missing prisma/ledger"}},
		{"a place not committed", "- `game/generated/` — Il2CppInspectorPro output for the current\n  build. **Not committed** — regenerate with the steps in `SETUP.md`.", nil},
		{"twin: a place committed", "- `game/generated/` — Il2CppInspectorPro output for the current build. **Committed** — regenerate with the steps in `SETUP.md`.", []string{"unanchored game/generated/"}},
	})
	runDriftCases(t, repo, "src/managers/AGENTS.md", []driftCase{
		{"Chinese: places a refactor moved code in from", "本目录是 Manager 层。2026-08-18 重构由 `src/desktop.ts`、`src/tauri-shell.ts` 迁入。", nil},
		{"twin: Chinese, places the code calls", "本目录是 Manager 层。它调用 `src/desktop.ts`、`src/tauri-shell.ts`。", []string{"evidence_file_missing src/desktop.ts", "evidence_file_missing src/tauri-shell.ts"}},
	})
}
