package engine_test

import "testing"

// TestHundredThirtyFourthAndFifthHoldoutClasses: the false rows of the hundred-and-thirty-fourth and
// hundred-and-thirty-fifth holdouts that were fixed, each beside a twin that stays drift.
func TestHundredThirtyFourthAndFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	for _, f := range []string{"engine/grants.go", "README.md"} {
		g.write(f, "x\n")
	}
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "grants.json", "pipeline/progress.md", "work/progress.md", "__tests__/a.test.ts")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// JustHostMC
		{"files a store persists its state in", "`GrantStore` (`engine/grants.go`) persists per-script permission decisions\n(`grants.json`, `script-grants.json`).", nil},
		{"twin: the same files read from the checkout", "`GrantStore` (`engine/grants.go`) loads its defaults\n(`grants.json`, `script-grants.json`).", []string{"evidence_file_missing grants.json"}},
		// cc-skills
		{"a directory among a filter's patterns", "2. Skips test files (`test_*`, `*_test.*`, `__tests__/`)", nil},
		{"twin: the directory the hook reads", "2. Reads test files from `__tests__/`", []string{"evidence_file_missing __tests__/"}},
		// ai-trading-agent
		{"a directory a step deletes whole", "- The log is `pipeline/progress.md`.\n\nAfter Gate 3 approval:\n1. Delete the entire `pipeline/` directory — this includes progress.md.", nil},
		{"twin: a directory the document forbids deleting", "- The log is `work/progress.md`.\n\n**IMPORTANT**: NEVER delete the `work/` directory or its contents.", []string{"evidence_file_missing work/progress.md"}},
		{"twin: a directory a step keeps", "- The log is `work/progress.md`.\n\nAfter Gate 3 approval:\n1. Commit the `work/` directory.", []string{"evidence_file_missing work/progress.md", "evidence_file_missing work/"}},
	})
}

// TestHundredThirtySixthHoldoutClasses: German "geplant" opens a list of files still to write (the
// hundred-and-thirty-sixth holdout's 66_HAUSVERWALTUNG_NEBENKOSTEN), beside a twin that stays drift.
func TestHundredThirtySixthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("components/forms/Form.tsx", "export {}\n") // a form of that name, elsewhere
	g.write("components/layout/AppShell.tsx", "export {}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	runDriftCases(t, g.open(t), "CLAUDE.md", []driftCase{
		{"German: a list of planned components", "**Common (geplant):**\n- `components/common/Form.tsx` - Generisches Formular", []string{"unverified unanchored components/common/Form.tsx"}},
		{"twin: German, a list of built components", "**Common:**\n- `components/common/Form.tsx` - Generisches Formular", []string{"unanchored components/common/Form.tsx"}},
	})
}

// TestDevServerPorts: a port written after a framework's name, right after a colon, is no version
// (rounds 131 and 136: "NestJS       :3001", "Expo :8081"), beside a twin that stays drift.
func TestDevServerPorts(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"dependencies": {"@nestjs/core": "^10.0.0"}}`+"\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	runDriftCases(t, g.open(t), "CLAUDE.md", []driftCase{
		{"a dev server's port", "| Backend | NestJS :3001 |", nil},
		{"twin: a version after a colon", "| Backend | NestJS :9 |", []string{"evidence_changed NestJS :9"}},
	})
}
