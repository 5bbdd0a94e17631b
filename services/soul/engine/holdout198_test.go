package engine_test

import "testing"

// TestHundredNinetyEighthHoldoutClasses: the false rows of the hundred-and-ninety-eighth holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredNinetyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app","devDependencies":{"vitest":"^4.1.5"}}`+"\n")
	g.write("eslint.config.mjs", "export default []\n")
	g.write("apps/mobile/src/lib/composition.ts", "export {}\n")
	g.write(".github/workflows/ci.yml", "name: ci\non: push\njobs: {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z",
		".eslintrc.json", "apps/mobile/src/composition.ts", ".github/workflows/build.yml")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// Scholar-Flow: a file the sentence says was replaced
		{"a file replaced by another", "- Backend lint: `.eslintrc.json` was replaced by `eslint.config.mjs` (eslint 9).", nil},
		{"twin: the same file as the config", "- Backend lint reads `.eslintrc.json` beside `eslint.config.mjs`.", []string{"evidence_file_missing .eslintrc.json"}},
		// tabnas path: the old per-repo workflow
		{"a workflow a caller replaced", "CI is `.github/workflows/ci.yml`. It replaced the old per-repo `build.yml`.", nil},
		{"twin: the workflow beside it", "CI is `.github/workflows/ci.yml`, beside the per-repo `build.yml`.", []string{"evidence_file_missing build.yml"}},
		// bobblequest: a likely place, hedged
		{"a place hedged with or equivalent", "- `apps/mobile` bootstraps the logger in the composition root (typically `apps/mobile/src/composition.ts` or equivalent).", nil},
		{"twin: the place stated", "- `apps/mobile` bootstraps the logger in `apps/mobile/src/composition.ts`.", []string{"evidence_file_missing apps/mobile/src/composition.ts"}},
		// Anvil: a count of tests beside another runner's
		{"a count of tests", "| Job | Runs |\n|---|---|\n| `test` | pytest ~736 + vitest 27 |", nil},
		{"twin: a version stated", "- Tests run on vitest 27.", []string{"evidence_changed vitest 27"}},
	})
}
