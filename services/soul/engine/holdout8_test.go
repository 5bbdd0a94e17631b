package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestEighthHoldoutClasses: classes of false drift from the seventh and eighth holdouts of real clones
// (services/soul/HOLDOUTS.md), each beside the twin that must still flag.
func TestEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "format:\n\truff format\nlint:\n\truff check\ntypecheck:\n\tpyright\n")
	g.write("src/app.py", "def main():\n    pass\n")
	g.write("tools/rules.md", "# rules\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("tools/rules.md")
	g.commit("2026-06-02T10:00:00Z", "drop the rules")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a board's option ids in a table", "| Status | Option ID |\n| --- | --- |\n| Incoming | `721a3d4c` |\n| Done | `259d6aab` |", nil},
		{"a hex id of something else in prose", "The cache key is `9f86d081e4`.", nil},
		{"an option id beside a merge", "On merge of a v2 PR, move the item to Done (option id `259d6aab`), since auto-close won't fire; keep the line anyway so issues close once v2 is merged to main.", nil},
		{"twin: landed in", "The parser change landed in `259d6aab`.", []string{"ref_missing 259d6aab"}},
		{"twin: a commit the sentence names", "The parser was fixed in `721a3d4c`.", []string{"ref_missing 721a3d4c"}},
		{"twin: the word commit", "See commit 9f86d081e4 for the migration.", []string{"ref_missing 9f86d081e4"}},
		{"a dependency's pinned commit", "The decision table of v1.5.0 (`vouch/github.nu` at pinned SHA `d66fa29`) is worth stating outright.", nil},
		{"a lead-in naming a gone file", "When working with the server, follow the patterns established in `tools/rules.md`:", []string{"evidence_file_missing tools/rules.md"}},
		{"make targets written as alternatives", "Run `make format/lint/typecheck` before pushing.", nil},
		{"twin: one alternative is no target", "Run `make format/lint/vet` before pushing.", []string{"unverified evidence_changed make format/lint/vet"}},
	})
}

// TestPackageTopGlobs: a glob with one fixed directory, written from inside the packages of a
// monorepo ("their tsconfig.test.json includes `__tests__/**/*`"), matches under some package and the
// root never had that directory. A root directory history had, that moved into a package, keeps the
// finding: the document still describes the old tree.
func TestPackageTopGlobs(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/index.ts", "export const a = 1\n")
	g.write("src/index.test.ts", "test('a', () => {})\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("src/index.ts")
	g.remove("src/index.test.ts")
	g.write("clients/web/src/index.ts", "export const a = 1\n")
	g.write("clients/web/src/index.test.ts", "test('a', () => {})\n")
	g.write("clients/cli/__tests__/run.test.ts", "test('run', () => {})\n")
	g.write("clients/cli/src/run.ts", "export function run() {}\n")
	g.commit("2026-06-02T10:00:00Z", "move the web client into clients/, add the cli")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a tests root read from each client", "Each client's `tsconfig.test.json` includes `__tests__/**/*`.", nil},
		{"twin: a root directory that moved", "Tests sit beside their code: `src/**/*.test.ts`.", []string{"evidence_file_missing src/**/*.test.ts"}},
	})
}

// TestTemporalNeverThere: a sentence said of a moment ("currently") about a file that never landed in
// history is no "outlived: X is gone" drift (the eighth holdout's Transition.mjs, inside a dependency):
// the tier rule judges the name. A file a commit deleted is still outlived.
func TestTemporalNeverThere(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/old/setup.ts", "export const a = 1\n")
	g.write("src/app.ts", "export const b = 2\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("src/old/setup.ts")
	g.commit("2026-06-02T10:00:00Z", "drop the old setup")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a dependency's file, said of now", "The env flag is currently read only by `Transition.mjs`, at its render branch.", []string{"unverified unanchored Transition.mjs"}},
		{"twin: a deleted file, said of now", "Setup currently lives in `src/old/setup.ts`.", []string{"expired src/old/setup.ts"}},
	})
}

// TestPlaceAndLayoutAssertions: the seventh and eighth holdouts' true findings the tiers reported as
// unverified mentions. A sentence that says where something is configured or can be found, and a layout
// row that opens with a path and describes it, assert the path exists; a traceless one is drift. The
// twins stay mentions: a name inside a row's description, a place a thing lives in passing.
func TestPlaceAndLayoutAssertions(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/layouts/_partials/layouts/icons.html", "<svg></svg>\n")
	g.write("package.json", "{}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"configured in", "**Linter and formatter:** Biome, configured in `biome.json`.", []string{"unanchored biome.json"}},
		{"can be found in the file", "Task definitions can be found in the `turbo.config.js` file.", []string{"unanchored turbo.config.js"}},
		{"a layout table's row", "| Path | What |\n| --- | --- |\n| `pr-reviews/` | Pull request review materials |", []string{"unanchored pr-reviews/"}},
		{"a layout list's row", "- `docs/layouts/_partials/icons.html`: SVG icon sprites.", []string{"evidence_file_missing docs/layouts/_partials/icons.html"}},
		{"twin: a name inside a row's description", "| Path | What |\n| --- | --- |\n| `package.json` | scripts; reviews go in `pr-reviews/` |", []string{"unverified unanchored pr-reviews/"}},
		{"twin: a row that opens with a glob", "- `tmp/run-*.log`: logs a run writes.", []string{"unverified evidence_file_missing tmp/run-*.log"}},
	})
}

