package engine_test

import (
	"testing"
)

// TestSeventyEighthHoldoutSizes: a default count and a threshold an input exceeds size no file.
func TestSeventyEighthHoldoutSizes(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/render.rs", numbered(400, nil))
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	row := func(purpose string) string {
		return "## Key files\n\n| File | Purpose |\n|---|---|\n| `render.rs` | " + purpose + " |"
	}
	runDriftCases(t, repo, "src/AGENTS.md", []driftCase{
		{"a default count of lines", row("Rendering logic: truncated output previews (default 5 lines, 50 for user shell tools), spinners."), nil},
		{"a threshold an input exceeds", row("Syntax highlighting engine wrapping `syntect`. Inputs exceeding 512 KB or 10,000 lines are rejected to prevent pathological CPU/memory usage."), nil},
		{"twin: a size of the file", row("Rendering logic, about 50 lines."), []string{"size_drift render.rs"}},
	})
}

// TestSeventyEighthHoldoutGoneNames: names a sentence says were removed, are no longer used, were
// historically elsewhere, or must not be split out, each beside a twin that stays drift.
func TestSeventyEighthHoldoutGoneNames(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/index.ts", "export {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", ".github/copilot-instructions.md", ".adr-rag.toml", "server/src/graphs/run.ts", "server/src/helper.ts")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a list after what was removed", "We removed the agent-specific dotdir mirrors at the repo root (`.cursor/`, `.github/copilot-instructions.md`, root `caveman/SKILL.md`). They were never read by the installer.", nil},
		{"twin: a list after what was kept", "We kept the agent-specific dotdir mirrors at the repo root (`.cursor/`, `.github/copilot-instructions.md`, root `caveman/SKILL.md`). They are read by the installer.", []string{"evidence_file_missing .github/copilot-instructions.md"}},
		{"twin: a page cited beside a removal", "We removed the agent-specific mirrors (see `.github/copilot-instructions.md`).", []string{"evidence_file_missing .github/copilot-instructions.md"}},
		{"a file no longer used", "- Config file: `src/index.ts` at repo root. Legacy `.adr-rag.toml` is no longer used.", nil},
		{"twin: a file still used", "- Config file: `src/index.ts` at repo root. Legacy `.adr-rag.toml` is still used.", []string{"evidence_file_missing .adr-rag.toml"}},
	})
	runDriftCases(t, repo, "server/src/AGENTS.md", []driftCase{
		{"Chinese: historically spread over", "**编排层核心**(历史上分散在 `graphs/`、`runtime/` 的代码已收敛至此)。", nil},
		{"twin: Chinese: now spread over", "**编排层核心**(现在分散在 `graphs/`、`runtime/` 的代码)。", []string{"evidence_file_missing graphs/"}},
		{"Chinese: do not split out", "- **不要**为了拆而拆出无主 `helper.ts` / `utils.ts`;必须落到已有目录", nil},
		{"twin: Chinese: do not edit", "- **不要**修改 `helper.ts`;必须落到已有目录", []string{"evidence_file_missing helper.ts"}},
	})
}
