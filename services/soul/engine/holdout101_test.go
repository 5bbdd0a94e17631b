package engine_test

import (
	"strings"
	"testing"
)

// TestHundredFirstHoldoutClasses: the false rows of the hundred-and-first holdout, each beside a twin
// that stays drift.
func TestHundredFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("docs/UPGRADING.md", "# up\n")
	g.write("config.ts", strings.Repeat("export const x = 1\n", 40))
	g.write("bin/tool.mjs", strings.Repeat("console.log(1)\n", 200))
	g.commit("2026-05-01T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// a table column of the copies a package's users get
		{"a consumer column", "| Topic | Framework dev path | Consumer (post-install) path |\n|---|---|---|\n| Upgrading | `docs/UPGRADING.md` | `docs/luckystack/UPGRADING.md` |", nil},
		{"twin: a second column of this repository", "| Topic | Framework dev path | Mirror path |\n|---|---|---|\n| Upgrading | `docs/UPGRADING.md` | `docs/luckystack/UPGRADING.md` |", []string{"evidence_file_missing docs/luckystack/UPGRADING.md"}},
		// the consumer copy named inline
		{"a consumer copy inline", "- Follow `docs/UPGRADING.md` (consumer copy: `docs/luckystack/UPGRADING.md`) when bumping.", nil},
		{"twin: a second copy here", "- Follow `docs/UPGRADING.md` (and read `docs/luckystack/UPGRADING.md`) when bumping.", []string{"evidence_file_missing docs/luckystack/UPGRADING.md"}},
		// a file read only if it exists, then described after a dash
		{"a file read if it exists", "4. `docs/PROJECT_CONTEXT.md` (if exists) — what this project is.", nil},
		{"twin: a file read always", "4. `docs/PROJECT_CONTEXT.md` — what this project is.", []string{"unanchored docs/PROJECT_CONTEXT.md"}},
		// sizes a sentence imagines or gives a snippet
		{"a size the reader imagines", "- In `config.ts`: minimum code. If you wrote 200 lines and it could be 50, rewrite it.", nil},
		{"twin: a size of the file", "- `config.ts` is about 200 lines.", []string{"size_drift config.ts"}},
		{"a snippet's size", "- `bin/tool.mjs` holds a 3-line `claude --agent controller` dispatch.", nil},
		{"twin: the file's size", "- `bin/tool.mjs` is a 3-line script.", []string{"size_drift bin/tool.mjs"}},
	})
	runDriftCases(t, repo, "packages/core/CLAUDE.md", []driftCase{
		// a document headed by a blank for its reader's project
		{"a placeholder title", "# YOUR_PROJECT_NAME\n\n> TODO: One-line project description.\n\n- Read `docs/architecture/database-schema.md` first.", nil},
		{"twin: a project's title", "# Core\n\n> The core package.\n\n- Read `docs/architecture/database-schema.md` first.", []string{"unanchored docs/architecture/database-schema.md"}},
	})
	// attack: a soul (SOUL-INV-1) cannot silence the names its verifiable tissue cites by heading itself
	// with a blank for its readers' project
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul titled YOUR_PROJECT_NAME keeps its drift", "# YOUR_PROJECT_NAME\n\n## Current state\n\n- `src/app/` holds the routes.", []string{"unanchored src/app/"}},
	})
}
