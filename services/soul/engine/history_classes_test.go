package engine_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRepoClasses pins the classes that need the repository to decide, found on Python and Rust
// projects with real history: a gitignored checkout named as a weak path, a document symlinked into
// the docs tree whose links are the docs page's, a member the sentence declines, and a PR number a
// distant "shipped" does not govern.
func TestRepoClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write(".gitignore", "crates/lint/resources/test/cpython\n")
	g.write("docs/.gitignore", "/rules/\n")
	g.write("crates/lint/resources/test/README.md", "fixtures\n")
	g.write("docs/install.md", "install\n")
	g.write("docs/contributing.md", "# Contributing\n\n## Build\n\nSee [install](install.md#slim) first.\n\nBroken: [old](gone.md).\n")
	g.write("src/adapter.py", "class AGUIAdapter:\n    run_input = None\n")
	g.write("src/lib.rs", "pub fn run() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	if err := os.Symlink("docs/contributing.md", filepath.Join(g.root, "CONTRIBUTING.md")); err != nil {
		t.Fatal(err)
	}
	g.commit("2026-06-02T10:00:00Z", "link the contributing page (#2)")

	tests := []struct {
		name, doc, body string
		// want is the drift anchors the check must report, in order
		want []string
	}{
		{"gitignored checkout as a weak path", "AGENTS.md", "# A\n\n## Benchmarks\n\nThen, from `crates/lint/resources/test/cpython`, run pylint.\n", nil},
		{"dir-only ignore rule", "AGENTS.md", "# A\n\n## Docs\n\n`cargo dev generate-all` updates `docs/rules`.\n", nil},
		{"a weak path under a real top dir, not ignored, is drift", "AGENTS.md", "# A\n\n## Layout\n\nFixtures live in `crates/lint/resources/fixtures`.\n", []string{"unverified crates/lint/resources/fixtures"}},
		{"symlinked document links from its target", "CONTRIBUTING.md", "", []string{"gone.md"}},
		{"a declined member", "AGENTS.md", "# A\n\n## Adapter\n\nWe documented the wiring instead of exposing `AGUIAdapter.context`.\n", nil},
		{"a missing member stays drift", "AGENTS.md", "# A\n\n## Adapter\n\nRead the context off `AGUIAdapter.context`.\n", []string{"unverified AGUIAdapter.context"}},
		{"PR a distant shipped does not govern", "AGENTS.md", "# A\n\n## Status\n\nThe review bot shipped this way and its agent never fired once, reporting false-green on every PR (#66).\n", nil},
		{"PR the clause says merged, in an ordinary document: held", "AGENTS.md", "# A\n\n## Status\n\nThe parser rewrite merged in #66.\n", nil},
		{"PR the clause says merged, in a soul", "PATHOS.md", "# A\n\n## Current state\n\nThe parser rewrite merged in #66.\n", []string{"#66"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var src []byte
			if tc.body != "" {
				src = []byte(tc.body)
			} else {
				b, err := os.ReadFile(filepath.Join(g.root, tc.doc))
				if err != nil {
					t.Fatal(err)
				}
				src = b
			}
			assertDrift(t, driftOf(t, g.open(t), tc.doc, src), tc.want)
		})
	}
}
