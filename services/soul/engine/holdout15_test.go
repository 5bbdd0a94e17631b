package engine_test

import (
	"fmt"
	"testing"
)

// TestFifteenthHoldoutClasses: make targets a Makefile includes (jaeger's scripts/makefiles/*.mk), a
// script of a workspace package among hundreds of fixtures (pnpm's repository), a file a step adds
// (`.nocover`) and a kind of file the users have (`.tool-versions` files), each beside its twin. The
// package manager's own commands in its own repository (`pnpm change`) are unverified, not drift:
// its sources define them, and the same shape hid a true one (`pnpm changeset`, gone with its
// dependency), so the notice stays.
func TestFifteenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "include scripts/makefiles/Tools.mk\n-include scripts/makefiles/Build*.mk\n\ntest:\n\tgo test ./...\n")
	g.write("scripts/makefiles/Tools.mk", "install-tools:\n\tgo install ./tools/...\n")
	g.write("scripts/makefiles/BuildBinaries.mk", "build-ui:\n\tnpm run build\n")
	g.write("package.json", `{"name": "monorepo", "scripts": {"test-all": "jest", "change": "changeset"}}`+"\n")
	g.write("tools/pnpm/package.json", `{"name": "pnpm", "scripts": {"bundle": "node bundle.ts"}}`+"\n")
	for i := range 210 {
		g.write(fmt.Sprintf("pkg/a/b/c/fixtures/f%03d/package.json", i), `{"name": "fixture", "scripts": {"noop": "true"}}`+"\n")
	}
	g.write(".nocover", "\n")
	g.write(".tool-versions", "go 1.26\n")
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove(".nocover")
	g.remove(".tool-versions")
	g.write("package.json", `{"name": "monorepo", "scripts": {"test-all": "jest"}}`+"\n")
	g.commit("2026-06-02T10:00:00Z", "drop the markers")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a target an included makefile defines", "Run `make install-tools` first.", nil},
		{"a target a globbed include defines", "Run `make build-ui` to build the UI.", nil},
		{"twin: a target no makefile defines, nor ever did", "Run `make install-linters` first.", []string{"unverified evidence_changed make install-linters"}},
		{"a script of a workspace package past the fixtures", "This runs `pnpm run bundle`, which bundles all packages.", nil},
		{"the package manager's own command in its repository", "Record a change with `pnpm change`.", []string{"unverified evidence_changed pnpm change"}},
		{"a file a step adds", "If a package has no tests, add a file `.nocover` to exclude the package.", nil},
		{"twin: the same file said to be at the root", "The `.nocover` file at the root excludes the package.", []string{"evidence_file_missing .nocover"}},
		{"a kind of file the users have", "The tool reads `.tool-versions` files for ASDF compatibility.", nil},
		{"twin: the same file said to pin this repository", "`.tool-versions` pins the tools this repository builds with.", []string{"evidence_file_missing .tool-versions"}},
	})

	other := newGitFixture(t)
	other.write("package.json", `{"name": "app", "scripts": {"test": "jest", "change": "changeset"}}`+"\n")
	other.commit("2026-06-01T10:00:00Z", "init")
	other.write("package.json", `{"name": "app", "scripts": {"test": "jest"}}`+"\n")
	other.commit("2026-06-02T10:00:00Z", "drop the change script")
	runDriftCases(t, other.open(t), "CONTRIBUTING.md", []driftCase{
		{"twin: a script a commit removed, no own package manager", "Record a change with `pnpm change`.", []string{"evidence_changed pnpm change"}},
	})
}
