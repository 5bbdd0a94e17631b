package engine_test

import (
	"testing"
)

// TestSixtyFirstHoldoutClasses: the false rows of the sixty-first holdout, each beside a twin that
// stays drift.
func TestSixtyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("apps/console/src/store.ts", "export class Store {\n  filtered(tab: string) { return tab }\n}\n")
	g.commit("2026-04-01T10:00:00Z", "store")
	g.write("apps/console/src/store.ts", "export class Store {}\n\nexport function filterSignals(query: string) { return query }\n")
	g.write("apps/web/src/routes/chat/[id]/+page.svelte", "<script></script>\n")
	g.write("apps/web/CLAUDE.md", "# web\n")
	g.write("packages/wasm/src/lib.rs", "pub fn run() {}\n")
	g.write("src/modules/auth/index.ts", "export {}\n")
	g.write(".gitignore", "apps/tool/bin/tool-core\napps/old/bin/sub/old-core\ncollector/collector-http\ne2e/artifacts/\n")
	g.write("apps/tool/main.go", "package main\n")
	g.write("src/index.js", "export {}\n")
	g.write("e2e/run.spec.js", "export {}\n")
	g.write("apps/web/main.go", "package main\n")
	g.write("Makefile", "build-core:\n\tgo build\nbuild-old:\n\tgo build\nbuild-web:\n\tgo build\n")
	g.write("apps/web/package.json", `{"name":"web","devDependencies":{"tailwindcss":"^4.1.18"}}`+"\n")
	g.write("packages/tokens/package.json", `{"name":"tokens","devDependencies":{"tailwindcss":"^3.4.0"}}`+"\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "apps/web/src/routes/room/[id]/+page.svelte", "packages/wasm/src/extractor.rs", "src/modules/runs/index.ts", "apps/old/bin/README.md", "collector/main.go", "cli/run.js", "config.json", "apps/tool/bin/tool-core", "packages/wasm/pkg/wasm.js", "apps/studio/lib/app-spec.generated.ts", "packages/cli/src/modules.ts", "api/buf.typescript.gen.yaml", ".ai/specs/2026-02-11-dialog-migration.md")
	g.commit("2026-05-03T10:00:00Z", "web")
	repo := g.open(t)

	runDriftCases(t, repo, "apps/web/CLAUDE.md", []driftCase{
		{"a route file named from its routes directory", "- `chat/[id]/+page.svelte` handles `typing.update`, the people currently typing.", nil},
		{"a route directory named from its routes directory", "- `chat/[id]/` holds the chat page and its loader.", nil},
		{"twin: a route directory that went", "- `room/[id]/` holds the room page and its loader.", []string{"unverified evidence_file_missing room/[id]/"}},
		{"twin: a route file that went", "- `room/[id]/+page.svelte` handles `room.join`, the people currently joining.", []string{"expired room/[id]/+page.svelte"}},
		{"a method the sentence says is not one", "`filterSignals` is an exported pure function taking `query`, not a `store.filtered(tab)` method.", nil},
		{"twin: a method the sentence calls", "`filterSignals` is an exported pure function; call `store.filtered(tab)` from the view.", []string{"symbol_removed store.filtered()"}},
		{"a file named as a generator's output", "### Key Generated Files\n\n- `modules.generated.ts` — routes, APIs, subscribers", nil},
		{"twin: a generated file a commit held, gone with its app", "### Key Generated Files\n\n- `app-spec.generated.ts` — the app's spec", []string{"evidence_file_missing app-spec.generated.ts"}},
		{"twin: a file named as source", "### Key Files\n\n- `modules.ts` — routes, APIs, subscribers", []string{"evidence_file_missing modules.ts"}},
		{"twin: a generator's configuration, written by hand", "### Key Files\n\n- `api/buf.typescript.gen.yaml` — the TypeScript client's buf template", []string{"evidence_file_missing api/buf.typescript.gen.yaml"}},
		{"a name an Examples list under a naming rule shows", "### File Naming Convention\n\nUse `{date}-{title}.md`.\n\nExamples:\n\n- `2026-02-11-dialog-migration.md`", nil},
		{"twin: the same name under a list of specs", "### Specs\n\nCurrent specs:\n\n- `2026-02-11-dialog-migration.md`", []string{"evidence_file_missing 2026-02-11-dialog-migration.md"}},
		{"branch types under their heading", "### Branch Types\n\n- `feature/` - New features\n- `fix/` - Bug fixes", nil},
		{"twin: the same names under a heading on folders", "### Folders\n\n- `feature/` - New features\n- `fix/` - Bug fixes", []string{"unanchored feature/", "unanchored fix/"}},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a directory the one file .gitignore keeps out names", "- `make build-core`: compiles the core binary and places it in `apps/tool/bin/`.", nil},
		{"twin: a source directory that went, one built file of it ignored", "- `collector/`: the HTTP API; `make build-web` builds it.", []string{"evidence_file_missing collector/"}},
		{"twin: a directory .gitignore names a place deeper in", "- `make build-old`: compiles the old binary and places it in `apps/old/bin/`.", []string{"evidence_file_missing apps/old/bin/"}},
		{"twin: a directory .gitignore says nothing of", "- `make build-web`: compiles the web binary and places it in `apps/web/bin/`.", []string{"unverified unanchored apps/web/bin/"}},
		{"a tree entry its comment says is not built", "```\npackages/wasm/\n├── src/\n│   ├── lib.rs          # Main exports\n│   └── extractor.rs  # Tool re-exports (when implemented)\n└── pkg/                # wasm-pack output (generated)\n```", nil},
		{"twin: a tree entry that is not there", "```\npackages/wasm/\n├── src/\n│   ├── lib.rs          # Main exports\n│   └── extractor.rs  # Tool re-exports\n```", []string{"evidence_file_missing packages/wasm/src/extractor.rs"}},
		{"a list under a future shape", "Recommended future shape:\n\n- `src/modules/auth`\n- `src/modules/runs`", nil},
		{"twin: a list under the current shape", "Current shape:\n\n- `src/modules/auth`\n- `src/modules/runs`", []string{"evidence_file_missing src/modules/runs"}},
		{"a tree's top entry that went, beside an ignored entry", "```\n├── src/     # code\n├── cli/     # CLI executables\n└── e2e/\n    └── artifacts/   # test reports\n```", []string{"evidence_file_missing cli/"}},
		{"a file in the app's data directory", "**Storage:** JSON files in app data directory (`config.json`, settings and history)", nil},
		{"a file its list's earlier item places in the app's data directory", "### Storage\n\n- JSON files in app data directory\n- Config: `config.json`", nil},
		{"twin: a file its list's earlier item places in the repository", "### Storage\n\n- JSON files in the repository's data directory\n- Config: `config.json`", []string{"evidence_file_missing config.json"}},
		{"twin: a file in a data directory of the repository", "**Storage:** JSON files in the repository's data directory (`config.json`, settings and history)", []string{"evidence_file_missing config.json"}},
		{"a version whose own line names no package", "**Styling:** Tailwind v4.1.18 (CSS config)\n**Tokens:** `packages/tokens/` (colors, spacing)", nil},
		{"twin: a version beside the package it speaks of", "**Tokens:** `packages/tokens/` on Tailwind v4.1.18 (colors, spacing)", []string{"evidence_changed Tailwind v4.1.18"}},
	})
	// A count's subject is read in a section of known issues (a "## Notes" section holds no counts).
	issues := func(a, b string) []byte {
		return []byte("# A\n\n## Known Issues\n\n**" + a + "**\n- Tests cannot find the text\n\n**" + b + "**\n- A click test fails\n")
	}
	t.Run("two files' counts", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "apps/web/CLAUDE.md", issues("App.test.tsx (9 failures)", "Pagination.test.tsx (2 failures)")), nil)
	})
	t.Run("twin: one file, two counts", func(t *testing.T) {
		assertDrift(t, findingsOf(t, repo, "apps/web/CLAUDE.md", issues("App.test.tsx (9 failures)", "App.test.tsx (2 failures)")), []string{"disagreement contradicted ", "disagreement contradicted "})
	})
}

// TestSixtyFirstHoldoutMinimumLabel: a miss of the sixty-first holdout, a language minimum written as a
// label's value in words, beside twins that stay quiet.
func TestSixtyFirstHoldoutMinimumLabel(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"name\": \"ui\", \"engines\": {\"node\": \">=22.0.0\"}}\n")
	g.commit("2026-05-03T10:00:00Z", "node 22")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a minimum the manifest has moved past", "- **Node.js compatibility**: Minimum version 20.0.0 required", []string{"evidence_changed Node.js compatibility: Minimum version 20.0.0"}},
		{"twin: the manifest's own minimum", "- **Node.js compatibility**: Minimum version 22.0.0 required", nil},
		{"twin: a minimum inside a sentence on something else", "- The loader adds a fetch polyfill, needed for Node.js compatibility: minimum version 18 of the runtime lacks it.", nil},
	})
}
