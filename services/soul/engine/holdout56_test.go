package engine_test

import (
	"testing"
)

// TestFiftySixthHoldoutClasses: the false rows of the fifty-sixth holdout, each beside a twin that
// stays drift.
func TestFiftySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module github.com/acme/widget\n\ngo 1.26.0\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "progress.md", "api/i_user.proto")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"examples of files a rule forbids to make", "- **No Paperwork**: Do not generate human-readable progress files (e.g., `progress.md`, `state.json`) unless asked.", nil},
		{"twin: examples of files to read", "- **Paperwork**: Read the progress files (e.g., `progress.md`) before you start.", []string{"evidence_file_missing progress.md"}},
		{"files a step does not generate, in Chinese", "- 只生成 `<name>.proto`，不生成 HTTP 专用 `api/i_*.proto`", nil},
		{"twin: files a step generates, in Chinese", "- 生成 HTTP 专用 `api/i_*.proto`", []string{"evidence_file_missing api/i_*.proto"}},
		{"a language version before which a bug exists", "- Loop variable captured in a goroutine closure (pre-Go 1.22) without a shadow copy.", nil},
		{"a language version that carries a feature", "- Use `crypto/rand`; in Go 1.22+ prefer `rand.Text()` for tokens.", nil},
		{"twin: the project's least version", "- Requires Go 1.22+ for tokens.", []string{"evidence_changed Requires Go 1.22+"}},
	})
}
