package engine_test

import (
	"testing"
)

// TestFortiethHoldoutListFolder: a list item that is only a folder's name is the folder its nested items
// speak from (microsoft/vscode-copilot-chat's CONTRIBUTING.md: "- src", under it "- util", under that
// "Can't import from the `./platform` nor `./extension` folder", meaning src/platform); the innermost
// folder first, then outward. A name no enclosing folder holds, or a list whose items are no folders
// of this repository, still fails.
func TestFortiethHoldoutListFolder(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"src/util/strings.ts", "src/platform/log.ts", "src/extension/main.ts", "src/platform/x/platform/a.ts", "test/base/a.ts"} {
		g.write(f, "export {}\n")
	}
	g.write("services/a.ts", "export {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("services/a.ts")
	g.commit("2026-07-01T10:00:00Z", "drop services")
	repo := g.open(t)

	layers := func(sibling string) string {
		return "## Layers\n\n- src\n   - util\n      - Utility code\n      - Can't import from the `./" + sibling + "` folder\n   - platform\n      - Can import from `./util`\n- test\n   - Test code\n"
	}
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a sibling folder of the enclosing item", layers("platform"), nil},
		{"folders in code spans and bold", "## Layout\n\n- `src/`\n  - **util/**\n    - see `strings.ts`\n", nil},
		{"twin: a name no enclosing folder holds", layers("services"), []string{"evidence_file_missing ./services"}},
		{"twin: items that are no folders here", "## Layers\n\n- core\n   - base\n      - Can't import from the `./services` folder\n", []string{"evidence_file_missing ./services"}},
	})
}

// TestFortiethHoldoutProseClone: a sentence or list item that clones another repository in a code span
// ("Clone the VS Code repository: `git clone https://github.com/microsoft/vscode`") places the section's
// later command blocks in that clone (microsoft/monaco-editor's `yarn gulp editor-distro`, a script of VS
// Code's package.json, not of the editor's); the same block with no clone before it, or after a clone in
// another section, still runs here.
func TestFortiethHoldoutProseClone(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"monaco-editor","scripts":{"gulp":"gulp","build":"tsc"}}`+"\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.write("package.json", `{"name":"monaco-editor","scripts":{"build":"tsc"}}`+"\n")
	g.commit("2026-07-01T10:00:00Z", "drop gulp")
	repo := g.open(t)

	block := "- Optionally, build the core:\n\n  ```bash\n  > yarn gulp editor-distro\n  > cd out-monaco-editor-core\n  ```\n"
	clone := "- Clone the [VS Code repository](https://github.com/microsoft/vscode): `git clone https://github.com/microsoft/vscode`\n- Run `yarn install`\n"
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a block after a clone in prose", "## Debugging the core\n\n" + clone + block, nil},
		{"twin: no clone before the block", "## Debugging the core\n\n- Run `yarn install`\n" + block, []string{"evidence_changed yarn gulp"}},
		{"twin: the clone in another section", "## Setup\n\n" + clone + "\n## Debugging the core\n\n" + block, []string{"evidence_changed yarn gulp"}},
	})
}

// TestFortiethHoldoutReferenceLinks: a reference link ("[Report a bug]", "[the guide][guide]") leads where
// the document's definition says ("[Report a bug]: docs/bugs.md"); the markdown parser takes the
// definitions out of the paragraphs, so their targets were never checked (squidfunk/mkdocs-material's
// CONTRIBUTING.md links all its pages that way). A target that is there, or a label with no definition,
// is no finding.
func TestFortiethHoldoutReferenceLinks(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/contributing/reporting-a-bug.md", "# bugs\n")
	g.gone("2026-06-01T10:00:00Z", "2026-07-01T10:00:00Z", "docs/contributing/guide.md")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a shortcut reference whose target is there", "## Contributing\n\n- [Report a bug] when something breaks.\n\n  [Report a bug]: docs/contributing/reporting-a-bug.md\n", nil},
		{"a full reference whose target is gone", "## Contributing\n\nRead [the contributing guide][guide] first.\n\n[guide]: docs/contributing/guide.md\n",
			[]string{"evidence_file_missing docs/contributing/guide.md"}},
		{"a collapsed reference, the label in another case", "## Contributing\n\nRead [Guide][] first.\n\n[guide]: ./docs/contributing/guide.md \"The guide\"\n",
			[]string{"evidence_file_missing ./docs/contributing/guide.md"}},
		{"twin: a bracketed word with no definition", "## Contributing\n\nRead [guide] first.\n\n[other]: docs/contributing/reporting-a-bug.md\n", nil},
	})
}

