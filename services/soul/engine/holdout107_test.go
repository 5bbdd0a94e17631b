package engine_test

import "testing"

// TestHundredSeventhHoldoutClasses: the false rows of the hundred-and-seventh holdout that were fixed,
// each beside a twin that stays drift.
func TestHundredSeventhHoldoutClasses(t *testing.T) {
	sub := newGitFixture(t)
	sub.write("main/api/services/mcp/registry.py", "x = 1\n")
	sub.commit("2026-06-01T10:00:00Z", "server")
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("server/main/mcp/registry.py", "x = 1\n")
	g.write("web/components/chat/Chat.tsx", "export {}\n")
	g.write("client/src/routes/sitemap.xml/+server.ts", "export {}\n")
	g.write("api-contracts/api/src/commonMain/kotlin/com/acme/wallet/api/ApiHeaders.kt", "object ApiHeaders\n")
	g.write("docs/old.md", "# old\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("server/main/mcp/registry.py")
	g.remove("web/components/chat/Chat.tsx")
	g.remove("docs/old.md")
	g.commit("2026-06-01T12:00:00Z", "split into submodules")
	g.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.root, "deploy/server")
	g.commit("2026-06-02T10:00:00Z", "add the server")
	g.git("submodule", "deinit", "-q", "-f", "deploy/server") // a clone without its submodules
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"bare names beside a submodule's path", "| 业务逻辑 | `deploy/server/main/api/services/`（按域分子包：`mcp/` `chat/`） |", nil},
		{"twin: bare names beside a path of this repository", "| 业务逻辑 | `docs/old.md`（按域分子包：`mcp/` `chat/`） |", []string{"evidence_file_missing docs/old.md", "evidence_file_missing mcp/", "evidence_file_missing chat/"}},
		{"a route directory named like a file", "- Dynamic `sitemap.xml` via SvelteKit server routes", nil},
		{"twin: a file no directory is named", "- Dynamic `robots.txt` via SvelteKit server routes", []string{"unverified unanchored robots.txt"}},
		{"a Kotlin Multiplatform source set", "- Add constants to `api-contracts/api/ApiHeaders.kt`.", nil},
		{"twin: a class the module lacks", "- Add constants to `api-contracts/api/ApiFooters.kt`.", []string{"unverified unanchored api-contracts/api/ApiFooters.kt"}},
		{"a file each worktree keeps", "- the script writes the per-worktree `CLAUDE.md` / `docs/old.md` and permission settings", nil},
		{"twin: the repository's own", "- the script writes the root `CLAUDE.md` and reads `docs/old.md`", []string{"evidence_file_missing docs/old.md"}},
	})
}
