package engine_test

import (
	"testing"
)

// TestSixtyEighthHoldoutClasses: the false rows of the sixty-eighth holdout, each beside a twin that
// stays drift.
func TestSixtyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/project-state/current-status.md", "# status\n")
	g.write("app/src/Chat.kt", "package app\n\nfun followDelta() {}\nfun alignBottom() {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "app/src/FusionClient.kt", "app/src/FusionActivity.kt", "docs/old-plan.md")
	g.write("app/src/Chat.kt", "package app\n")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "app/AGENTS.md", []driftCase{
		// wuhao2026: links into the author's own checkout on a Windows drive
		{"a link to the author's checkout, read from its root", "- 状态见 [current-status.md](D:/wuhao/docs/project-state/current-status.md)", nil},
		{"a link to the author's checkout naming this document's directory", "- 主规则以根 [AGENTS.md](D:/wuhao/app/AGENTS.md) 为准。", nil},
		{"a link to the author's machine outside any checkout", "- 日志在 [trace.log](C:/Users/me/AppData/trace.log)", nil},
		{"twin: a relative link to a gone document", "- 计划见 [old-plan.md](../docs/old-plan.md)", []string{"evidence_file_missing ../docs/old-plan.md"}},
		// wuhao2026: Chinese removal wording
		{"a list Chinese says was all deleted", "- Android 不再集成融合认证 SDK；`src/FusionClient.kt`、`src/FusionActivity.kt`、融合 ProGuard 规则均已删除。", nil},
		{"twin: the same files named as current", "- 融合认证在 `src/FusionClient.kt` 和 `src/FusionActivity.kt` 里。", []string{"evidence_file_missing src/FusionClient.kt", "evidence_file_missing src/FusionActivity.kt"}},
		{"functions Chinese says may no longer be called or run", "- `app/src/` 主链下不允许再调用 `followDelta(...)`；pending finalize 不再运行 `alignBottom(...)`。", nil},
		{"twin: a removed function named as called", "- `app/src/` 主链下每帧调用 `followDelta(...)` 追随高度。", []string{"symbol_removed followDelta()"}},
	})
	// attack: a soul (SOUL-INV-1) cannot hide a removed document behind a path on the author's machine
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's machine-path link to a gone document keeps its drift", "- The plan is [old-plan.md](D:/me/repo/docs/old-plan.md).", []string{"unanchored D:/me/repo/docs/old-plan.md"}},
		{"a soul's machine-path link to a document here", "- Status is [current-status.md](D:/me/repo/docs/project-state/current-status.md).", nil},
	})
}