// TestFortiethHoldoutSameTopTwin: a path that never landed, whose file name the repository has exactly
// once under the same top directory, is drift, with the file it has (duckdb's `scripts/build_grammar.sh`
// for scripts/parser/build_grammar.sh, once read as an abbreviation and passed; and
// `src/execution/physical_plan/physical_plan_generator.cpp` for src/execution/physical_plan_generator.cpp,
// unverified before). A common name, a name found twice, or a top the repository lacks gives no
// evidence; a package deeper down named by itself is still an abbreviation.
func TestFortiethHoldoutSameTopTwin(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"scripts/parser/build_grammar.sh", "scripts/format.py", "src/execution/physical_plan_generator.cpp",
		"src/execution/physical_plan/plan_get.cpp", "src/main/main.cpp", "src/util/main.cpp", "src/a/renderer.cpp", "src/b/renderer.cpp",
		"crates/oxc_formatter/src/embed/css.rs"} {
		g.write(f, "x\n")
	}
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a middle directory left out", "## Parser\n\n- The grammar is generated using `scripts/build_grammar.sh`\n", []string{"evidence_file_missing scripts/build_grammar.sh"}},
		{"a directory too many", "## Finding Components\n\n- Physical plan generation: `src/execution/physical_plan/physical_plan_generator.cpp`\n",
			[]string{"evidence_file_missing src/execution/physical_plan/physical_plan_generator.cpp"}},
		{"twin: a common name", "## Finding Components\n\n- Entry point: `src/app/main.cpp`\n", []string{"unverified unanchored src/app/main.cpp"}},
		{"twin: the name twice under the top", "## Finding Components\n\n- Rendering: `src/c/renderer.cpp`\n", []string{"unverified unanchored src/c/renderer.cpp"}},
		{"twin: a top the repository lacks", "## Finding Components\n\n- Grammar: `tools/build_grammar.sh`\n", []string{"unverified unanchored tools/build_grammar.sh"}},
		{"twin: a package deeper down, named by itself", "## Formatter\n\nThe host side is `oxc_formatter/embed/css.rs`.\n", nil},
	})
}

// TestFortiethHoldoutUnspacedDash: a layout list's row whose dash follows the path unspaced ("- `daemon/man`-
// All Moby reference manuals", moby's CONTRIBUTING.md, beside rows spaced " - ") describes a place the
// repository keeps, as its neighbours do: a path never there is drift, not a mere mention. A hyphenated
// word after a span is no such row.
func TestFortiethHoldoutUnspacedDash(t *testing.T) {
	g := newGitFixture(t)
	g.write("daemon/internal/x.go", "package internal\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a row with an unspaced dash", "## Where to put your changes\n\n- `daemon/man`- All Moby reference manuals\n", []string{"evidence_file_missing daemon/man"}},
		{"a row with a spaced dash", "## Where to put your changes\n\n- `daemon/man` - All Moby reference manuals\n", []string{"evidence_file_missing daemon/man"}},
		{"twin: a hyphenated word after the span", "## Where to put your changes\n\n- `daemon/man`-style pages are generated\n", []string{"unverified evidence_file_missing daemon/man"}},
	})
}

// TestFortyFirstHoldoutTouched: a file a command block makes ("$ touch src/utils/multiply.test.ts" for a
// test the reader writes, mswjs/msw's CONTRIBUTING.md) is the reader's in every later mention ("$ pnpm
// test:unit src/utils/multiply.test.ts"); the same run with no touch before it still names a file that
// must be there.
func TestFortyFirstHoldoutTouched(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/utils/add.ts", "export const add = 1\n")
	g.write("package.json", `{"scripts":{"test:unit":"vitest"}}`+"\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	run := "#### Running a single unit test\n\nOnce your test is written, run it in isolation.\n\n```bash\n$ pnpm test:unit src/utils/multiply.test.ts\n```\n"
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a file touched before", "#### Writing a unit test\n\nCreate the test file next to the function:\n\n```bash\n$ touch src/utils/multiply.test.ts\n```\n\n" + run, nil},
		{"a directory made before", "#### Layout\n\n```bash\nmkdir -p src/features/\n```\n\nThe features live in `src/features/`.\n", nil},
		{"twin: the directory with no mkdir", "#### Layout\n\nThe features live in `src/features/`.\n", []string{"unverified unanchored src/features/"}},
		{"twin: no touch before the run", run, []string{"unverified unanchored src/utils/multiply.test.ts"}},
	})
}

