package engine_test

import "testing"

// TestHundredFourthHoldoutClasses: the false rows of the hundred-and-fourth holdout that were fixed,
// each beside a twin that stays drift.
func TestHundredFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("src/vite-env.d.ts", "/// <reference types=\"vite/client\" />\n")
	g.write("package.json", "{}\n")
	g.write("mitup_bot/__init__.py", "\n")
	g.write("ai/modules/wandering.py", "x = 1\n")
	g.write("ai/modules/micro_motion.py", "x = 1\n")
	g.write("backend/engine.py", "x = 1\n")
	g.write("__tests__/a.test.ts", "\n")
	g.write("report-out/summary.md", "# s\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("src/vite-env.d.ts")
	g.remove("package.json")
	g.remove("mitup_bot/__init__.py")
	g.remove("ai/modules/wandering.py")
	g.remove("ai/modules/micro_motion.py")
	g.remove("backend/engine.py")
	g.remove("__tests__/a.test.ts")
	g.remove("report-out/summary.md")
	g.write("backend/engine_core.py", "x = 1\n")
	g.write("backend/.env.example", "A=op://x\n")
	g.write("tests/a_test.py", "\n")
	g.commit("2026-05-02T10:00:00Z", "split")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a list after a sentence's No", "No `build.gradle`, `package.json`, or wrappers exist yet. When scaffolding, target what the docs mandate.", nil},
		{"twin: a list the sentence keeps", "Edit `build.gradle` and `package.json` when scaffolding.", []string{"evidence_file_missing package.json"}},
		{"no member ships one", "The namespace is assembled from all members — no member ships a `mitup_bot/__init__.py`.", nil},
		{"twin: a member ships one", "The namespace is assembled from all members — each member ships a `mitup_bot/__init__.py`.", []string{"evidence_file_missing mitup_bot/__init__.py"}},
		{"Korean none after the name", "사내 컨벤션 통일을 위해 tsconfig 방식 채택. 그래서 이 폴더에 `src/vite-env.d.ts` 없음.", nil},
		{"twin: Korean there", "그래서 이 폴더에 `src/vite-env.d.ts` 있음.", []string{"evidence_file_missing src/vite-env.d.ts"}},
		{"Swedish not in parentheses", "- Tester ligger i `tests/` (ej `__tests__/` eller colocated)", nil},
		{"English not in parentheses", "- Tests live in `tests/` (not `__tests__/` or colocated)", nil},
		{"twin: Swedish in parentheses", "- Tester ligger i `tests/` (och `__tests__/`)", []string{"evidence_file_missing __tests__/"}},
		{"Chinese cannot coexist", "- Python 导入优先级：包 > 模块，因此不能同时存在 `backend/engine.py` 和 `backend/engine/` 目录", nil},
		{"twin: Chinese coexist", "- 因此同时存在 `backend/engine.py` 和 `backend/engine_core.py`", []string{"evidence_file_missing backend/engine.py"}},
		{"traditional Chinese deleted list", "2026-07-27 刪掉了原本的五個模組：`ai/modules/wandering.py`（E 遊走）、`ai/modules/micro_motion.py`（F 躁動）。", nil},
		{"traditional Chinese must not revive", "**除此之外一律不准**：不准把 `ai/modules/wandering.py`（E 遊走）、\n`ai/modules/micro_motion.py`（F 躁動）復活、不准 import 它們。", nil},
		{"twin: traditional Chinese in use", "使用 `ai/modules/wandering.py`（E 遊走）。", []string{"evidence_file_missing ai/modules/wandering.py"}},
		{"a tool's output folder", "- Read graphify-out/GRAPH_REPORT.md only for broad architecture review.", nil},
		{"twin: a tracked file of such a folder, gone", "- Read report-out/summary.md for the review.", []string{"evidence_file_missing report-out/summary.md"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"four runs' counts", "## State\n\n- Full pipeline proven: `README.md` → DIGIMON (60 entities, 123 relationships)\n- Memo path proven: `README.md` → DIGIMON (40 entities, 61 relationships)\n- Checkpoint proven: `README.md` → DIGIMON (34 entities, 30 relationships)\n- Final memo proven: `README.md` → DIGIMON (28 entities, 23 relationships)", nil},
		{"twin: two counts of one thing", "## State\n\n- The `README.md` graph holds 123 relationships.\n- The `README.md` graph holds 61 relationships.", []string{"disagreement contradicted ", "disagreement contradicted "}},
		{"twin: three values, one stated twice", "## State\n\n- The `README.md` graph holds 123 relationships.\n- The `README.md` graph holds 61 relationships.\n- The `README.md` graph holds 30 relationships.\n- Again: the `README.md` graph holds 61 relationships.", []string{"disagreement contradicted ", "disagreement contradicted "}},
	})
	// attack: a soul (soul-prd §2.3, the intra-soul contradiction) cannot hide two disagreeing figures by
	// stating the quantity in more ways: its live counts answer to one another, however many there are
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's battery counted four ways stays contradicted", "## Current state\n\n- The `README.md` battery runs 36 cases.\n- The `README.md` battery runs 37 cases.\n- The `README.md` battery runs 38 cases.\n- The `README.md` battery runs 39 cases.", []string{"contradicted ", "contradicted ", "contradicted ", "contradicted "}},
		{"attack: a soul's battery counted three ways stays contradicted", "## Current state\n\n- The `README.md` battery runs 36 cases.\n- The `README.md` battery runs 37 cases.\n- The `README.md` battery runs 38 cases.", []string{"contradicted ", "contradicted ", "contradicted "}},
	})
}
