package engine_test

import "testing"

// TestHundredSixthHoldoutClasses: the false rows of the hundred-and-sixth holdout that were fixed, each
// beside a twin that stays drift.
func TestHundredSixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("public/favicon.svg", "<svg/>\n")
	g.write("gamefiles/trajectories/a.json", "{}\n")
	g.write("SCENARIOS-DRAFT.md", "# draft\n")
	g.write("src/tests/a.spec.ts", "\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("public/favicon.svg")
	g.remove("gamefiles/trajectories/a.json")
	g.remove("SCENARIOS-DRAFT.md")
	g.remove("src/tests/a.spec.ts")
	g.write("scripts/lib/variants.ts", "export {}\n")
	g.commit("2026-05-02T10:00:00Z", "retire")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a place a rule puts things", "- Tests should be placed in `src/tests/` directory or alongside components", nil},
		{"twin: a place tests are", "- Tests are in `src/tests/` directory.", []string{"evidence_file_missing src/tests/"}},
		{"Turkish deleted", "Çözüm: `public/favicon.svg` silindi, SVG etiketi kaldırıldı.", nil},
		{"twin: Turkish kept", "Çözüm: `public/favicon.svg` güncellendi.", []string{"evidence_file_missing public/favicon.svg"}},
		{"where runtime data lives", "Runtime data lives under `gamefiles/` (constant `GAME_FILES_PATH`).", nil},
		{"twin: where data lives", "Sample data lives under `gamefiles/`.", []string{"evidence_file_missing gamefiles/"}},
		{"what it was and is now", "The diffable form was `SCENARIOS-DRAFT.md` and is now `scripts/lib/variants.ts`.", nil},
		{"twin: what it is", "The diffable form is `SCENARIOS-DRAFT.md` and `scripts/lib/variants.ts`.", []string{"evidence_file_missing SCENARIOS-DRAFT.md"}},
		{"a name a change retired", "`scripts/lib/variants.ts` is the source of truth that retired `SCENARIOS-DRAFT.md` (#36).", nil},
		{"Chinese removed top-level places, a list run on with 或", "- 新页面放在 `scripts/lib/`；不在已移除的顶层 `SCENARIOS-DRAFT.md` 或 `gamefiles/` 下新增实现。", nil},
		{"twin: Chinese kept places", "- 新页面放在 `scripts/lib/`；在顶层 `SCENARIOS-DRAFT.md` 或 `gamefiles/` 下新增实现。", []string{"evidence_file_missing SCENARIOS-DRAFT.md", "evidence_file_missing gamefiles/"}},
		{"twin: a name a change kept", "`scripts/lib/variants.ts` is the source of truth that feeds `SCENARIOS-DRAFT.md` (#36).", []string{"evidence_file_missing SCENARIOS-DRAFT.md"}},
	})
}

// TestHundredSixthHoldoutMisses: a bare directory name the root had, gone, read as a module file of that
// name elsewhere (vitality_system_rulebook's `simulation/` beside simulation_v2/src/simulation.py).
func TestHundredSixthHoldoutMisses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("simulation/damage_optimizer.py", "x = 1\n")
	g.write("simulation_v2/src/simulation.py", "x = 1\n")
	g.write("engine/src/engine.py", "x = 1\n")
	g.commit("2026-05-01T10:00:00Z", "app")
	g.remove("simulation/damage_optimizer.py")
	g.commit("2026-05-02T10:00:00Z", "rm")
	repo := g.open(t)
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a gone root directory", "3. **Combat Simulation Engine** (`simulation/`) - Damage optimization and balance analysis", []string{"evidence_file_missing simulation/"}},
		{"twin: a module of that name, no such directory ever", "3. **Engine** (`engine/`) - the game loop", nil},
	})
}
