package engine_test

import (
	"testing"
)

// TestSeventySixthHoldoutClasses: the false rows of the seventy-sixth holdout, each beside a twin that
// stays drift.
func TestSeventySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"fressh","scripts":{"build":"bun build"}}`+"\n")
	g.write("src/PostCard/PostCard.tsx", "export {}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "docs/guide.md", "src/ComponentName/ComponentName.tsx")
	g.write("package.json", `{"name":"fressh","scripts":{"build":"bun build","test":"bun test"}}`+"\n")
	g.commit("2026-04-03T10:00:00Z", "add test script")
	g.write("package.json", `{"name":"fressh","scripts":{"build":"bun build"}}`+"\n")
	g.commit("2026-05-03T10:00:00Z", "drop test script")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"Bun's own test runner", "- Use `bun test` instead of `jest` or `vitest`.", nil},
		{"twin: the test script run through bun", "- Run the suite with `bun run test`.", []string{"evidence_changed bun run test"}},
		{"a page its line calls still to come", "- **[Testing Guide](docs/testing.md)** - E2E, unit, and integration testing *(Coming Soon)*", nil},
		{"twin: a page its line gives as written", "- **[Guide](docs/guide.md)** - E2E, unit, and integration testing", []string{"evidence_file_missing docs/guide.md"}},
		{"a component's file written as its kind and the word Name", "| One component per folder | `src/ComponentName/ComponentName.tsx` |", nil},
		{"twin: a component's file by its own name, gone", "| One component per folder | `src/PostList/PostList.tsx` |", []string{"unverified unanchored src/PostList/PostList.tsx"}},
	})
}
