package engine_test

import "testing"

// TestHundredEightySeventhHoldoutClasses: the false rows of the hundred-and-eighty-seventh holdout that
// were fixed, each beside a twin that stays a finding.
func TestHundredEightySeventhHoldoutClasses(t *testing.T) {
	sub := newGitFixture(t)
	sub.write("common/arg.cpp", "int add_opt();\n")
	sub.write("common/fit.h", "// fit\n")
	sub.commit("2026-06-01T10:00:00Z", "upstream")

	g := newGitFixture(t)
	g.write("package.json", "{}\n")
	g.write(".oxlintrc.json", "{}\n")
	g.write(".oxfmtrc.json", "{}\n")
	g.write("tools/AGENTS.md", "# tools\n")
	g.write(".github/workflows/build.yml", "name: build\n")
	g.write("ui/src/app/features/budget/components/list.ts", "export {}\n")
	g.write("ui/src/app/features/budget/views/page.ts", "export {}\n")
	g.write("ui/src/app/features/goals/views/page.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.git("mv", ".oxlintrc.json", "packages-cli-oxlintrc.tmp")
	g.write("packages/cli/src/cli.ts", "export {}\n")
	g.git("mv", "packages-cli-oxlintrc.tmp", "packages/cli/.oxlintrc.json")
	g.git("mv", ".oxfmtrc.json", "packages/cli/.oxfmtrc.json")
	g.remove(".github/workflows/build.yml")
	g.write(".github/workflows/ci.yml", "name: ci\non: push\njobs: {}\n")
	g.commit("2026-06-02T10:00:00Z", "refactor: convert to monorepo structure")
	g.write("AGENTS.md", "# burl\n")
	g.commit("2026-06-02T10:15:00Z", "agents.md")
	g.submodule("2026-06-03T10:00:00Z", sub, "llama.cpp")
	repo := g.open(t)

	// burl: a guide written after the move names the configs as the package holds them
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a bare name the document first wrote after its move", "| `oxlint` | Linting | `.oxlintrc.json` - strict, many plugins |", nil},
		{"twin: a path from the root", "| `oxlint` | Linting | `./.oxlintrc.json` at the repository root |", []string{"evidence_file_missing ./.oxlintrc.json"}},
	})
	runDriftCases(t, repo, "tools/AGENTS.md", []driftCase{
		{"twin: a bare name in a document the move found already written", "| `oxfmt` | Formatting | `.oxfmtrc.json` |", []string{"evidence_file_missing .oxfmtrc.json"}},
	})
	runDriftCases(t, repo, "docs/AGENTS.md", []driftCase{
		{"twin: a bare name in a document not committed yet", "| `oxfmt` | Formatting | `.oxfmtrc.json` |", []string{"evidence_file_missing .oxfmtrc.json"}},
	})

	// directive: the workflow a new one replaced
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"the file a workflow replaced", "`.github/workflows/ci.yml` is a thin **staged caller** (it replaced the\nold in-repo `build.yml`): it delegates to the org-standard reusable workflow.", nil},
		{"twin: the file a workflow calls", "`.github/workflows/ci.yml` is a thin **staged caller** (it calls the\nin-repo `build.yml`): it delegates to the org-standard reusable workflow.", []string{"evidence_file_missing build.yml"}},
	})

	// WiSave: a layer table whose rows name each feature's folders
	runDriftCases(t, repo, "ui/CLAUDE.md", []driftCase{
		{"the singular of a collection directory", "| Layer | Can Import |\n|-------|------------|\n| `feature/components/` | core, shared, types |\n| `feature/views/` | all feature internals |", nil},
		{"twin: a folder no member holds", "| Layer | Can Import |\n|-------|------------|\n| `feature/widgets/` | core, shared, types |\n| `feature/views/` | all feature internals |", []string{"unanchored feature/widgets/"}},
	})

	// local-model-autotuning: a path that goes on inside the submodule named beside it
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a path inside the submodule named beside it", "- **Upstream-first:** Check upstream `llama.cpp/common/arg.cpp` `add_opt` before adding a flag; keep only host gates (`common/fit.h:14` assumes unlimited host).", nil},
		{"twin: a path of the repository's own beside it", "- **Upstream-first:** Check upstream `llama.cpp/common/arg.cpp` `add_opt` before adding a flag; keep only host gates (`docs/fit.md` assumes unlimited host).", []string{"unverified unanchored docs/fit.md"}},
	})
}
