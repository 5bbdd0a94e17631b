package engine_test

import (
	"testing"
)

// TestSixtiethHoldoutClasses: the false rows of the sixtieth holdout, each beside a twin that stays
// drift.
func TestSixtiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("docs/server/README.md", "# server\n")
	g.write("config.dev.yaml", "port: 1\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "config.yaml", "docs/web/README.md", "features/auth/src/lib/a.ts")
	g.commit("2026-05-03T10:00:00Z", "config from the dev copy")
	repo := g.open(t)

	runDriftCases(t, repo, ".claude/CLAUDE.md", []driftCase{
		{"a link of the project's memory, from the root", "- **Platform:** [server](docs/server/README.md)", nil},
		{"twin: a link to a page that went", "- **Platform:** [web](docs/web/README.md)", []string{"evidence_file_missing docs/web/README.md"}},
	})
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a local file a description calls gitignored", "1. **`config.yaml`** — local overrides (gitignored; mostly empty by default)", nil},
		{"twin: the same file described as kept", "1. **`config.yaml`** — local overrides (mostly empty by default)", []string{"evidence_file_missing config.yaml"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a directory named for the reader's feature", "| Feature business logic | `feature-name/src/lib/` | Domain logic |", nil},
		{"twin: a feature that went", "| Auth business logic | `features/auth/src/lib/` | Domain logic |", []string{"evidence_file_missing features/auth/src/lib/"}},
	})
}

// TestSixtiethHoldoutInlineLeastVersion: a least mark written between the language and its version
// ("Node.js: >= 18.x") is compared as any least version is (kaoto, one of the round's misses).
func TestSixtiethHoldoutInlineLeastVersion(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"name\": \"ui\", \"engines\": {\"node\": \">=22.x\"}}\n")
	g.commit("2026-05-03T10:00:00Z", "node 22")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a least version the manifest has moved past", "- Node.js: >= 18.x", []string{"evidence_changed Node.js: >= 18"}},
		{"twin: the manifest's own least version", "- Node.js: >= 22.x", nil},
		{"twin: a version the language changed at", "- Node 18 changed how fetch is exposed.", nil},
		{"twin: a version a condition names", "- The loader adds the `fetch` polyfill (only for Node ≥ 18).", nil},
	})
}