// TestNamingPatternInstances: a naming pattern with <placeholders> accounts for the names near it that
// fit it or its tail: the ninth holdout's pipecat CONTRIBUTING lists the changelog fragment kinds
// (`security.md`, beside a tracked SECURITY.md) and an example fragment under `<PR_number>.<type>.md`.
// A name far from any pattern, or one that fits none, is judged as before. The fixture spells the file
// Security.md: a lowered SECURITY.md is its own class now (lowerCased, the thirty-eighth holdout).
func TestNamingPatternInstances(t *testing.T) {
	g := newGitFixture(t)
	g.write("Security.md", "# security\n")
	g.write("changelog/.gitkeep", "")
	g.write("docs/old.md", "# old\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("docs/old.md")
	g.commit("2026-06-02T10:00:00Z", "drop the old guide")
	repo := g.open(t)
	fragments := "1. Create a file in the `changelog/` directory named:\n\n   ```\n   <PR_number>.<type>.md\n   ```\n\n2. Choose the type:\n   - `added.md` - New features\n   - `security.md` - Security fixes\n\n**Example files:**\n\n`changelog/1234.added.md`:\n\n```markdown\n- Added a thing.\n```\n"

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"the kinds and an example of a fragment pattern", fragments, nil},
		{"twin: a gone file beside the pattern", fragments + "\nThe old guide is `docs/old.md`.", []string{"evidence_file_missing docs/old.md"}},
		{"twin: a case near miss with no pattern", "- `security.md` - how to report a vulnerability", []string{"evidence_file_missing security.md"}},
	})
}

// TestTenthHoldoutClasses: a directory named foo in a layout row and CamelCase illustrations
// (element-x's `features/foo/api`, `FooNode.kt`), and a glob into a submodule (rolldown's
// `test262/*`), each beside its twin.
func TestTenthHoldoutClasses(t *testing.T) {
	sub := newGitFixture(t)
	sub.write("README.md", "# suite\n")
	sub.commit("2026-06-01T10:00:00Z", "suite")
	g := newGitFixture(t)
	g.write("features/login/api/Api.kt", "interface Api\n")
	for _, n := range []string{"a", "b", "c", "d"} {
		g.write("libraries/compound/"+n+".kt", "package compound\n")
	}
	g.write("libraries/compound/Style.swift", "enum Style {\n    case primary\n    case secondary\n}\n")
	g.write("libraries/compound/CompoundIcons.kt", "object CompoundIcons {\n    fun UserProfileSolid(): Int = 1\n}\n")
	g.write("src/main.rs", "fn main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.root, "test262")
	g.commit("2026-06-02T10:00:00Z", "add the test suite")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a foo directory in a layout row", "- `features/foo/api`: Public interfaces and data classes.", nil},
		{"a CamelCase illustration", "Each screen has a node, e.g. `features/login/impl/FooNode.kt`.", nil},
		{"a bare CamelCase illustration in a list", "- `FooPresenter.kt`: the presenter of the screen.", nil},
		{"twin: a real name in a layout row", "- `features/login/impl`: Internal implementation.", []string{"evidence_file_missing features/login/impl"}},
		{"a template its example follows", "**Icons**: Use `CompoundIcons.IconName()` (e.g., `CompoundIcons.UserProfileSolid()`).", nil},
		{"twin: a member the type lacks", "**Icons**: Use `CompoundIcons.UserProfileOutline()` for the avatar.", []string{"unverified symbol_missing CompoundIcons.UserProfileOutline()"}},
		{"a Swift case written with its dot", "Buttons use the `.primary` style by default.", nil},
		{"twin: a dot-file nothing uses", "Settings live in `.toolrc` at the root.", []string{"unverified unanchored .toolrc"}},
		{"a reference format", "File path references use format: `file.php:123` for line numbers.", nil},
		{"a glob into a submodule", "- `test262/*` - Git submodule for the ECMAScript test suite", nil},
		{"twin: a glob into a real directory", "- `src/bin/*` - the binaries", []string{"unverified evidence_file_missing src/bin/*"}},
	})
}

// driftCase is one document body and the findings a check of it must give, in report order.
type driftCase struct {
	name, body string
	want       []string
}

// runDriftCases checks each case's body as doc of repo, one subtest each.
func runDriftCases(t *testing.T, repo engine.Repo, doc string, cases []driftCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, doc, notes(tc.body)), tc.want)
		})
	}
}

