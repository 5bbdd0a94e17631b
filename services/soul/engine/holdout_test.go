package engine_test

import "testing"

// TestHoldoutClasses pins the classes found by checking real clones the checker had never seen (the
// MCP SDKs, crush, jj, openai-agents-js): ways real documents name things that need not exist as files,
// and names the checker resolved against the wrong thing. Each class has its drift twin: the same shape
// where the repository does not bear the sentence out stays drift.
func TestHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("cli/Cargo.toml", "[package]\nname = \"jj-cli\"\n\n[[bin]]\nname = \"jj\"\npath = \"src/main.rs\"\n")
	g.write("cli/src/main.rs", "fn main() {}\n")
	g.write("package.json", `{
  "name": "agents-monorepo",
  "scripts": {
    "build": "tsc -b",
    "changeset:validate": "node scripts/validate.mjs"
  },
  "devDependencies": {
    "@changesets/cli": "^2.31.0",
    "@biomejs/biome": "^2.0.0",
    "@acme/build": "^1.0.0",
    "typescript": "^5.9.0",
    "vitest": "^3.0.0"
  }
}
`)
	g.write("internal/ui/model/ui.go", "package model\n\ntype uiLayout struct {\n\theader int\n\tmain   int\n}\n")
	g.write("internal/ui/diffview/diffview.go", "package diffview\n\ntype layout int\n\ntype header struct{}\n")
	g.write("tests/client/test_stdio.py", "def test_stdio():\n    pass\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	g.git("tag", "v1.23.0")
	g.git("tag", "v1.24.0")
	g.git("branch", "v1.x")
	g.git("update-ref", "refs/remotes/origin/release-2.0", "HEAD")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		// a branch of this clone written like a file: local, or only origin's (a real clone's case)
		{"a local branch named like a file", "`v1.x` is the maintenance branch for the previous major.", nil},
		{"a branch only origin has", "Backports go to `release-2.0`.", nil},
		{"a name no branch or file holds stays drift", "Backports go to `v2.x`.", []string{"unverified unanchored v2.x"}},
		// a version offered as an example of a tag is no release claim
		{"an example version", "Trigger the release workflow, specifying the tag (e.g., `v1.23.2`).", nil},
		{"a version said released stays drift", "We released `v1.23.2` last week.", []string{"version_not_tagged v1.23.2"}},
		// metasyntactic words inside a segment
		{"a foo word in a placeholder path", "Run `uv run pytest tests/path/test_foo.py` for one file.", nil},
		{"a real test path stays checked", "Run `uv run pytest tests/client/test_http.py` for one file.", []string{"unverified unanchored tests/client/test_http.py"}},
		// a dot word naming a family of files by their ending
		{"dot word before variants", "It reads AGENTS.md and CLAUDE.md (and `.local` variants) from the working directory.", nil},
		{"a dotfile named alone stays drift", "It reads its settings from `.local` in the working directory.", []string{"unverified unanchored .local"}},
		// an account on a forge
		{"a forge organization", "If you have been invited to the `jj-vcs/` organization, push branches directly.", nil},
		{"a directory after the same words stays drift", "If you have been invited, see `jj-vcs/` for the scripts.", []string{"unanchored jj-vcs/"}},
		// the program's own state directory, in the program's own guide
		{"the state directory of a binary the repo builds", "Changes to the repo format (everything which is in `.jj/`) are disruptive.", nil},
		{"a dot directory of no program here stays drift", "Changes to the repo format (everything which is in `.kk/`) are disruptive.", []string{"unverified unanchored .kk/"}},
		// a value named after its type's last word
		{"a field read off a value named after its type", "Layout is a `uiLayout` struct with fields like `layout.header` and `layout.main`.", nil},
		{"a field no such type declares stays drift", "Layout is a `uiLayout` struct with fields like `layout.footer`.", []string{"unverified symbol_missing layout.footer"}},
		// a package manager running a dependency's binary
		{"pnpm runs a scoped dependency's binary", "Generate a changeset (`pnpm changeset`).", nil},
		{"pnpm runs a binary named in its scope", "Format with `pnpm biome format`.", nil},
		{"a binary named unlike its package", "Type-check with `pnpm tsc --noEmit`.", nil},
		{"a scoped package's last word is no binary", "Build with `pnpm build:all`.", []string{"unverified evidence_changed pnpm build:all"}},
		{"pnpm run names a script only", "Generate one with `pnpm run changeset`.", []string{"unverified evidence_changed pnpm run changeset"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}

// TestEmptiedPlace pins that a place the next sentence of its paragraph calls empty ("Located in
// `x/`. Currently empty.") is no claim that it holds files: git keeps no empty directory. The twins:
// the same place with no such sentence, or with one in another paragraph, stays drift.
func TestEmptiedPlace(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("packages/core/src/index.ts", "export const x = 1\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		{"a glob the next sentence calls empty", "Located in `packages/*/src/experimental/`. Currently empty.", nil},
		{"a directory called empty for now", "Drafts are kept in `packages/core/src/drafts/`. It is empty for now.", nil},
		{"the directory with no such sentence stays drift", "Drafts are kept in `packages/core/src/drafts/`. See the guide.", []string{"unverified unanchored packages/core/src/drafts/"}},
		{"the same glob with no such sentence stays drift", "Located in `packages/*/src/experimental/`. See the guide.", []string{"unverified evidence_file_missing packages/*/src/experimental/"}},
		{"an empty note in another paragraph stays drift", "Located in `packages/*/src/experimental/`.\n\nCurrently empty.", []string{"unverified evidence_file_missing packages/*/src/experimental/"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}
