package engine_test

import "testing"

// TestTwoHundredTwelfthHoldoutClasses: the false rows of the two-hundred-and-twelfth holdout that were
// fixed, each beside a twin that stays a finding.
func TestTwoHundredTwelfthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"shop","dependencies":{"@angular/core":"^21.0.0"}}`+"\n")
	g.write("img/card/a.png", "x\n")
	g.write("img/hero/b.png", "x\n")
	g.write("js/scene.js", "export function mount() {}\n")
	g.write(".cursor/rules/angular.mdc", "# rules\n")
	g.write("gallery/projects/dspy/AGENTS.md", "# dspy\n")
	g.write("gallery/projects/flask/AGENTS.md", "# flask\n")
	g.write("gallery/projects/flagsmith/AGENTS.md", "# flagsmith\n")
	g.write("gallery/projects/fastapi/AGENTS.md", "# fastapi\n")
	g.write("gallery/projects/fastapi/app.py", "x = 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("img/card/a.png")
	g.remove("img/hero/b.png")
	g.write("js/scene.js", "export function drawSchema() {}\n")
	g.commit("2026-06-02T10:00:00Z", "drop the baked images")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		// GunShop: Spanish "están borradas" after a list joined by "e"; a scratch file deleted when the task ends
		{"Spanish: deleted, joined by e", "Las 224 imágenes de `img/card/` e `img/hero/` están borradas.", nil},
		{"what went with a removal", "Las imágenes de `img/card/` e `img/hero/` están borradas, y con ellas el `mount()` de `js/scene.js`, que era lo único que las leía.", nil},
		{"twin: what a sentence says is there", "El `mount()` de `js/scene.js` dibuja las fichas.", []string{"symbol_removed mount()"}},
		{"twin: Spanish, named as there", "Las 224 imágenes de `img/card/` e `img/hero/` están en uso.", []string{"evidence_file_missing img/card/", "evidence_file_missing img/hero/"}},
		{"a scratch file deleted when its task ends, named before", "Escribe siempre el progreso en `PLAN.md`.\n\n`PLAN.md` es un cuaderno de trabajo: se borra cuando la tarea termina.", nil},
		{"twin: the file named as kept", "Escribe siempre el progreso en `PLAN.md`.\n\n`PLAN.md` es un cuaderno de trabajo.", []string{"unverified unanchored PLAN.md", "unverified unanchored PLAN.md"}},
		// le-mystere-professeur-zacus: French "sont supprimés" after a list joined by "et"
		{"French: deleted, joined by et", "- Les anciens fichiers `img/card/a.png` et `img/hero/b.png` sont supprimés (fusion dans `js/scene.js`).", nil},
		{"twin: French, named as there", "- Les fichiers `img/card/a.png` et `img/hero/b.png` sont utilisés par `js/scene.js`.", []string{"evidence_file_missing img/card/a.png", "evidence_file_missing img/hero/b.png"}},
		// MultiAgentAgenticAi: a place named on a condition
		{"a place when present", "- (When present) `static/`: assets served directly (typically the bundled frontend).", nil},
		// airbroke: the name a rule keeps out
		{"not to replace one file with another", "- Do not replace `js/scene.js` with `js/middleware.js` or swallow redirects.", nil},
		{"twin: one file replaced by another", "- Keep `js/scene.js` beside `js/middleware.js`; both load first.", []string{"unverified unanchored js/middleware.js"}},
		// ng-alain-gighub: a version in a link's label
		{"a version in a link's label", "- [Angular 20 最佳實踐](.cursor/rules/angular.mdc)", nil},
		{"twin: the version stated as the stack's", "- Angular 20 with standalone components ([rules](.cursor/rules/angular.mdc))", []string{"evidence_changed Angular 20"}},
	})
	// mcapp-ai-starter: one of several folders that hold a generator's sample guide and nothing else
	runDriftCases(t, repo, "gallery/projects/flagsmith/AGENTS.md", []driftCase{
		{"a guide of a gallery of other projects", "- `frontend/common/store.ts` - the store\n- `api/tests/` - the tests", nil},
	})
	runDriftCases(t, repo, "gallery/projects/fastapi/AGENTS.md", []driftCase{
		{"twin: a folder with code beside its guide", "- `frontend/common/store.ts` - the store", []string{"unanchored frontend/common/store.ts"}},
	})

	// tick-trader-percore-workspace: a repository of docs and tools whose README says the code is elsewhere
	docs := newGitFixture(t)
	docs.write("README.md", "# workspace\n\nThe substrate for the trader.\n\nThe engine repo holds the code that runs. This repo holds the plans and the checks.\n")
	docs.write("tools/check.py", "x = 1\n")
	docs.write("tools/old.py", "y = 1\n")
	docs.commit("2026-06-01T10:00:00Z", "init")
	docs.remove("tools/old.py")
	docs.commit("2026-06-02T10:00:00Z", "drop the old check")
	runDriftCases(t, docs.open(t), "CLAUDE.md", []driftCase{
		{"the engine's file, cited by line", "- Sharding happens in `BacktestSharded.hpp:162-190`.\n- Strategy headers live in `Strategies/`.", nil},
		{"the engine's file, bare", "- **`GateControlNetwork.hpp`** is registered in `tools/check.py` as a tracked header.", nil},
		{"twin: this repository's removed file", "- The old check is `tools/old.py`.", []string{"evidence_file_missing tools/old.py"}},
	})
}

// TestMakeFileFlag: "make -f tools/Makefile test lint" (the two-hundred-and-twelfth holdout's
// GCP-Drone-Comms-Unit) runs that file's targets; the file is no target, and a target it lacks is drift.
func TestMakeFileFlag(t *testing.T) {
	g := newGitFixture(t)
	g.write("tools/Makefile", "test:\n\tgo test ./...\nlint:\n\tgo vet ./...\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	runDriftCases(t, g.open(t), "AGENTS.md", []driftCase{
		{"targets of the file -f names", "| Makefile equivalent | `make -f tools/Makefile test lint` |", nil},
		{"twin: a target the file lacks", "| Makefile equivalent | `make -f tools/Makefile test bench` |", []string{"unverified evidence_changed make bench"}},
	})
}

// TestSampleOpeningInExamples: ai-engineering-conventions's examples/CLAUDE.md, beside a cli-example.py,
// opens "The project it describes is fictional — adapt the structure and patterns to your own codebase"
// (found by the regression rerun once a rule of this round was narrowed): a sample guide. The same words
// outside an examples folder, or a guide there that does not say so, stay checked.
func TestSampleOpeningInExamples(t *testing.T) {
	g := newGitFixture(t)
	g.write(".claude/settings.json", "{}\n")
	g.write("examples/cli-example.py", "x = 1\n")
	g.write("docs/cli-example.py", "x = 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)
	const fictional = "This is a reference AI instruction file. The project it describes is fictional — adapt it to your own codebase.\n\n- Architecture notes live in `.claude/architecture.md`."
	runDriftCases(t, repo, "examples/CLAUDE.md", []driftCase{
		{"a sample guide that says its project is fictional", fictional, nil},
		{"twin: a guide in examples/ that says nothing of it", "- Architecture notes live in `.claude/architecture.md`.", []string{"unverified unanchored .claude/architecture.md"}},
	})
	runDriftCases(t, repo, "docs/CLAUDE.md", []driftCase{
		{"twin: the same words outside an examples folder", fictional, []string{"unverified unanchored .claude/architecture.md"}},
	})
}
