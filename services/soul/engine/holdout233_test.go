package engine_test

import "testing"

// TestTwoHundredThirtyThirdHoldoutClasses: the false rows of the two-hundred-and-thirty-third holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("notebooks/intro.ipynb", "{}\n")
	g.write("src/views/Graph.vue", "<template/>\n")
	g.write("package.json", "{}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "KnowledgeGraph.vue", "NodeWindow.vue", "docker-compose.dev.yml",
		"noteboks/old.ipynb", "src/generated/types.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// Asterism: a naming rule's samples, each item opening with its verdict
		{"samples under a case style's item", "1. **Vue 组件文件**（`.vue`）：统一 **PascalCase**（Vue 生态约定）\n   - ✅ `KnowledgeGraph.vue`, `NodeWindow.vue`", nil},
		{"twin: files under an item on components", "1. **Vue 组件文件**（`.vue`）：图谱组件\n   - ✅ `KnowledgeGraph.vue`, `NodeWindow.vue`", []string{"evidence_file_missing KnowledgeGraph.vue", "evidence_file_missing NodeWindow.vue"}},
		// skynet: Chinese, a file not to restore
		{"a file not to restore, Chinese", "- **禁止 Docker Web dev**：仓库不保留入口；不得恢复 `docker-compose.dev.yml` 或 `next dev` 容器", nil},
		{"twin: a file to use, Chinese", "- **Docker Web dev**：仓库保留入口；使用 `docker-compose.dev.yml` 启动", []string{"evidence_file_missing docker-compose.dev.yml"}},
		// atelie-generativo: a misspelt name and the right one
		{"a misspelling and the correct name, Portuguese", "- A pasta local antiga pode estar escrita como `noteboks/`; o nome correto é `notebooks/`.", nil},
		{"the correct name, English", "- An old copy may spell it `noteboks/`; the correct name is `notebooks/`.", nil},
		{"twin: the folder to open", "- Os notebooks ficam em `noteboks/`; veja também `notebooks/`.", []string{"evidence_file_missing noteboks/"}},
		// fossyl: the file a code generator writes
		{"a generator's output file", "```bash\nDATABASE_URL=postgres://localhost npx kysely-codegen --out-file src/generated/types.ts\n```", nil},
		{"twin: the file read", "See `src/generated/types.ts` for the row types.", []string{"evidence_file_missing src/generated/types.ts"}},
	})
}
