package engine_test

import "testing"

// TestTwoHundredFifthHoldoutClasses: the false rows of the two-hundred-and-fifth holdout that were fixed,
// each beside a twin that stays a finding.
func TestTwoHundredFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app"}`+"\n")
	g.write("src/content/i18n/zh-CN.json", "{}\n")
	g.write("src/lib/parse.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"src/content/i18n/zh-cn.json", "config/app.toml", "src/types/index.ts", "docs/permalink.md")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// bub: a table of mistakes and their fixes
		{"a name in a column of mistakes", "| Mistake | Fix |\n|---|---|\n| Naming i18n JSON with URL slugs (`src/content/i18n/zh-cn.json`) | Use BCP-47 (`src/content/i18n/zh-CN.json`) |", nil},
		{"twin: the same name in a column of files", "| File | Fix |\n|---|---|\n| Naming i18n JSON with URL slugs (`src/content/i18n/zh-cn.json`) | Use BCP-47 (`src/content/i18n/zh-CN.json`) |", []string{"evidence_file_missing src/content/i18n/zh-cn.json"}},
		// beancount-io: another repository's possessive
		{"a path another repository owns", "- The OpenAPI spec is pinned in the donor repo's `backend-cluster/idl/ledger.openapi.json`.", nil},
		{"twin: the path pinned here", "- The OpenAPI spec is pinned in `backend-cluster/idl/ledger.openapi.json`.", []string{"unverified unanchored backend-cluster/idl/ledger.openapi.json"}},
		// 404nffff agents: files a rule forbids reading (zh)
		{"files a rule forbids reading (zh)", "- 强制禁止读取任何配置类文件，包括但不限于 `config` 目录/文件、`.env`、`config/app.toml`、`*.ini`", nil},
		{"twin: a file to read (zh)", "- 读取配置文件 `config/app.toml`。", []string{"evidence_file_missing config/app.toml"}},
		// leafdown: a folder to make for one case
		{"a folder to use only for one case", "- Colocate types with their module. Use a `src/types/` directory only for shared domain contracts without an owner.", nil},
		{"twin: the folder stated", "- Shared domain contracts live in the `src/types/` directory.", []string{"evidence_file_missing src/types/"}},
		// epr-local-environment: a link whose destination is the word for one
		{"a link to the word permalink", "- Every code reference MUST have a permalink with line numbers - for line code: [`SomeFunc()`](permalink#lines)", []string{"unverified symbol_missing SomeFunc()"}},
		{"twin: a link to a document", "- Read [the permalink guide](docs/permalink.md) first.", []string{"evidence_file_missing docs/permalink.md"}},
	})
}
