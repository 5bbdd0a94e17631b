package engine_test

import "testing"

// TestEightySeventhHoldoutClasses: the false rows of the eighty-seventh holdout, each beside a twin that
// stays drift.
func TestEightySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("crates/atomcad-util/src/lib.rs", "pub fn x() {}\n")
	g.write(".claude/settings.json", "{}\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z",
		"src/util/mod.rs", "src/crystolecule/mod.rs", ".claude/skills/diagnose/SKILL.md", "public/favicon.ico")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// where a crate lived before, after a spaced hyphen and before "until"
		{"was, after a spaced hyphen", "- **`crates/atomcad-util/`** - was `src/util/`; the bottom of the DAG, now its own crate.", nil},
		{"twin: has, after a spaced hyphen", "- **`crates/atomcad-util/`** - has `src/util/`; the bottom of the DAG, now its own crate.", []string{"evidence_file_missing src/util/"}},
		{"was until", "It was `src/crystolecule/` (plus `src/util/`) until Phase 4 of the crate split made it its own crate.", nil},
		{"twin: is until", "It is `src/crystolecule/` (plus `src/util/`) until Phase 4 of the crate split lands.", []string{"expired src/crystolecule/"}},
		// signed numbers are changes, not counts of one thing (rows of one table are told apart by
		// their first cells already; these are two tables)
		{"deltas in two tables of experiments", "## Tried\n\n| Idea | Result |\n|---|---|\n| Caching in `crates/atomcad-util/src/lib.rs` | +1,152 gas — already one MLOAD |\n\n## Rejected\n\n| Idea | Result |\n|---|---|\n| Inlining in `crates/atomcad-util/src/lib.rs` | +1,029 gas — a cheaper path |", nil},
		{"twin: totals in two tables", "## Tried\n\n| Idea | Result |\n|---|---|\n| Caching in `crates/atomcad-util/src/lib.rs` | 1,152 gas — already one MLOAD |\n\n## Rejected\n\n| Idea | Result |\n|---|---|\n| Inlining in `crates/atomcad-util/src/lib.rs` | 1,029 gas — a cheaper path |", []string{"disagreement contradicted ", "disagreement contradicted "}},
		// a place a tool looks in, beside its home twin
		{"a tool's search places", "Claude Code scans skills only in `~/.claude/skills/` and `.claude/skills/`, so none here load by themselves.", nil},
		{"twin: the project's place alone", "Claude Code loads the skills in `.claude/skills/`, so they load by themselves.", []string{"evidence_file_missing .claude/skills/"}},
		// a place to add when a need comes
		{"add only when needed", "- Add `public/` (Cloudflare Workers Assets) only when you need to ship static files.", nil},
		{"twin: edit only when needed", "- Edit `public/` (Cloudflare Workers Assets) only when you need to ship static files.", []string{"evidence_file_missing public/"}},
	})
}

// TestEightySeventhHoldoutNestedIgnore: a path without an extension, in a nested document, that the
// document's own directory's .gitignore keeps out, though the root has a directory of its first name.
func TestEightySeventhHoldoutNestedIgnore(t *testing.T) {
	g := newGitFixture(t)
	g.write("benchmarks/README.md", "# benchmarks\n")
	g.write("go/benchmarks/main.go", "package main\n")
	g.write("go/.gitignore", "benchmarks/benchmarks\n")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	runDriftCases(t, repo, "go/AGENTS.md", []driftCase{
		{"an ignored build output", "### Generated Outputs\n\n- `benchmarks/benchmarks` - Compiled benchmark binary", nil},
		{"twin: a tracked place", "### Layout\n\n- `benchmarks/results` - the stored results", []string{"evidence_file_missing benchmarks/results"}},
	})
}
