package engine_test

import "testing"

// TestHundredNinetyFourthHoldoutClasses: the false rows of the hundred-and-ninety-fourth holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredNinetyFourthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("go/register/register.go", "package register\n")
	g.write("src/split/tabs.ts", "export {}\n")
	g.write("backend/db.py", "db = None\n")
	g.write("Makefile", "build:\n\tgo build ./...\n")
	first := g.commit("2026-05-01T09:00:00Z", "init")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"js/levels.js", "js/engine.js", "go/effector/effector.go", "src/workspace-service.ts", "script.js")
	repo := g.open(t)

	// ravlykonline: a nested list under an item that says its names were deleted
	runDriftCases(t, repo, "go/AGENTS.md", []driftCase{
		{"a nested list of deleted files",
			"- The old root-level classic JS files were deleted:\n  - `js/levels.js`\n  - `js/engine.js`", nil},
		{"names the same sentence says were deleted",
			"The old loader files were deleted: `js/levels.js` and `js/engine.js`.", nil},
		{"twin: a nested list of files kept",
			"- The classic JS files live here:\n  - `js/levels.js`", []string{"evidence_file_missing js/levels.js"}},
	})
	// ravlykonline: a file Ukrainian forbids making
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file not to create", "Не створювати один великий `script.js`.", nil},
		{"twin: a file to read", "Відкрийте великий `script.js`.", []string{"evidence_file_missing script.js"}},
	})

	// itr-filing-app: a place made when a condition comes
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a directory created only when needed",
			"| Path | Holds |\n| --- | --- |\n| `backend/dal/` | `*_dal.py` — created only when `db.py` grows too large |", nil},
		{"twin: a directory the table says holds files",
			"| Path | Holds |\n| --- | --- |\n| `backend/dal/` | `*_dal.py` — one module per collection |", []string{"unanchored backend/dal/"}},
	})

	// libertas-samples: a named dependency's revision
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"another crate's revision",
			"- `libertas_macros` revision `f58b1fd7` adds `libertas_size` to the accepted attributes.", nil},
		{"twin: a commit of this repository",
			"- Commit `f58b1fd7` adds `libertas_size` to the accepted attributes.", []string{"ref_missing f58b1fd7"}},
		{"twin: a revision this repository has",
			"- `main` revision `" + first[:8] + "` adds the register.", nil},
	})

	// openmagpie: a block of make targets with a column saying what each does
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a target and its description",
			"```\nmake build              build images and start\n```", nil},
		{"twin: two targets on one line",
			"```\nmake build images\n```", []string{"unverified evidence_changed make images"}},
	})

	// fileterm: work a list of finished tasks records
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a finished task's file",
			"### 已完成 ✅\n\n1. `src/workspace-service.ts` 按 `tabs / sessions / transfers` 拆子模块", nil},
		{"twin: the same task still to do",
			"### 待办\n\n1. `src/workspace-service.ts` 按 `tabs / sessions / transfers` 拆子模块", []string{"evidence_file_missing src/workspace-service.ts"}},
	})

	// foldlab: a directory the sentence says was not brought back
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a directory not restored",
			"- `go/register/` is fresh code, not restored `go/effector`.", nil},
		{"twin: a directory restored",
			"- `go/register/` is fresh code beside the restored `go/effector`.", []string{"evidence_file_missing go/effector"}},
	})
}
