package engine_test

import (
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestSeventyThirdHoldoutClasses: the false rows of the seventy-third holdout, each beside a twin that
// stays drift.
func TestSeventyThirdHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/guards.ts", "export function requireAgent() {}\nexport function requirePermission(r, a) {}\nexport function requireAdmin() {}\nexport function requireOwner() {}\n")
	g.write("apps/ext/test/AGENTS.md", "# tests\n")
	g.write("apps/ext/test/commands/bundle.property.test.ts", "test()\n")
	g.write("test/smoke.sh", "true\n")
	g.write("README.md", "# r\n")
	g.write("CLAUDE.md", "# c\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "scripts/verify-host.sh", "SKILL.md", "assets/map.json", "ai-exported/quickstart.md", "apps/ext/test/ui/view.e2e.test.ts")
	g.commit("2026-05-03T10:00:00Z", "app")
	g.write("src/guards.ts", "export function requireAgent() {}\nexport function requirePermission(r, a) {}\n")
	g.commit("2026-05-04T10:00:00Z", "drop requireAdmin")
	repo := g.open(t)

	home := func(root string) string {
		return "## Single-skill model\n\n```\n" + root + "\n├── SKILL.md           # static routing skill\n└── assets/\n    └── map.json       # canonical clone map\n```"
	}
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a layout kept in the user's home", home("~/.local/share/offworld/skill/offworld/"), nil},
		{"twin: the same layout at the repository's root", home("./"), []string{"evidence_file_missing SKILL.md", "evidence_file_missing assets/"}},
		{"a guard the sentence says there is none of, the word in bold", "- RBAC is `requirePermission(resource, action)` — there is **no** `requireAdmin()` / `requireOwner()`.", nil},
		{"twin: the guard named as one to use", "- Route guards: `requireAgent()`, `requireAdmin()`.", []string{"symbol_removed requireAdmin()"}},
		{"a regime folded away and removed", "- There is one test system: the `scripts/verify-*` regime has been folded into the tiers and removed. Build\n  with the runner.", nil},
		{"twin: the regime named as the one to run", "- There is one test system: the hand-run `scripts/verify-*` regime runs the tiers.", []string{"evidence_file_missing scripts/verify-*"}},
		{"a tree that used to live in each package's directory", "- Knowledge: the same content that used to live in each SDK package's `ai-exported/` tree, moved verbatim.", nil},
		{"twin: the tree named as where it lives", "- Knowledge: the same content lives in each SDK package's `ai-exported/` tree.", []string{"evidence_file_missing ai-exported/"}},
	})
	runDriftCases(t, repo, "apps/ext/test/AGENTS.md", []driftCase{
		{"a glob spelled from the package above the document", "| Property | `test/**/*.property.test.ts` | Node with fast-check |", nil},
		{"twin: a glob from the package that nothing matches now", "| E2E | `test/**/*.e2e.test.ts` | Node with a mocked host |", []string{"evidence_file_missing test/**/*.e2e.test.ts"}},
	})
}

// TestSeventyThirdHoldoutDocPair: "each SDK package's README/CLAUDE.md" (the seventy-third holdout's
// sodax-sdks) names two documents, no path; a directory before a document stays a path.
func TestSeventyThirdHoldoutDocPair(t *testing.T) {
	src := "# Kit\n\n## Validation\n\nEvery snippet in each SDK package's README/CLAUDE.md typechecks.\n\nEvery snippet in each SDK package's guide/CLAUDE.md typechecks.\n"
	soul, err := engine.Parse("packages/kit/CLAUDE.md", []byte(src), engine.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	refs := map[string]bool{}
	for _, c := range soul.Claims {
		for _, a := range c.Anchors {
			refs[a.Ref] = true
		}
	}
	if refs["README/CLAUDE.md"] {
		t.Errorf("README/CLAUDE.md read as a path; anchors %v", refs)
	}
	if !refs["guide/CLAUDE.md"] {
		t.Errorf("twin: guide/CLAUDE.md not read as a path; anchors %v", refs)
	}
}
