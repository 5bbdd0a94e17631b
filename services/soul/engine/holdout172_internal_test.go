package engine

import "testing"

// TestNoneBeforeKinds: the hundred-and-seventy-second holdout's NM-TS ("No checked-in `tests/` or `*.test.ts`
// files were found", "No `bun test` script or `*.test.ts` files exist"), whose rows need the repository's own
// history to be flagged at all, so the cue is pinned here on the text before each name.
func TestNoneBeforeKinds(t *testing.T) {
	for _, tc := range []struct {
		before string
		want   bool
	}{
		{"- `bun test` is a Bun capability, not a repo script. No checked-in ", true},
		{"- `bun test` is a Bun capability, not a repo script. No checked-in `tests/` or ", true},
		{"No `bun test` script or ", true},
		{"- The checked-in ", false},
		{"No `bun test` run ever passes ", false},
	} {
		if got := noneBefore.MatchString(tc.before); got != tc.want {
			t.Errorf("noneBefore(%q) = %v, want %v", tc.before, got, tc.want)
		}
	}
}
