package engine_test

import "testing"

// TestHundredTwentyFirstHoldoutClasses: the false rows of the hundred-and-twenty-first holdout that
// were fixed, each beside a twin that stays drift. A planned name that never landed is unverified, not
// drift.
func TestHundredTwentyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("hooks/model-router.py", "pass\n")
	g.write("hooks/skill-router.py", "pass\n")
	g.write("hooks/dispatch.py", "pass\n")
	g.write("app/rag/__init__.py", "\n")
	g.write("analysis/scripts/plot.py", "pass\n")
	g.write("agent/CMakeLists.txt", "project(agent)\n")
	g.write("Makefile", "all:\n\techo\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	for _, f := range []string{"hooks/model-router.py", "hooks/skill-router.py", "Makefile"} {
		g.remove(f)
	}
	g.commit("2026-05-02T10:00:00Z", "retire")
	repo := g.open(t)
	runDriftCases(t, repo, "hooks/CLAUDE.md", []driftCase{
		{"a list retired and deleted on a day", "- The legacy stack (injectors: `model-router.py`, `skill-router.py`, the wrappers, etc.) was **fully retired and deleted 2026-07-14** (v2.4.0). `dispatch.py` is the whole architecture.", nil},
		{"twin: the list named as today's", "- The stack (injectors: `model-router.py`, `skill-router.py`, the wrappers, etc.) runs before `dispatch.py`.", []string{"evidence_file_missing model-router.py", "evidence_file_missing skill-router.py"}},
	})
	runDriftCases(t, repo, "app/rag/CLAUDE.md", []driftCase{
		{"a heading of suggested new files", "### 建议新增文件\n\n- `app/rag/index_builder.py`: 索引构建器\n", []string{"unverified unanchored app/rag/index_builder.py"}},
		{"twin: a heading of existing files", "### 已存在文件\n\n- `app/rag/index_builder.py`: 索引构建器\n", []string{"unanchored app/rag/index_builder.py"}},
	})
	runDriftCases(t, repo, "analysis/CLAUDE.md", []driftCase{
		{"a table under Planned contents", "## Planned contents\n\n| Path | Contents |\n|---|---|\n| `analysis/notebooks/` | exploratory notebooks |\n| `analysis/scripts/` | reusable Python |\n", []string{"unverified unanchored analysis/notebooks/"}},
		{"twin: the table under Contents", "## Contents\n\n| Path | Contents |\n|---|---|\n| `analysis/notebooks/` | exploratory notebooks |\n| `analysis/scripts/` | reusable Python |\n", []string{"unanchored analysis/notebooks/"}},
	})
	runDriftCases(t, repo, "agent/CLAUDE.md", []driftCase{
		{"make after a configure step", "## Build\n\n```bash\ncd agent\nmkdir -p build && cd build\ncmake -DCMAKE_BUILD_TYPE=Release \\\n      ..\nmake -j\n```\n", nil},
		{"twin: make with no configure step", "## Build\n\n```bash\ncd agent\nmake -j\n```\n", []string{"evidence_file_missing make"}},
	})
}
