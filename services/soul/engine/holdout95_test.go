package engine_test

import "testing"

// TestNinetyFifthHoldoutClasses: the false rows of the ninety-fifth holdout, each beside a twin that
// stays drift.
func TestNinetyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# x\n")
	g.write("src/router.rs", "fn a() {}\n")
	g.write("src/jobs.rs", "fn b() {}\n")
	g.write("aegis/package.json", numbered(120, nil))
	g.write("sources/uk/.gitignore", "# URL lists can be fetched again\nurllist*.txt\n")
	g.write("sources/uk/fetch.py", "print(1)\n")
	g.write("scripts/lib/tagging/grassiness.py", "x = 1\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "scripts/lib/grassiness.py", "feature/a.txt")
	g.commit("2026-05-01T10:00:00Z", "app (#101)")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// counts of a list whose items each label their own file with a colon
		{"each item's own file's count", "## Routes\n\n- `src/router.rs`: 4 handlers for the admin API\n- `src/jobs.rs`: 3 handlers for the scheduler", nil},
		{"twin: one subject's two counts", "## Routes\n\n- The admin API has 4 handlers in `src/router.rs`.\n- The admin API has 3 handlers in `src/router.rs`.", []string{"disagreement contradicted ", "disagreement contradicted "}},
		// a coverage floor's metrics
		{"coverage metrics after a file", "Coverage floors are enforced by `coverageThreshold` in `aegis/package.json`:\nstatements 85, branches 77, functions 87, lines 85.", nil},
		{"twin: a line of the file", "The coverage floor is set in `aegis/package.json` line 185.", []string{"line_drift aegis/package.json:185"}},
		// a branch list whose lead-in names them branch prefixes
		{"branch prefixes after a long lead-in", "**Branch Naming:**\n\nChoose the branch prefix based on the primary purpose of the work:\n- `feature/` - for new functionality\n- `fix/` - for bug fixes", nil},
		{"twin: folders after the same lead-in", "Choose the folder based on the primary purpose of the work:\n- `feature/` - for new functionality\n- `fix/` - for bug fixes", []string{"evidence_file_missing feature/", "unanchored fix/"}},
		// a name the sentence says is no file
		{"no such file", "| `scripts/lib/tagging/grassiness.py` | Main scoring module (**not** `scripts/lib/grassiness.py` — there is no such file) |", nil},
		{"twin: the file said to be the old one", "| `scripts/lib/tagging/grassiness.py` | Main scoring module (it wraps `scripts/lib/grassiness.py` — the old entry point) |", []string{"evidence_file_missing scripts/lib/grassiness.py"}},
		// a number the next clause calls an issue
		{"a number called an issue", "- Ships the alias half of #174; that issue stays open for real profiles.", nil},
		// a web address mistyped in a link
		{"a mistyped web address", "This project follows [the Community Guidelines](https:git//opensource.google/conduct/).", nil},
		{"twin: a relative link", "This project follows [the Community Guidelines](docs/conduct/).", []string{"unanchored docs/conduct/"}},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: a number said merged", "- Ships the alias half, merged in #174; the profiles follow.", []string{"ref_missing #174"}},
	})
	runDriftCases(t, repo, "sources/uk/CLAUDE.md", []driftCase{
		// the directory's .gitignore lists the same pattern
		{"a pattern this directory's .gitignore lists", "Note: `urllist*.txt` and `raw/` are gitignored (`.gitignore` here), so they won't be present until you re-run the fetchers.", nil},
		{"twin: a pattern nothing ignores", "Note: `pagelist*.txt` and `raw/` are kept (`.gitattributes` here), so they won't be present until you re-run the fetchers.", []string{"expired pagelist*.txt"}},
	})
}
