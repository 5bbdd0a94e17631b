package engine_test

import "testing"

// TestTwoHundredTenthHoldoutClasses: the false rows of the two-hundred-and-tenth holdout that were fixed,
// each beside a twin that stays a finding.
func TestTwoHundredTenthHoldoutClasses(t *testing.T) {
	// Barto-dev/components: an app's guide copied beside its snippets, in a repository that never had a
	// package.json
	snippets := newGitFixture(t)
	snippets.write("components/Field/Field.tsx", "export {}\n")
	snippets.write("utils/table/a.ts", "export {}\n")
	snippets.write("tools/old.py", "x = 1\n")
	snippets.commit("2026-06-01T10:00:00Z", "init")
	snippets.remove("tools/old.py")
	snippets.commit("2026-06-02T10:00:00Z", "drop the old tool")
	const scripts = "### Type Checking\n\n```bash\nnpm run build:check        # Type check only\n```\n\n"
	runDriftCases(t, snippets.open(t), "agents/AGENTS.md", []driftCase{
		{"an app's layout beside npm scripts and no package.json", scripts + "- **`src/app/`** - App initialization\n- **`src/modules/`** - Feature modules", []string{"unverified evidence_changed npm run build:check"}},
		{"twin: a path under a folder this repository has", scripts + "- **`components/common/`** - Base UI components", []string{"unverified evidence_changed npm run build:check", "unanchored components/common/"}},
		{"twin: a file this repository removed", scripts + "- **`tools/old.py`** - the old tool", []string{"unverified evidence_changed npm run build:check", "evidence_file_missing tools/old.py"}},
	})
	runDriftCases(t, snippets.open(t), "AGENTS.md", []driftCase{
		{"twin: the layout with no npm scripts", "- **`src/app/`** - App initialization\n- **`components/Field/`** - fields", []string{"unanchored src/app/"}},
	})

	// betterw4: a partial copy of the project the apps were ported from, under references/
	g := newGitFixture(t)
	g.write("package.json", `{"name":"w4"}`+"\n")
	g.write("README.md", "# w4\n\n| Folder | What |\n|---|---|\n| `references/` | Saved pages, and the client these apps were ported from. |\n| `docs/` | Our guides. |\n\n> The original TypeScript implementation has been archived under `legacy/`.\n")
	g.write("legacy/web/package.json", "{}\n")
	g.write("references/client/extension/README.txt", "copy\n")
	g.write("docs/guide/README.txt", "guide\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)
	runDriftCases(t, repo, "references/client/extension/AGENTS.md", []driftCase{
		{"a copied guide of the project ported from", "- `lib/userjot.ts` - widget bootstrap\n- `tools/vendor-userjot.mjs` - downloads the SDK", nil},
	})
	runDriftCases(t, repo, "legacy/web/AGENTS.md", []driftCase{
		// sera, caught by the regression rerun: an archive the root README names keeps its guide checked
		{"twin: an archived folder the README names", "- See `lib/userjot.ts` for the widget.", []string{"unanchored lib/userjot.ts"}},
	})
	runDriftCases(t, repo, "docs/guide/AGENTS.md", []driftCase{
		{"twin: a guide of this repository", "- `lib/userjot.ts` - widget bootstrap\n- `tools/vendor-userjot.mjs` - downloads the SDK", []string{"unanchored lib/userjot.ts", "unanchored tools/vendor-userjot.mjs"}},
	})

	// maid3: a script still to come
	m := newGitFixture(t)
	m.write("package.json", `{"name":"maid","scripts":{"build":"tsc"}}`+"\n")
	m.write("cli/package.json", `{"name":"cli","scripts":{"test":"vitest"}}`+"\n")
	m.commit("2026-06-01T10:00:00Z", "init")
	m.remove("cli/package.json")
	m.commit("2026-06-02T10:00:00Z", "fold the cli in")
	runDriftCases(t, m.open(t), "AGENTS.md", []driftCase{
		{"a script until one is introduced", "Gate pull requests on `npm run build` until a formal `npm test` script is introduced.", nil},
		{"twin: the script named as there", "Gate pull requests on `npm run build` and a formal `npm test`.", []string{"unverified evidence_changed npm test"}},
	})
}
