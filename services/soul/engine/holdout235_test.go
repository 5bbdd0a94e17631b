package engine_test

import (
	"path/filepath"
	"testing"
)

// TestTwoHundredThirtyFifthHoldoutClasses: the false rows of the two-hundred-and-thirty-fifth holdout
// that were fixed, each beside a twin that stays a finding.
func TestTwoHundredThirtyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	name := filepath.Base(g.root)
	g.write("src/routes/team/[team]/[env]/app/[app]/+layout.svelte", "<slot/>\n")
	g.write(name+"/src/main/kotlin/App.kt", "fun main() {}\n")
	g.write(name+"/build.gradle.kts", "plugins {}\n")
	g.write("gradle/libs.versions.toml", "[versions]\n")
	g.write(".github/workflows/ci.yml", "on: push\n")
	g.write(".yamllint.yaml", "ignore: clusters/*/flux-system/\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "scripts/ci/check.sh", "clusters/home/flux-system/gotk.yaml",
		"gradle/old.versions.toml", "owner.md")
	repo := g.open(t)
	tree := func(last string) string {
		return "```\n" + name + "/\n├── src/                # Source code\n├── build.gradle.kts    # Build configuration\n├── gradle/\n│   └── " + last + "\n└── .github/            # GitHub configuration\n```"
	}

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// console-frontend: a SvelteKit route file tracked under its bracketed name
		{"a route file by its bracketed name", "- See `src/routes/team/[team]/[env]/app/[app]/+layout.svelte` for reference", nil},
		{"twin: a route file that is not there", "- See `src/routes/team/[team]/[env]/app/[app]/+error.svelte` for reference", []string{"evidence_file_missing src/routes/team/[team]/[env]/app/[app]/+error.svelte"}},
		// nanoda: a tree under the repository's name, which a module of it also bears
		{"entries of the module and of the top", tree("libs.versions.toml  # Dependency versions"), nil},
		{"twin: an entry neither has", tree("old.versions.toml   # Dependency versions"), []string{"unverified unanchored " + name + "/gradle/old.versions.toml"}},
		// elysium: a helper to add for one case, and globs a linter's config leaves out
		{"a helper to add only for a case", "- Small commands may stay in a workflow; add a `scripts/ci/` helper only for a durable invariant that needs tests.", nil},
		{"a helper to add only for a case, with an adjective", "- add a versioned `scripts/ci/` helper only for a durable invariant that needs tests.", nil},
		{"twin: the helper's place", "- Small commands may stay in a workflow; helpers live in `scripts/ci/`.", []string{"evidence_file_missing scripts/ci/"}},
		// agent-ui: a file the document gives by an absolute path, then names by its base
		{"a base name of a file given outside", "**Target architecture (per `/Users/toc/Server/owner.md`):**\n\n- The wallet design follows `owner.md`.", nil},
		{"twin: the base name alone", "**Target architecture:**\n\n- The wallet design follows `owner.md`.", []string{"evidence_file_missing owner.md"}},
		{"globs a config excludes", "- **Lint YAML**: `yamllint .` (config in `.yamllint.yaml`; `.md` files and `clusters/*/flux-system/` are excluded)", nil},
		{"twin: globs a config reads", "- **Lint YAML**: `yamllint .` (config in `.yamllint.yaml`; it reads `clusters/*/flux-system/`)", []string{"evidence_file_missing clusters/*/flux-system/"}},
	})
}
