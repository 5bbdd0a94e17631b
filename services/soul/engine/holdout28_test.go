package engine_test

import "testing"

// TestCommitOfAGoneBranch: a commit the sentence places on a branch this clone does not have is no
// drift when history lacks it ("generated ... at commit 61bc84a (branch: chore/watchlist-page-size)":
// grafana-app-sdk's analysis, written on a branch a squash merge folded away). A missing commit said to
// be on main, or on a branch the clone has, is still one history must hold.
func TestCommitOfAGoneBranch(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.git("branch", "release/1.x")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a commit of a branch the clone lacks", "*This analysis was generated on 2025-10-27 based on the codebase state at commit 61bc84a (branch: chore/watchlist-page-size).*", nil},
		{"the same, on the branch", "- The parser was rewritten in commit 61bc84a on branch `feat/parser`.", nil},
		{"twin: a commit said to be on main", "- The parser was rewritten in commit 61bc84a on the main branch.", []string{"ref_missing 61bc84a"}},
		{"twin: a branch the clone has", "- The backport landed in commit 61bc84a on branch release/1.x.", []string{"ref_missing 61bc84a"}},
		{"twin: no branch named", "- The parser was rewritten in commit 61bc84a.", []string{"ref_missing 61bc84a"}},
	})
}