// TestEleventhHoldoutClasses: a link to the forge's issue page, a file a step "will" generate, and
// git's own settings, each beside its twin.
func TestEleventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package-lock.json", "{}\n")
	g.write("docs/old.md", "# old\n")
	g.write("src/user.go", "package src\n\ntype User struct{ ID int }\n")
	g.write("pkg/user/user.go", "package user\n\nfunc Lookup() {}\n")
	g.write("src/name.go", "package src\n\nvar name = \"\"\n\nfunc email() string { return name }\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("package-lock.json")
	g.remove("docs/old.md")
	g.write("pnpm-lock.yaml", "lockfileVersion: 9\n")
	g.commit("2026-06-02T10:00:00Z", "move to pnpm")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"the forge's issue page", "- Check [Bug Reports](../../issues?q=is%3Aissue%20label%3Abug) for currently tracked issues", nil},
		{"the forge's pulls, no query", "- Review the [open pull requests](../../pulls) first.", nil},
		{"twin: a gone page of the repository", "- Read [the old guide](docs/old.md) first.", []string{"evidence_file_missing docs/old.md"}},
		{"a file a step will generate", "If you install using `npm`, unnecessary `package-lock.json` files will be generated.", nil},
		{"twin: a gone lock file named as kept", "The lock file is `package-lock.json`; commit it with your change.", []string{"evidence_file_missing package-lock.json"}},
		{"twin: a member the type lacks", "The profile reads `User.Email` from the session.", []string{"unverified symbol_missing User.Email"}},
	})
}

// TestTwelfthHoldoutClasses: a URL-encoded link (prisma's `docs/Architecture%20Overview.md`) and
// names a sentence places in the past ("used to live in", "replaces", "the legacy"), each beside its
// twin.
func TestTwelfthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/Architecture Overview.md", "# overview\n")
	g.write("admin/old/engine.rb", "module Admin; end\n")
	g.write("validate/param.go", "package validate\n\nfunc ParamRef() {}\n")
	g.write("src/main.go", "package main\n\nfunc main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("admin/old/engine.rb")
	g.remove("validate/param.go")
	g.commit("2026-06-02T10:00:00Z", "retire the old admin and the validator")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a URL-encoded link", "- [Architecture Overview](docs/Architecture%20Overview.md) — High-level design", nil},
		{"twin: an encoded link to nothing", "- [Testing Guide](docs/Testing%20Guide.md) — how we test", []string{"unanchored docs/Testing Guide.md"}},
		{"what the code used to be", "`Dollar` — the placeholder validation that used to live in `validate.ParamRef`.", nil},
		{"what a new thing replaces", "The admin dashboard, a React SPA that replaces the legacy Rails `admin/old/` engine.", nil},
		{"twin: the old name as today's", "The admin engine lives in `admin/old/`.", []string{"evidence_file_missing admin/old/"}},
	})
}

// TestColonNamespacesInUnreadLanguages: spree writes `Spree::Promotion` for a Ruby class (`module Spree`
// / `class Promotion`), and its TypeScript dashboard defines another Promotion: "defined, but not
// under Spree" was the TS one's. A repository with Ruby, PHP or C++ sources may define the namespace
// where soul cannot read; one without keeps the finding.
func TestColonNamespacesInUnreadLanguages(t *testing.T) {
	rb := newGitFixture(t)
	rb.write("core/app/models/spree/promotion.rb", "module Spree\n  class Promotion < Base\n  end\nend\n")
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		rb.write("dashboard/src/"+n+".ts", "export const "+n+" = 1\n")
	}
	rb.write("dashboard/src/promotion.ts", "export class Promotion {}\n")
	rb.commit("2026-06-01T10:00:00Z", "init")
	ts := newGitFixture(t)
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		ts.write("src/"+n+".ts", "export const "+n+" = 1\n")
	}
	ts.write("src/promotion.ts", "export class Promotion {}\n")
	ts.write("src/spree.ts", "export namespace Spree { export const x = 1 }\n")
	ts.commit("2026-06-01T10:00:00Z", "init")

	runDriftCases(t, rb.open(t), "AGENTS.md", []driftCase{
		{"a Ruby class under its module", "Promotions are `Spree::Promotion` records.", nil},
	})
	runDriftCases(t, ts.open(t), "AGENTS.md", []driftCase{
		{"twin: no Ruby, PHP or C++ here", "Promotions are `Spree::Promotion` records.", []string{"unverified evidence_changed Spree::Promotion"}},
	})
}

// runSoulCases checks each case's body as the live state of a soul (PATHOS.md), one subtest each: the
// laws a soul keeps that an ordinary document is spared (a PR number its log lacks).
func runSoulCases(t *testing.T, repo engine.Repo, cases []driftCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run("soul: "+tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "PATHOS.md", []byte("# A\n\n## Current state\n\n"+tc.body+"\n")), tc.want)
		})
	}
}
