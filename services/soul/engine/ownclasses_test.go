package engine_test

import "testing"

// TestProductFileClasses pins the classes found checking Organism's own documents: a bare file name
// the sentence gives to the product, another owner, a linked document or a cited source (a name history
// never saw is then no claim the repository holds it), a git ref namespace, a size that describes a
// thing rather than the cited file, and a name the sentence says is not there. Each has its drift
// twin: the same shape where the sentence does claim the repository holds the file.
func TestProductFileClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("refusal/refusal.go", "package refusal\n\n// New makes one.\nfunc New() {}\n")
	g.write("other/other.go", "package other\n\nfunc reason() {}\n")
	g.write("bench_test.go", "package main\n")
	g.write("docs/mission.md", "mission\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	repo := g.open(t)

	tests := []struct {
		name, body string
		want       []string
	}{
		{"another owner's file", "The checker reads a project's handoff document (`PATHOS.md`) claim by claim.", nil},
		{"this repository's never-landed file stays drift", "The checker reads its handoff document (`PATHOS.md`) claim by claim.", []string{"unverified PATHOS.md"}},
		{"a file of the data directory", "The owner's stamp lands on the branch the one `landing.toml` in the data directory names.", nil},
		{"files each replica keeps", "`runners.toml` and `landing.toml` stay files in each replica's `DataDir`.", nil},
		{"a runtime database", "The index lives in its own file, `acme.index.db`, written by the store.", nil},
		{"a never-landed source file stays drift", "The index lives in its own file, `index_store.go`, written by hand.", []string{"unverified index_store.go"}},
		{"a folded file stays drift", "`legacy_shim.go` was folded into the package.", []string{"unverified legacy_shim.go"}},
		{"topics of a linked document", "The READMEs go deeper: [mission](docs/mission.md) (`runners.toml`, landings, skeletons).", nil},
		{"a name outside the link's parenthesis stays drift", "The READMEs go deeper: [mission](docs/mission.md), then `runners.toml` configures it.", []string{"unverified runners.toml"}},
		{"a file of any kind", "A soul is a document that declares itself one (a `PATHOS.md`, or a tissue directive).", nil},
		{"a package's manifest", "A script that exists only in a workspace package (a package's `package.json`) says so.", nil},
		{"a name said to be missing", "Each case is a shallow clone when the case has no `history.txt`.", nil},
		{"a name said to be present stays drift", "Each case is a full clone when the case has `history.txt`.", []string{"unverified history.txt"}},
		{"a git ref namespace", "Refs under `refs/acme/` are shared by every worktree and are no branch.", nil},
		{"a size of a thing, not the file", "`BenchmarkX` (`bench_test.go`): a 200-line AGENTS.md in a big repository.", nil},
		{"a field of a tool's JSON output", "Read `receipt.receipt_id` and branch on `refusal.reason`.", nil},
		{"a package member moved away stays drift", "Call `refusal.Make` to build one.", []string{"unverified refusal.Make"}},
		{"a size of the cited file stays drift", "`bench_test.go` is a 200-line file.", []string{"bench_test.go"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, driftOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}

	// a table with a column of sources cites documents that may live elsewhere; without it the row's
	// never-landed name is drift
	cited := "# A\n\n## Laws\n\n| law | seed |\n|---|---|\n| One write door | `mind-contracts.md` (proposals) |\n"
	plain := "# A\n\n## Laws\n\n| law | how |\n|---|---|\n| One write door | `mind-contracts.md` (proposals) |\n"
	assertDrift(t, driftOf(t, repo, "AGENTS.md", []byte(cited)), nil)
	assertDrift(t, driftOf(t, repo, "AGENTS.md", []byte(plain)), []string{"unverified mind-contracts.md"})
}
