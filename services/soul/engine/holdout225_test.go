package engine_test

import "testing"

// TestTwoHundredTwentyFifthHoldoutClasses: the false rows of the two-hundred-and-twenty-fifth holdout
// (fetched in part: the fetch quota ran out) that were fixed, each beside a twin that stays a finding.
func TestTwoHundredTwentyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write(".claude/state/current-feature-template.json", "{}\n")
	g.write("Project.toml", "name = \"LA\"\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "scripts/run.jl", ".claude/state/old-feature.json")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// Linear_Algebra: a sample of what the reader may add
		{"a sample of a new thing to add", "If you add a new subdirectory environment (e.g. `scripts/`):\n\n1. Give it its own Project.toml.", nil},
		{"twin: a sample of what there is", "Each subdirectory environment (e.g. `scripts/`) has its own Project.toml.", []string{"evidence_file_missing scripts/"}},
		// TPL_Expense: a file each checkout copies from a template
		{"a file copied from a template", "- `.claude/state/old-feature.json` - Active feature state (copy from template)", nil},
		{"twin: a file the list says is kept", "- `.claude/state/old-feature.json` - Active feature state (kept in git)", []string{"evidence_file_missing .claude/state/old-feature.json"}},
	})
}