// TestFortyFirstHoldoutSwappedParts: a file name of the right words in the wrong order (tursodatabase's
// CONTRIBUTING.md runs `testing/test.all` for testing/all.test, never in history) is drift with the file
// the repository has; a name of other words stays a mere mention.
func TestFortyFirstHoldoutSwappedParts(t *testing.T) {
	g := newGitFixture(t)
	g.write("testing/all.test", "x\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"the words swapped", "## Testing\n\nThe test suite is in `testing/test.all`.\n", []string{"evidence_file_missing testing/test.all"}},
		{"twin: other words", "## Testing\n\nThe test suite is in `testing/test.some`.\n", []string{"unverified evidence_file_missing testing/test.some"}},
	})
}

// TestFortyFirstHoldoutRelanded: a PR whose fixes "had to be re-landed" (micro/go-micro's CLAUDE.md: a
// squash merge orphaned its commits) says its own commits are not in history; a PR said to have landed
// still must be.
func TestFortyFirstHoldoutRelanded(t *testing.T) {
	g := newGitFixture(t)
	g.write("a.go", "package a\n")
	g.commit("2026-06-01T10:00:00Z", "init (#12)")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"re-landed", "- **Base PRs on `master`.** If that base squash-merges, your commit gets orphaned (this happened — the #3007 fixes had to be re-landed).\n", nil},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: landed", "- **Base PRs on `master`.** The fixes landed in #3007.\n", []string{"ref_missing #3007"}},
	})
}

// TestFortySecondHoldoutEnterFolder: a list step that sends the reader into a folder ("1. Open the `backend`
// folder", pocket-id's CONTRIBUTING.md) places the later steps there: "3. Start the backend with `go run
// -tags exclude_frontend ./cmd`" runs backend/cmd. Without that step, or in a list where the step comes
// after, `./cmd` is read from the root.
func TestFortySecondHoldoutEnterFolder(t *testing.T) {
	g := newGitFixture(t)
	g.write("cmd/main.go", "package main\n")
	g.write("backend/cmd/main.go", "package main\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("cmd/main.go")
	g.commit("2026-07-01T10:00:00Z", "move into backend")
	repo := g.open(t)

	start := "3. Start the backend with `go run -tags exclude_frontend ./cmd`\n"
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a step into a folder before", "##### Backend\n\n1. Open the `backend` folder\n2. Copy the example file\n" + start, nil},
		{"navigate to the directory", "##### Backend\n\n1. Navigate to the `backend/` directory.\n" + start, nil},
		{"twin: no step into a folder", "##### Backend\n\n1. Copy the example file\n" + start, []string{"evidence_file_missing ./cmd"}},
		{"twin: the step comes after", "##### Backend\n\n1. Copy the example file\n" + start + "4. Open the `backend` folder\n", []string{"evidence_file_missing ./cmd"}},
	})
}

// TestFortySecondHoldoutNearestHolder: the one file of the written name below the nearest existing
// directory of a path that never landed, even a short name when that directory is below the top
// (Radarr's `src/NzbDrone.Core/Localization/en.json` for Localization/Core/en.json), and from the
// document's directory (AdGuardHome's client_v2/AGENTS.md naming `scripts/prepareConfig.mjs` for
// client_v2/tests/e2e/prepareConfig.mjs). Two files of the name at that level, or a short name found only
// from the top, are no evidence.
func TestFortySecondHoldoutNearestHolder(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"src/Core/Localization/Core/en.json", "src/Core/Localization/Core/de.json", "src/Web/i18n/fr.json", "src/Web/i18n/old/fr.json",
		"src/Api/data/x.json", "client_v2/tests/e2e/prepareConfig.mjs", "client_v2/package.json", "scripts/build.sh"} {
		g.write(f, "x\n")
	}
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a short name below a deep directory", "## Translations\n\nThe English strings are in `src/Core/Localization/en.json`.\n", []string{"evidence_file_missing src/Core/Localization/en.json"}},
		{"twin: two files of the name at that level", "## Translations\n\nThe French strings are in `src/Web/i18n/lang/fr.json`.\n", []string{"unverified unanchored src/Web/i18n/lang/fr.json"}},
		{"twin: a short name found only from the top", "## Translations\n\nThe other strings are in `src/Other/x.json`.\n", []string{"unverified unanchored src/Other/x.json"}},
	})
	runDriftCases(t, repo, "client_v2/AGENTS.md", []driftCase{
		{"read from the document's directory", "## E2E\n\nThe tests are prepared by `scripts/prepareConfig.mjs`.\n", []string{"evidence_file_missing scripts/prepareConfig.mjs"}},
	})
}

