package engine_test

import "testing"

// TestHundredEighteenthHoldoutClasses: the false rows of the hundred-and-eighteenth holdout that were
// fixed, each beside a twin that stays drift.
func TestHundredEighteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/shared/memory.ts", "export {}\n")
	g.write("src/utils/format.ts", "export {}\n")
	g.write("src/stages/evaluate.py", "def evaluate(): pass\n")
	g.write("configs/stage_4_evaluate.yaml", "stage: 4\n")
	g.write("src/domain/models/index.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	for _, f := range []string{"src/shared/memory.ts", "src/utils/format.ts", "src/stages/evaluate.py", "configs/stage_4_evaluate.yaml"} {
		g.remove(f)
	}
	g.commit("2026-05-02T10:00:00Z", "migrate")
	repo := g.open(t)
	runDriftCases(t, repo, "src/domain/CLAUDE.md", []driftCase{
		{"a table's old-file column in Chinese", "## 与旧 `shared/` 的对应关系\n\n| 旧文件 | 迁移到 |\n|---|---|\n| `src/shared/memory.ts` → 类型部分 | `src/domain/models/` |\n", nil},
		{"twin: a reason column is no former name", "## 对应关系\n\n| 原因 | 迁移到 |\n|---|---|\n| `src/shared/memory.ts` → 类型部分 | `src/domain/models/` |\n", []string{"evidence_file_missing src/shared/memory.ts"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a label forbids the folders", "### Folder layout\n\n- Forbidden folders: `src/utils/`, `src/types/`. No catch-alls.\n", nil},
		{"twin: the folder named as today's", "### Folder layout\n\n- Helpers live in `src/utils/`.\n", []string{"evidence_file_missing src/utils/"}},
		{"steps in Chinese create the files", "### 添加新的训练阶段\n\n如需添加阶段4：\n\n1. 创建 `src/stages/evaluate.py`\n2. 创建配置文件 `configs/stage_4_evaluate.yaml`\n", nil},
		{"twin: the files named as there", "### 训练阶段\n\n阶段4的实现在 `src/stages/evaluate.py`。\n", []string{"evidence_file_missing src/stages/evaluate.py"}},
		{"steps conditional on a place", "## Project rules\n\nWhen `.ai/rules` exists, before planning or editing a file:\n\n1. Read `.ai/rules/index.md` and every rule whose glob covers the path.\n", nil},
		{"twin: the same step, unconditional", "## Project rules\n\nBefore planning or editing a file:\n\n1. Read `.ai/rules/index.md` and every rule whose glob covers the path.\n", []string{"unanchored .ai/rules/index.md"}},
	})
}

// TestHundredEighteenthHoldoutIgnoredTree: a bare name the document's own tree draws under a place
// .gitignore keeps out (the app's data directory) is held there, not drift; a bare name no tree places
// so stays drift.
func TestHundredEighteenthHoldoutIgnoredTree(t *testing.T) {
	g := newGitFixture(t)
	g.write(".gitignore", "/.zzz\n")
	g.write("src/main.ts", "export {}\n")
	g.write("src/cache/index.ts", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/cache/index.ts")
	g.commit("2026-05-02T10:00:00Z", "no cache")
	repo := g.open(t)
	tree := "## App directory\n\nThe `.zzz/` directory stores the app's data.\n\n```\n.zzz/\n├── state/    # Persistent data\n└── run/      # Runtime\n```\n\n"
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a table of the tree's entries", tree + "| Directory | Semantics |\n|---|---|\n| `state/` | Persistent user data |\n| `run/` | Runtime |\n", nil},
		{"twin: a name no tree places there", tree + "| Directory | Semantics |\n|---|---|\n| `cache/` | Regenerable data |\n", []string{"evidence_file_missing cache/"}},
	})
}
