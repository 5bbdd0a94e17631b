package engine_test

import (
	"testing"
)

// TestFiftyNinthHoldoutClasses: the false rows of the fifty-ninth holdout, each beside a twin that
// stays drift.
func TestFiftyNinthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("app/dream/[id].tsx", "export default function Dream() {}\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "src/core/tests/test_core.py", "app/sleep/[id].tsx")
	g.commit("2026-05-03T10:00:00Z", "move tests out of src")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a route file whose brackets are its name", "| Dream Detail | `app/dream/[id].tsx` | Dream info and player |", nil},
		{"twin: a route file that went", "| Sleep Detail | `app/sleep/[id].tsx` | Sleep tracker |", []string{"unverified evidence_file_missing app/sleep/[id].tsx"}},
		{"places a rule forbids", "- **Never** place tests under any `src/` path. Forbidden: `src/**/tests`, `src/**/test_*.py`.", nil},
		{"a place tests never go", "**Key rules**: tests stay beside their package, NEVER under `src/**/tests`", nil},
		{"a place a checklist keeps empty", "- [ ] No files under any `src/**/tests`", nil},
		{"a place a cross marks", "**Python**: ❌ Tests under `src/**/tests` ❌ Code comments", nil},
		{"twin: the place tests live", "- Unit tests live under `src/**/tests`.", []string{"evidence_file_missing src/**/tests"}},
	})
}