// TestFortySecondHoldoutLabelledVersion: a least version written as a label and its value ("**Go
// Version**: 1.24+ (see go.mod)", inngest's copilot-instructions.md, beside a "**Go 1.24+**" line that was
// read) is the same claim; a label whose value the manifest meets holds.
func TestFortySecondHoldoutLabelledVersion(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/x\n\ngo 1.26.4\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a label and its value", "## Go\n\n- **Go Version**: 1.24+ (see go.mod)\n", []string{"evidence_changed Go Version: 1.24+"}},
		{"a label with a colon only", "## Go\n\n- Go: 1.24+\n", []string{"evidence_changed Go: 1.24+"}},
		{"twin: the value the manifest asks", "## Go\n\n- **Go Version**: 1.26+ (see go.mod)\n", nil},
	})
}

// TestFortySecondHoldoutLayoutPlace: a bare name in a layout list whose other rows are all at the root is
// read at the root (go-vikunja's AGENTS.md: "`docs/` – Documentation website" beside `pkg/`, `frontend/`,
// `desktop/`, after the root docs/ was removed; frontend/docs/ is another folder). A list of rows that are
// no root names, or a list of two rows, still finds the name anywhere.
func TestFortySecondHoldoutLayoutPlace(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"pkg/a.go", "frontend/docs/a.md", "frontend/src/x/a.ts", "frontend/src/y/a.ts", "frontend/src/z/a.ts", "desktop/main.js", "magefile.go", "docs/index.md"} {
		g.write(f, "x\n")
	}
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("docs/index.md")
	g.commit("2026-07-01T10:00:00Z", "docs move to their own repository")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"root rows", "## Overview\n\nThe project consists of:\n- `pkg/` – Go code\n- `frontend/` – web client\n- `magefile.go` – build script\n- `desktop/` – Electron wrapper\n- `docs/` – Documentation website\n",
			[]string{"evidence_file_missing docs/"}},
		{"twin: rows that are no root names", "## Frontend\n\nIts folders:\n- `x/` – one\n- `y/` – two\n- `z/` – three\n- `docs/` – the docs\n", nil},
		{"twin: two rows", "## Overview\n\n- `pkg/` – Go code\n- `docs/` – Documentation website\n", nil},
	})
}

// TestFortySecondHoldoutLayoutLevels: a nested list under a root layout row is no row of the root layout:
// "`models/`" under "`pkg/` – Go code" is pkg's, and is not read at the root because the rows around its
// parent are there.
func TestFortySecondHoldoutLayoutLevels(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"pkg/models/a.go", "frontend/a.ts", "desktop/main.js", "magefile.go"} {
		g.write(f, "x\n")
	}
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a nested row", "## Overview\n\n- `pkg/` – Go code\n  - `models/` – domain entities\n- `frontend/` – web client\n- `magefile.go` – build script\n- `desktop/` – Electron wrapper\n", nil},
	})
}

// TestFortyThirdHoldoutClasses: a service file named with "xx" for the reader's own (ragflow's web/CLAUDE.md:
// "`src/services/xx-service.ts` — Register endpoints via ..."), and a directory the reader is told not to
// make again ("**Do not** recreate `src/praisonai/praisonai_code/`", PraisonAI's AGENTS.md), are no claims
// that they exist; the same names said to hold code still are.
func TestFortyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/services/llm-service.ts", "export {}\n")
	g.write("src/praisonai-code/a.py", "x\n")
	g.gone("2026-06-01T10:00:00Z", "2026-07-01T10:00:00Z", "src/praisonai/praisonai_code/a.py")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"an xx placeholder", "## Network Request Layering\n\n2. `src/services/xx-service.ts` — Register endpoints via `registerNextServer`.\n", nil},
		{"twin: a real name", "## Network Request Layering\n\n2. `src/services/auth-service.ts` — Register endpoints via `registerNextServer`.\n",
			[]string{"unanchored src/services/auth-service.ts"}},
		{"not to recreate", "## Layout\n\n**Do not** recreate `src/praisonai/praisonai_code/` — it shadows the real package.\n", nil},
		{"twin: said to hold the package", "## Layout\n\nThe code package lives in `src/praisonai/praisonai_code/`.\n", []string{"evidence_file_missing src/praisonai/praisonai_code/"}},
	})
}
