package engine_test

import "testing"

// TestCommandsUnderTheTier: a make target or npm script its manifest lacks is drift when a commit
// removed it from that manifest, and an unverified mention when no commit ever defined it there.
func TestCommandsUnderTheTier(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", ".PHONY: test old-e2e\n\ntest:\n\tgo test ./...\n\nold-e2e: test\n\t./e2e.sh\n")
	g.write("tools/Makefile", "gen:\n\tgo generate ./...\n")
	g.write("package.json", `{"name": "app", "scripts": {"test": "jest", "test-main": "jest main"}}`+"\n")
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.write("Makefile", ".PHONY: test\n\ntest:\n\tgo test ./...\n")
	g.write("tools/Makefile", "lint:\n\tgolangci-lint run\n")
	g.write("package.json", `{"name": "app", "scripts": {"test": "jest", "test-all": "jest all"}}`+"\n")
	g.commit("2026-06-02T10:00:00Z", "drop old commands")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a target a commit removed", "Run `make old-e2e` before you push.", []string{"evidence_changed make old-e2e"}},
		{"a target of a subdirectory's Makefile a commit removed", "Run `make -C tools gen` to regenerate.", []string{"evidence_changed make gen"}},
		{"a script a commit removed", "Run `pnpm run test-main` before you push.", []string{"evidence_changed pnpm run test-main"}},
		{"a target no commit defined", "Run `make install-linters` first.", []string{"unverified evidence_changed make install-linters"}},
		{"a script no commit defined", "Run `pnpm run lint:all` first.", []string{"unverified evidence_changed pnpm run lint:all"}},
	})
}
