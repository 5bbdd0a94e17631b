package engine_test

import "testing"

// TestTwoHundredTwentyFirstHoldoutClasses: the false rows of the two-hundred-and-twenty-first holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredTwentyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"models/store.py", "models/rules/r.py", "models/schema/s.py", "models/operations/o.py", "views/v.py"} {
		g.write("apps/api/skillhub/"+f, "x\n")
	}
	g.write("definitions.py", "x\n")
	g.write(".agents/PROJECT.md", "# p\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.git("mv", "apps/api", "apps/backend")
	g.remove("definitions.py")
	g.remove(".agents/PROJECT.md")
	g.commit("2026-06-02T10:00:00Z", "rename the workspaces; drop the copied reference")
	sub := newGitFixture(t)
	sub.write("design/mvp/canonical-abi/definitions.py", "x\n")
	sub.commit("2026-05-01T10:00:00Z", "spec")
	g.submodule("2026-06-03T10:00:00Z", sub, "ref/component-model")
	repo := g.open(t)

	rows := "- `rules/` 不能 import `models.store`、`models.schema`。\n- `schema/` 不能 import `models.store` 或上层模块。\n- `operations/` 可以 import `models.schema` 和 `models.rules`。\n- `store.py` 只负责 Session 绑定和组合 operations。\n"
	runDriftCases(t, repo, "apps/backend/skillhub/models/AGENTS.md", []driftCase{
		// skills-manager: the document's own directory among its children's rows
		{"the document's own directory", rows + "- `models/` 不能 import `views`、`services` 或 `bootstrap`。", nil},
		{"twin: a sibling that lives elsewhere", rows + "- `views/` 不能 import `services`。", []string{"evidence_file_missing views/"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// component-model-cpp: a bare name the document gives in full inside a submodule
		{"a submodule's file by its bare name", "The C++ code mirrors `ref/component-model/design/mvp/canonical-abi/definitions.py`.\n\nEnsure the C++ behaviour matches the Python code in `definitions.py`.", nil},
		{"twin: the same bare name, placed nowhere", "Ensure the C++ behaviour matches the Python code in `definitions.py`.", []string{"evidence_file_missing definitions.py"}},
		// Arc: a file searched for, which may be absent
		{"a file looked for, if it exists", "- Always look for a `.agents/PROJECT.md` file at the repository root. If it exists, read it and treat its contents as project instructions.", nil},
		{"twin: a file to read", "- Always read the `.agents/PROJECT.md` file at the repository root and treat its contents as project instructions.", []string{"evidence_file_missing .agents/PROJECT.md"}},
		{"a file in the consuming project", "`.agents/ROLES.md` lives in the **consuming project** and is never part of this shared corpus.", nil},
		{"twin: a file in this project", "`.agents/ROLES.md` lives in the project root and holds the roles.", []string{"unverified unanchored .agents/ROLES.md"}},
	})
}
