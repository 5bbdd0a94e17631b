package soul_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// TestNewerStatementWins: two values of one quantity, one written later, supersede the older claim
// (§3.4); with no order between them they contradict each other.
func TestNewerStatementWins(t *testing.T) {
	tests := []struct {
		name string
		soul string
		// want maps each claim line to "state/reason"; lines not named must be verified_fresh
		want map[int32]string
	}{
		{
			name: "later_addendum_supersedes_and_one_quantity_phrased_two_ways",
			soul: "# PATHOS\n\n## Checkpoint 3\n\n### Current State\n\n" +
				"- `src/main.go`: the HTTP API serves 12 routes.\n\n" +
				"### Addendum 1\n\n- `src/main.go`: the API has 14 routes.\n",
			want: map[int32]string{7: "superseded/superseded"},
		},
		{
			name: "later_dated_section_supersedes",
			soul: "# PATHOS\n\n## Current State\n\n### 2026-07-01\n\n- `src/main.go` holds 9 handlers.\n\n" +
				"### 2026-06-01\n\n- `src/main.go` holds 7 handlers.\n",
			want: map[int32]string{11: "superseded/superseded"},
		},
		{
			name: "no_order_is_a_contradiction",
			soul: "# PATHOS\n\n## Current State\n\n- `src/main.go` holds 9 handlers.\n\n## Architecture\n\n- `src/main.go` holds 7 handlers.\n",
			want: map[int32]string{5: "evidence_stale/contradicted", 9: "evidence_stale/contradicted"},
		},
		{
			name: "another_api_is_another_subject",
			soul: "# PATHOS\n\n## Current State\n\n- `src/main.go`: the HTTP API serves 12 routes.\n\n## Architecture\n\n- `src/main.go`: the admin API serves 3 routes.\n",
			want: map[int32]string{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.register("r", writeRepo(t, t.TempDir(), tc.soul), "docs/PATHOS.md")
			resp, err := f.owner.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "r", IncludeClaims: true})
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, c := range resp.GetReport().GetClaimRows() {
				if c.GetTissue() != "verifiable" {
					continue
				}
				got = append(got, fmt.Sprintf("%d %s/%s", c.GetStartLine(), c.GetState(), c.GetReason()))
				w, ok := tc.want[c.GetStartLine()]
				if !ok {
					w = "verified_fresh/"
				}
				want = append(want, fmt.Sprintf("%d %s", c.GetStartLine(), w))
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "; ") != strings.Join(want, "; ") {
				t.Errorf("claims: got %v, want %v", got, want)
			}
			if len(got) < 2 {
				t.Errorf("claims: got %d verifiable, want both counts judged", len(got))
			}
		})
	}
}
