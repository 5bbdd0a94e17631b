package engine_test

import (
	"strings"
	"testing"
)

// TestTwoHundredEighteenthHoldoutClasses: the false rows of the two-hundred-and-eighteenth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredEighteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"gun_name.pth.tar", "press.py", "pico_mouse.py", "soft_mouse.py", ".github/copilot-instructions.md", "utils.ts", "api.ts", "services/scheduler/main.py", "exact_dot_claude/hooks/other.sh"} {
		g.write(f, "x\n")
	}
	g.write("index.html", strings.Repeat("<p>x</p>\n", 200))
	g.write(".chezmoiignore", "README.md\n")
	g.write("exact_dot_claude/hooks/executable_nudge.sh", "#!/bin/sh\n")
	g.write("services/api/main.py", "x\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	for _, f := range []string{"gun_name.pth.tar", "press.py", "pico_mouse.py", "soft_mouse.py", ".github/copilot-instructions.md", "utils.ts", "api.ts", "services/scheduler/main.py", "exact_dot_claude/hooks/other.sh"} {
		g.remove(f)
	}
	g.commit("2026-06-02T10:00:00Z", "drop the old modules")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// pubg_derecoil: what the Chinese text places in the past
		{"Chinese: deleted, in the aside", "**2026-08-05 换掉了一个 CNN**（`gun_name.pth.tar`，已删）。", nil},
		{"twin: the aside without it", "**2026-08-05 换掉了一个 CNN**（`gun_name.pth.tar`）。", []string{"evidence_file_missing gun_name.pth.tar"}},
		{"Chinese: was once in", "| `Press` 线程（曾在 `press.py`，与包同名） | PC 侧的曲线播放器 |", nil},
		{"twin: is in", "| `Press` 线程（在 `press.py`，与包同名） | PC 侧的曲线播放器 |", []string{"evidence_file_missing press.py"}},
		{"Chinese: used to be in, a list", "它以前在 `pico_mouse.py` 和 `soft_mouse.py` 里各写一个。", nil},
		{"twin: is in, a list", "它在 `pico_mouse.py` 和 `soft_mouse.py` 里各写一个。", []string{"evidence_file_missing pico_mouse.py", "evidence_file_missing soft_mouse.py"}},
		// priceCtrl: a report of what was not found
		{"none found at a place", "No Copilot instructions were found at `.github/copilot-instructions.md`.", nil},
		{"twin: found at a place", "Copilot instructions are at `.github/copilot-instructions.md`.", []string{"evidence_file_missing .github/copilot-instructions.md"}},
		// tabora: Chinese "do not set up" a kind of file
		{"Chinese: do not set up", "不要建立无归属的 `utils.ts`、`api.ts` 大杂烩。", nil},
		{"twin: Chinese, where requests go", "公共请求放在 `api.ts`。", []string{"evidence_file_missing api.ts"}},
		// ForkReplay: a service marked optional
		{"a service marked optional", "| Service | Kind |\n|---|---|\n| `services/scheduler` (optional) | Container (Python) |", nil},
		{"twin: the service unmarked", "| Service | Kind |\n|---|---|\n| `services/scheduler` | Container (Python) |", []string{"evidence_file_missing services/scheduler"}},
		// AshGrid: the size of a change, not of the file
		{"a change's size", "Only edit inline in `index.html` for a small (< ~50 line) change to existing inline logic.", nil},
		{"twin: the file's size", "`index.html` is about 50 lines.", []string{"size_drift index.html"}},
		// dotfiles: a chezmoi source file named without its attributes
		{"a chezmoi source name", "`exact_dot_claude/hooks/nudge.sh` nudges toward `chezmoi apply`.", nil},
		{"twin: a chezmoi source file that is gone", "`exact_dot_claude/hooks/other.sh` nudges toward `chezmoi apply`.", []string{"evidence_file_missing exact_dot_claude/hooks/other.sh"}},
	})
}
