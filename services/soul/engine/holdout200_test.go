package engine_test

import "testing"

// TestTwoHundredthHoldoutClasses: the false rows of the two-hundredth holdout that were fixed, each
// beside a twin that stays a finding.
func TestTwoHundredthHoldoutClasses(t *testing.T) {
	sub := newGitFixture(t)
	sub.write("test_gate_rule_engine.py", "def test_x(): pass\n")
	sub.commit("2026-05-01T10:00:00Z", "tests")

	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("api/package.json", `{"name":"api"}`+"\n")
	g.write("build.mjs", "export {}\n")
	g.write("config_validator.py", "x = 1\n")
	g.write("core/shared/sql.py", "x = 1\n")
	g.write(".gitignore", "build/\n")
	g.write("tpl/content/Api/.template.config/template.json", "{}\n")
	g.write("tpl/content/Api/src/Api.csproj", "<Project/>\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"core/models/__init__.py", "core/base/__init__.py", "learning/figures/a.png",
		"rule_engine.py", "docs/coreex/hosts.md", "index.css")
	g.submodule("2026-05-03T10:00:00Z", sub, "tests")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// micronuts: other projects' revisions after a label
		{"a dependency's revision in a labelled list", "**Commit**: `" + "v1" + "` **Dependency revs**: Embassy `84444a19`, BSP `3646aa87`, stm32f469i-disc `da9fdb2`", nil},
		{"twin: a commit of this repository", "**Baseline commit**: `84444a19` (embassy branch)", []string{"ref_missing 84444a19"}},
		// astrbot_plugin_memora: a test the tests submodule holds
		{"a test in the tests submodule", "- 改规则引擎动作：同步 `test_gate_rule_engine.py`。", nil},
		{"twin: a module of this repository", "- 改规则引擎动作：同步 `rule_engine.py`。", []string{"evidence_file_missing rule_engine.py"}},
		{"facades said deleted (zh)", "- 旧 `core/base` 与 `core/models` 门面已删除。", nil},
		{"twin: a facade said kept (zh)", "- 模型导出见 `core/models` 门面。", []string{"evidence_file_missing core/models"}},
		{"a place not to move back into (zh)", "- `config_validator.py`：不要把验证编排移回 `core/base`。", nil},
		{"twin: a place to move into (zh)", "- 验证编排见 `core/base` 目录。", []string{"evidence_file_missing core/base"}},
		// ai-operator-execution-optimization: a place no longer copied from
		{"a place no longer copied from (zh)", "- 正式材料优先引用本目录，不再从 `learning/figures/` 复制分散图。", nil},
		{"twin: a place copied from (zh)", "- 正式材料从 `learning/figures/` 复制。", []string{"evidence_file_missing learning/figures/"}},
		// full-stack-app-nextjs-nestjs-baseline: a stand-in for the root
		{"a path under a root stand-in", "- Refer to `project_root/api/package.json` for exact dependency versions.", nil},
		{"twin: a file missing under the stand-in", "- Refer to `project_root/api/rule_engine.py` for the rules.", []string{"unanchored project_root/api/rule_engine.py"}},
		// CoreEx: what a template installs in the project it makes
		{"what a command installs", "This installs:\n\n- `docs/coreex/` — the architecture docs cache", nil},
		{"twin: what a folder holds", "This folder holds:\n\n- `docs/coreex/` — the architecture docs cache", []string{"evidence_file_missing docs/coreex/"}},
		// iac-toolbox-raspberrypi: a name set against its other case style
		{"a name beside its camelCase twin", "- `rule-engine.py` not `ruleEngine.py`", nil},
		{"twin: two different modules", "- `rule_engine.py` not `build.mjs`", []string{"evidence_file_missing rule_engine.py"}},
		// cube: the names a build writes
		{"the built names", "- Their attributes must match the built names (`index.css`, `build.mjs`), not the source filenames.", nil},
		{"a build's output folder and what goes there", "- `build.mjs` emits a flat `build/` directory: the view ships as `index.css` (the entry).", nil},
		{"twin: a stylesheet the source holds", "- The view's styles are in `index.css`.", []string{"evidence_file_missing index.css"}},
	})
	// astrbot_plugin_memora: a module's re-export said deleted, in a member's document
	g2 := newGitFixture(t)
	g2.write("package.json", `{"name":"app"}`+"\n")
	g2.write("core/shared/sql.py", "x = 1\n")
	g2.write("core/features/reconsolidation/store.py", "x = 1\n")
	g2.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "core/base/__init__.py")
	repo2 := g2.open(t)
	runDriftCases(t, repo2, "core/features/reconsolidation/AGENTS.md", []driftCase{
		{"a re-export said deleted (zh)", "- 旧 `core/managers` 与 `core/storage` re-export 已删除。", nil},
		{"twin: the module named (zh)", "- 见 `core/storage`。", []string{"unverified evidence_file_missing core/storage"}},
	})
	// CoreEx: a dotnet new template's own document
	runDriftCases(t, repo, "tpl/content/Api/src/app.Api/AGENTS.md", []driftCase{
		{"a path of the project the template makes", "- Read `docs/coreex/hosts.md` for the host-layer guide.", nil},
	})
	runDriftCases(t, repo, "tpl/AGENTS.md", []driftCase{
		{"twin: the template's folder, outside its content", "- Read `docs/coreex/hosts.md` for the host-layer guide.", []string{"evidence_file_missing docs/coreex/hosts.md"}},
	})
}
