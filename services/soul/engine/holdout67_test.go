package engine_test

import (
	"testing"
)

// TestSixtySeventhHoldoutClasses: the false rows of the sixty-seventh holdout, each beside a twin that
// stays drift.
func TestSixtySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("common/tankopedia-tier7.json", "{}\n")
	g.write("docs/README.md", "# docs\n")
	g.write("packages/collab/package.json", `{"name":"@x/collab","exports":{".":"./src/index.ts","./map-store":{"import":"./src/createMap.svelte.ts"}}}`+"\n")
	g.write("packages/collab/src/index.ts", "export {}\n")
	g.write("packages/collab/src/types.ts", "export {}\n")
	g.write("packages/collab/src/createMap.svelte.ts", "export function createMap() {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "common/tankopedia.json", "src/services/StoreSyncService.ts", "docs/diagrams/a.svg", "docs/guides/a.md", "src/Main.tsx")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)

	runDriftCases(t, repo, "common/AGENTS.md", []driftCase{
		{"a file Chinese says there is none of", "- **车辆库**：`tankopedia-tier7.json`（1 个文件，无 `tankopedia.json`）。", nil},
		{"twin: the file Chinese names as the data", "- **车辆库**：数据在 `tankopedia.json`。", []string{"evidence_file_missing tankopedia.json"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a table cell that opens by saying the file was removed", "| File | Purpose |\n|---|---|\n| `src/services/StoreSyncService.ts` | Removed. Synchronization is now explicit in the layer service. |", nil},
		{"a table cell that calls the directory empty", "| Directory | Purpose |\n|---|---|\n| `docs/diagrams/` | Architecture diagrams (currently empty - placeholder for future diagrams) |", nil},
		{"twin: a cell that only mentions a removal", "| File | Purpose |\n|---|---|\n| `src/services/StoreSyncService.ts` | Syncs stores; removed entries are dropped. |", []string{"evidence_file_missing src/services/StoreSyncService.ts"}},
		{"twin: a directory whose cell says what it holds", "| Directory | Purpose |\n|---|---|\n| `docs/guides/` | How-to guides |", []string{"evidence_file_missing docs/guides/"}},
	})
	runDriftCases(t, repo, "packages/collab/AGENTS.md", []driftCase{
		{"a subpath the package exports", "| Subpath | Contents |\n|---|---|\n| `./map-store` | `createMap(yMap)`, a rune wrapper |", nil},
		{"twin: a subpath the package does not export", "| Subpath | Contents |\n|---|---|\n| `./text-store` | `createText(yText)`, a rune wrapper |", []string{"unanchored ./text-store"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"samples after a case style naming files", "React components live in PascalCase files (`Main.tsx`, `Hero.tsx`) exporting the component as default.", nil},
		{"twin: a component file named as the entry", "The entry component is `src/Main.tsx`, exported as default.", []string{"evidence_file_missing src/Main.tsx"}},
		{"a file a parenthesis says is still to be built", "- Escape hatch to the primitives is documented in `docs/compose/direct.md` (build as needed).", nil},
		{"twin: the same file named as written", "- Escape hatch to the primitives is documented in `docs/compose/direct.md` (see the examples).", []string{"unanchored docs/compose/direct.md"}},
	})
	runDriftCases(t, repo, "packages/collab/AGENTS.md", []driftCase{
		{"a link written from the root, repeating the document's own directory", "Public entry is [packages/collab/src/index.ts](packages/collab/src/index.ts).", nil},
		{"twin: a link from the document's place to a file not there", "Types live in [src/kinds.ts](src/kinds.ts).", []string{"unanchored src/kinds.ts"}},
		{"twin: a root-written link to a gone file", "Types live in [packages/collab/src/old.ts](packages/collab/src/old.ts).", []string{"unanchored packages/collab/src/old.ts"}},
	})
	runDriftCases(t, repo, "packages/collab/AGENTS.md", []driftCase{
		{"a subpath under a heading of what a release leaves out", "### Follow-through (not in v0.0.1)\n\n| Sub-export | Contents |\n|---|---|\n| `./query` | SSR hydration assertions, once the query package lands |", nil},
		{"twin: a shipped item under a heading of follow-through", "### Known follow-through\n\n- [x] The time rule — shipped in `./query`.", []string{"unverified unanchored ./query"}},
		{"twin: the same row under a heading of what landed", "### Landed (v0.0.1)\n\n| Sub-export | Contents |\n|---|---|\n| `./query` | SSR hydration assertions |", []string{"unanchored ./query"}},
	})
	runDriftCases(t, repo, "packages/collab/CONTRIBUTING.md", []driftCase{
		{"twin: a page people read on the forge, linking from the root", "Public entry is [packages/collab/src/index.ts](packages/collab/src/index.ts).", []string{"evidence_file_missing packages/collab/src/index.ts"}},
	})
}
