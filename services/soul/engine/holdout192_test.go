package engine_test

import "testing"

// TestHundredNinetySecondHoldoutClasses: the false rows of the hundred-and-ninety-second holdout (and
// earlier rounds' classes it settled) that were fixed, each beside a twin that stays a finding.
func TestHundredNinetySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.write("core/src/app.ts", "export {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		"packages/engine/src/server/index.ts", "packages/engine/src/config/client.ts", "core/src/lexer.ts",
		"plugin/bin/tool.mjs", "plugin/bin/other.mjs", "workflows/wf-build.yml", "tests/e2e/b.test.js")
	g.write("cli/src/bin/tool.ts", "export {}\n")
	g.write("tests/unit/a.test.js", "test('a', () => {})\n")
	g.write("tests/vitest.config.js", "export default {}\n")
	g.write("lib/graph/src/derive/status.ts", "export {}\n")
	g.commit("2026-05-03T10:00:00Z", "three")
	repo := g.open(t)

	// RadOrchestration: a script the document calls a bundle, made from a tracked entry of its stem
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a bundle of a tracked entry, called so elsewhere in the document",
			"- The CLI is bundled into `tool.mjs` by esbuild.\n- The UI spawns `tool.mjs` for each action.", nil},
		{"the bundle named after the word",
			"- Loading the ~10 MB `tool.mjs` bundle costs a cold start.", nil},
		{"twin: the same name, never called a build's product",
			"- The UI spawns `tool.mjs` for each action.", []string{"evidence_file_missing tool.mjs"}},
		{"twin: a bundle whose stem no source has",
			"- The CLI is bundled into `other.mjs` by esbuild.", []string{"evidence_file_missing other.mjs"}},
	})

	// ArkanisCorporation ci: a naming rule's example pair
	runDriftCases(t, repo, "workflows/AGENTS.md", []driftCase{
		{"an example pair of a naming rule",
			"- Schema filename mirrors workflow: `wf-build.yml` -> `wf-build.schema.json`.", nil},
		{"twin: the pair without a naming rule",
			"- Validate `wf-build.yml` -> `wf-build.schema.json` before each release.", []string{"evidence_file_missing wf-build.yml"}},
	})

	// 9router_azaky: a vitest filter after cd, matched against the whole path
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a vitest filter written from the top",
			"```bash\ncd tests && npx vitest run --config ./vitest.config.js \"tests/unit/\"\n```", nil},
		{"twin: a filter of a place gone",
			"```bash\ncd tests && npx vitest run \"tests/e2e/\"\n```", []string{"evidence_file_missing tests/e2e/"}},
	})

	// RadOrchestration: internal modules imported by their compiled names
	runDriftCases(t, repo, "lib/graph/AGENTS.md", []driftCase{
		{"a glob of compiled names in an import rule",
			"- Never import from internal modules (`derive/*.js`) outside this library.", nil},
		{"twin: the glob where nothing is imported",
			"- The status helpers sit in `derive/*.js`.", []string{"unverified evidence_file_missing derive/*.js"}},
	})

	// manic: a table of another checkout's tree, under a heading naming its absent place
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"rows under a place a claim reports missing",
			"| `packages/engine/` | Submodule: the engine |\n\n### Engine internals (`packages/engine/src/`)\n\n| Directory | Key files |\n| --- | --- |\n| `server/` | `index.ts` |\n| `config/` | `client.ts` |",
			[]string{"evidence_file_missing packages/engine/"}},
		{"twin: rows under a place gone unreported stay drift",
			"### Engine internals (`packages/engine/src/`)\n\n| Directory | Key files |\n| --- | --- |\n| `server/` | `index.ts` |",
			[]string{"evidence_file_missing server/"}},
		{"rows under a place this repository never held",
			"### Parser internals (`vendor/parser/src/`)\n\n| File | Role |\n| --- | --- |\n| `lexer.ts` | tokens |",
			nil},
		{"twin: rows under a place the tree holds",
			"### App internals (`core/src/`)\n\n| File | Role |\n| --- | --- |\n| `lexer.ts` | tokens |",
			[]string{"evidence_file_missing lexer.ts"}},
	})
}
