package engine

import "testing"

// TestCommitsSince pins the single-parent fast path to the reachability walk, on linear histories and
// on ones with merges where the fast path must step aside.
func TestCommitsSince(t *testing.T) {
	c := func(sha string, parents ...string) Commit { return Commit{SHA: sha, Parents: parents} }
	linear := []Commit{c("e", "d"), c("d", "c"), c("c", "b"), c("b", "a"), c("a")}
	// m merges side branch s (off b) into d; log order is newest first
	merged := []Commit{c("m", "d", "s"), c("s", "b"), c("d", "c"), c("c", "b"), c("b", "a"), c("a")}
	tests := []struct {
		name  string
		log   []Commit
		since string
		want  int
	}{
		{"head itself", linear, "e", 0},
		{"linear middle", linear, "c", 2},
		{"linear root", linear, "a", 4},
		{"no since counts all", linear, "", 5},
		{"unknown since counts all", linear, "zzz", 5},
		{"merge: since on the main line", merged, "d", 2},
		{"merge: since on the side branch", merged, "s", 3},
		{"merge: since below the fork", merged, "b", 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := commitsSince(tc.log, tc.since); got != tc.want {
				t.Errorf("commitsSince(%s): got %d, want %d", tc.since, got, tc.want)
			}
		})
	}
}
