package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestHundredFortyFirstHoldoutClasses: the false rows of the hundred-and-forty-first holdout that were
// fixed, each beside a twin that stays a finding.
func TestHundredFortyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"dependencies": {"react": "^19.0.0", "@heroui/react": "^3.0.1"}}`+"\n")
	g.write("CLAUDE.md", strings.Repeat("line\n", 80))
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "internal/repository/cache/a.go", "app/api/user_console.py",
		"src/snooze/a.py", "app/page.tsx", "src/legacy/a.py")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// bamboo-main
		{"Chinese: a directory the sentence says was deleted", "- v1.1.2 历史（破坏性变更：缓存层迁移至 `major/cache`；`internal/repository/cache/` 目录已删除）", nil},
		{"twin: Chinese, a directory the sentence says holds the cache", "- v1.1.2：缓存层在 `internal/repository/cache/` 目录", []string{"evidence_file_missing internal/repository/cache/"}},
		// vi_ai_core_service
		{"Chinese: a naming pattern no longer kept", "2. 不再保留以 `*_console.py` 命名的正式 API 模块名。", nil},
		{"Chinese: a naming pattern no longer used", "- 不再以 `*_console.py` 作为正式 API 文件名", nil},
		{"Chinese: a naming pattern not to add", "8. 不允许新增 `*_console.py` 形式的正式 API 文件名", nil},
		{"twin: Chinese, the pattern the modules follow", "8. 正式 API 文件名为 `*_console.py` 形式", []string{"evidence_file_missing *_console.py"}},
		// snooze
		{"a table cell that says the row's directory is deleted", "| Don't | Why |\n|---|---|\n| Resurrect any code from `src/snooze/` | It's deleted — reference only via `git log`. |", nil},
		{"twin: a table cell that says what the directory holds", "| Do | Why |\n|---|---|\n| Read the code in `src/snooze/` | It's the daemon. |", []string{"evidence_file_missing src/snooze/"}},
		// brute-force-game
		{"a bare path a contrast rules out", "| Main Game Entry | `[locale]/(game)/page.tsx` | Server component, NOT app/page.tsx |", nil},
		{"twin: a bare path the row names", "| Main Game Entry | Server component in app/page.tsx |", []string{"evidence_file_missing app/page.tsx"}},
		// OneLink-Management-Console
		{"a size that is a rule's threshold", "- When any single document (`.md`, `CLAUDE.md`, PRD, spec, etc.) exceeds **600 lines**, split it into a main document and sub-documents.", nil},
		{"twin: a size said of the file", "- `CLAUDE.md` has about 600 lines.", []string{"size_drift CLAUDE.md"}},
		// aghub
		{"a library's version named with its framework", "[HeroUI React v3 Docs Index]|STOP. What you remember about HeroUI React v3 is WRONG for this project.", nil},
		{"twin: the framework's own version", "The web app runs React v18.", []string{"evidence_changed React v18"}},
	})
}

// TestMovedLineNamesTheCode: a cited line that moved is said to be where the code now names it, not the
// comment above it that names it too (round 141's work-cli: "now at line 86" for a func on line 89).
func TestMovedLineNamesTheCode(t *testing.T) {
	g := newGitFixture(t)
	g.write("internal/hooks/events.go", "package hooks\n\n"+strings.Repeat("var x = 1\n", 80)+
		"// BindingsForIDE returns hook bindings for the given IDE.\n// It reads event bindings from the registry.\nfunc BindingsForIDE(ide string) []string { return nil }\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	got := driftLabeled(t, g.open(t), "AGENTS.md", notes("- `BindingsForIDE` (exported) — `internal/hooks/events.go:60`"),
		func(f engine.Finding) string { return f.Reason + ": " + f.Detail })
	assertDrift(t, got, []string{"line_drift: internal/hooks/events.go: now at line 85, hint says 60"})
}
