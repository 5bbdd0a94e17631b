package engine_test

import (
	"testing"
)

// TestFiftyFirstHoldoutClasses: the false rows of the fifty-first holdout, each beside a twin that
// stays drift.
func TestFiftyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "lint-backend:\n\tgo vet ./...\n")
	g.write("backend/main.go", "package main\n")
	g.write("src/tourbusModules.ts", "export const a = 1\n")
	g.write("src/studioModules.ts", "export const b = 1\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "agents.py", "skip_log.jsonl", "advisor_log.json", "old/run.py")
	repo := g.open(t)

	runDriftCases(t, repo, "backend/AGENTS.md", []driftCase{
		{"make -C .. from a nested document", "```bash\nmake -C .. lint-backend\n```", nil},
		{"twin: a target the root's Makefile lacks", "```bash\nmake -C .. cover\n```", []string{"unverified evidence_changed make cover"}},
	})
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"counts of two files' modules", "- `src/tourbusModules.ts` registers 17 modules.\n- `src/studioModules.ts` registers 14 modules.", nil},
		{"dated counts in a status log", "- **Phase 2 ✅** (2026-04-28): gates pass via `backend/main.go`; 5 dims positive.\n- **Report ✅** (2026-05-20): records read via `backend/main.go`; 16 dims positive.", nil},
		{"a row kept out of git on purpose", "| `logs/` | Runtime log output. | No | Generated output; do not edit, commit, or use as fixtures. |", nil},
		{"a file a log entry says is deleted", "- **Cleanup ✅**: `agents.py` deleted, legacy buy loop deleted.", nil},
		{"twin: a program that deletes", "- `old/run.py` deleted rows are compacted nightly by the job.", []string{"evidence_file_missing old/run.py"}},
		{"names in a list after deleted", "- 2 dead artifacts deleted (`skip_log.jsonl`, `advisor_log.json` — 1.6MB total).", nil},
	})
	t.Run("twin: one file's modules counted twice", func(t *testing.T) {
		got := findingsOf(t, repo, "AGENTS.md", notes("- `src/tourbusModules.ts` registers 17 modules.\n- `src/tourbusModules.ts` registers 14 modules."))
		if len(got) == 0 {
			t.Fatalf("two counts of one file's modules were not compared")
		}
	})
	t.Run("twin: undated counts", func(t *testing.T) {
		got := findingsOf(t, repo, "AGENTS.md", notes("- **Phase 2 ✅**: gates pass via `backend/main.go`; 5 dims positive.\n- **Report ✅**: records read via `backend/main.go`; 16 dims positive."))
		if len(got) == 0 {
			t.Fatalf("two undated counts of one subject were not compared")
		}
	})
}

// TestFiftyFirstHoldoutBranchItems: the items of a list nested under one that speaks of branch names are
// branch prefixes (queue-service's copilot instructions); the same items under a folder list stay paths.
func TestFiftyFirstHoldoutBranchItems(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)
	runDriftCases(t, repo, ".github/copilot-instructions.md", []driftCase{
		{"prefixes under a branch naming item", "- **Branch Naming Logic:** Use `git checkout -b <prefix>/<scope>/<description>` with the following mapping:\n    - `feat/`: New features.\n    - `hot-fix/`: Critical production fixes.", nil},
		{"twin: the same items under a folder item", "- **Source layout:** the following folders:\n    - `feat/`: New features.\n    - `hot-fix/`: Critical production fixes.", []string{"unanchored feat/", "unanchored hot-fix/"}},
	})
}
