package engine_test

import "testing"

// TestHundredEightyEighthHoldoutClasses: the false rows of the hundred-and-eighty-eighth holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredEightyEighthHoldoutClasses(t *testing.T) {
	sub := newGitFixture(t)
	sub.write("apps/language_server/lib/language_server.ex", "defmodule LS do end\n")
	sub.commit("2026-06-01T10:00:00Z", "upstream")

	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write("src/extension.ts", "export {}\n")
	g.write("manifest/app.yaml", "a: 1\n")
	g.write("web/.prettierignore", ".vercel/\nsrc/paraglide/\n")
	g.write("web/package.json", "{}\n")
	g.write("docs/legacy-typescript/README.md", "# The TypeScript implementation, archived\n\nThese files are **documents about code that is no longer here**.\n")
	g.write("docs/legacy-typescript/CLAUDE.md", "# CLAUDE.md\n")
	g.write("docs/legacy-notes/README.md", "# Notes\n\nNotes on the current tree.\n")
	g.write("docs/legacy-notes/CLAUDE.md", "# CLAUDE.md\n")
	g.write("docs/current/README.md", "# Archived\n\nThese were archived.\n")
	g.write("docs/current/CLAUDE.md", "# CLAUDE.md\n")
	g.write("examples/README.md", "# Example CLAUDE.md and AGENTS.md\n\nThese example files belong in the root of your code repository.\n")
	g.write("examples/AGENTS.md", "# Example\n")
	g.write("scripts/old-e2e.mjs", "// e2e\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("scripts/old-e2e.mjs")
	g.commit("2026-06-02T10:00:00Z", "drop the TypeScript tree")
	g.submodule("2026-06-03T10:00:00Z", sub, "elixir-ls")
	repo := g.open(t)

	// Arterm-CLI and agentic-coding: a guide kept in an archive folder, a sample guide for another project
	runDriftCases(t, repo, "docs/legacy-typescript/CLAUDE.md", []driftCase{
		{"a guide in an archived folder whose README says so", "`old-e2e.mjs` covers the third process-lifetime failure; see `scripts/old-e2e.mjs`.", nil},
	})
	runDriftCases(t, repo, "examples/AGENTS.md", []driftCase{
		{"a sample guide whose folder's README says it is for your repository", "- Environment variables are defined in `.env.example` and read by `src/config.py`.", nil},
	})
	runDriftCases(t, repo, "docs/legacy-notes/CLAUDE.md", []driftCase{
		{"twin: an archive-named folder whose README says nothing of it", "`old-e2e.mjs` covers the third process-lifetime failure; see `scripts/old-e2e.mjs`.", []string{"evidence_file_missing old-e2e.mjs"}},
	})
	runDriftCases(t, repo, "docs/current/CLAUDE.md", []driftCase{
		{"twin: a README that says archived, in a folder not named so", "`old-e2e.mjs` covers the third process-lifetime failure; see `scripts/old-e2e.mjs`.", []string{"evidence_file_missing old-e2e.mjs"}},
	})

	// discrepancy-desk: a table of another repository's documents
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a table under a lead-in placing it in a separate repository", "Product doctrine lives in a separate repository at `../desk-docs/`:\n\n| Document | Holds |\n|---|---|\n| `decisions/stack.md` | D16–D17 |\n| `reference/inventory.md` | Prior research |", nil},
		{"twin: a table under a lead-in placing it here", "Product doctrine lives in this repository at `docs/`:\n\n| Document | Holds |\n|---|---|\n| `decisions/stack.md` | D16–D17 |\n| `scripts/old-e2e.mjs` | Prior research |", []string{"unanchored decisions/stack.md", "evidence_file_missing scripts/old-e2e.mjs"}},
	})

	// vscode-elixir-ls: a section about a submodule, named as the project spells it
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"paths under a heading naming the submodule", "### Key ElixirLS Components\n\n- `apps/language_server/lib/language_server.ex` - LSP server entry\n- `apps/debug_adapter/lib/debug_adapter.ex` - DAP server entry", nil},
		{"twin: paths under a heading naming no submodule", "### Key Server Components\n\n- `apps/language_server/lib/language_server.ex` - LSP server entry\n- `scripts/old-e2e.mjs` - DAP server entry", []string{"unanchored apps/language_server/lib/language_server.ex", "evidence_file_missing scripts/old-e2e.mjs"}},
	})

	// handygo and oryxel-ai: what another place stands in for, an ignore file's entries, a kind of app this is not
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a directory another stands in for", "`manifest/` is the active config directory and should be treated as the current `configs/` equivalent.", nil},
		{"twin: a directory named as kept", "`manifest/` is the active config directory; the current `configs/` holds the defaults.", []string{"unverified unanchored configs/"}},
		{"an ignore file's entries", "- **`web/.prettierignore`**: `.vercel/`, `src/paraglide/` so local builds/generated output are not checked.", nil},
		{"twin: directories a file names after a colon", "- **`web/package.json`**: `.vercel/`, `src/paraglide/` so local builds/generated output are not checked.", []string{"unverified unanchored .vercel/"}},
		{"a kind of app this is not", "- The rules describe this app: `src/extension.ts` (not a Prisma/media `src/pages/` FSD app).", nil},
		{"twin: a directory this app has", "- The rules describe this app: `src/extension.ts` (and a Prisma/media `src/pages/` folder).", []string{"unverified unanchored src/pages/"}},
	})
}
