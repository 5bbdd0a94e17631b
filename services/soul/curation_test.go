package soul_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// bullets is n live claims, each anchored to a file that exists, so only the shape is judged.
func bullets(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- `src/main.go` step %d holds.\n", i)
	}
	return b.String()
}

// TestCuratorShapeFindings: the §5.3 mechanics a check reports as discipline findings.
func TestCuratorShapeFindings(t *testing.T) {
	tests := []struct {
		name string
		soul string
		// want is the set of "reason@line" discipline rows the check must report, exactly
		want []string
		// wantFresh is the verified_fresh count: residue is never among it
		wantFresh int32
	}{
		{
			name:      "sections_dissolved_no_headings",
			soul:      "PATHOS of loja. `src/main.go` serves the shop.\n",
			want:      []string{"sections_dissolved@1"},
			wantFresh: -1,
		},
		{
			name:      "sections_dissolved_no_verifiable_tissue",
			soul:      "# PATHOS\n\n## Operating Doctrine\n\n- Never ship on a Friday.\n",
			want:      []string{"sections_dissolved@1"},
			wantFresh: 0,
		},
		{
			name:      "contract_holds",
			soul:      "# PATHOS\n\n## Current State\n\n- `src/main.go` serves the shop.\n\n## Operating Doctrine\n\n- Never ship on a Friday.\n",
			want:      nil,
			wantFresh: 1,
		},
		{
			name:      "resolved_residue_is_a_finding_never_fresh",
			soul:      "# PATHOS\n\n## Current State\n\n- `src/main.go` serves the shop.\n- ~~`src/main.go` leaks memory~~ (resolved)\n",
			want:      []string{"resolved_residue@6"},
			wantFresh: 1,
		},
		{
			name: "prior_checkpoint_over_a_digest",
			soul: "# PATHOS\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n\n" +
				"## Checkpoint 3\n\n" + bullets(6),
			want:      []string{"checkpoint_not_digested@9"},
			wantFresh: 1,
		},
		{
			name: "prior_checkpoint_digest_of_five_lines",
			soul: "# PATHOS\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n\n" +
				"## Checkpoint 3\n\n" + bullets(5),
			want:      nil,
			wantFresh: 1,
		},
		{
			name: "prior_checkpoint_in_the_archive_may_be_long",
			soul: "# PATHOS\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n\n" +
				"## Archive\n\n### Checkpoint 3\n\n" + bullets(20),
			want:      nil,
			wantFresh: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.register("r", writeRepo(t, t.TempDir(), tc.soul), "docs/PATHOS.md")
			resp, err := f.owner.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "r"})
			if err != nil {
				t.Fatal(err)
			}
			rep := resp.GetReport()
			var got []string
			for _, s := range rep.GetStale() {
				if s.GetReason() == "unanchored" {
					continue
				}
				if s.GetKind() != "discipline" {
					t.Errorf("row %s: got kind %q, want discipline (the shape failed, no anchor did)", s.GetReason(), s.GetKind())
				}
				got = append(got, fmt.Sprintf("%s@%d", s.GetReason(), s.GetLine()))
			}
			sort.Strings(got)
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("shape findings: got %v, want %v", got, tc.want)
			}
			if tc.wantFresh >= 0 && rep.GetByState().GetVerifiedFresh() != tc.wantFresh {
				t.Errorf("verified_fresh: got %d, want %d", rep.GetByState().GetVerifiedFresh(), tc.wantFresh)
			}
			if len(tc.want) > 0 && resp.GetReceipt().GetVerdict() != "stale" {
				t.Errorf("receipt verdict: got %q, want stale (a finding is no green receipt)", resp.GetReceipt().GetVerdict())
			}
		})
	}
}

// TestLiveTissueBudget: ENXUTO's live-line budget (450) is reported over and under, and history
// tissue never counts against it.
func TestLiveTissueBudget(t *testing.T) {
	tests := []struct {
		name     string
		live     int
		history  int
		wantOver bool
	}{
		{"under", 400, 0, false},
		{"over", 460, 0, true},
		{"history_does_not_count", 400, 200, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			soul := "# PATHOS\n\n## Current State\n\n" + bullets(tc.live)
			if tc.history > 0 {
				soul += "\n## History\n\n" + bullets(tc.history)
			}
			f := newFixture(t)
			f.register("r", writeRepo(t, t.TempDir(), soul), "docs/PATHOS.md")
			resp, err := f.owner.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "r"})
			if err != nil {
				t.Fatal(err)
			}
			e := resp.GetReport().GetEnxuto()
			if e.GetOverBudget() != tc.wantOver || e.GetBudget() != 450 {
				t.Errorf("enxuto: got over=%v budget=%d live=%d, want over=%v budget=450", e.GetOverBudget(), e.GetBudget(), e.GetLiveLines(), tc.wantOver)
			}
			if lo, hi := int32(tc.live), int32(tc.live+10); e.GetLiveLines() < lo || e.GetLiveLines() > hi {
				t.Errorf("live lines: got %d, want %d..%d (the live claims and their headings)", e.GetLiveLines(), lo, hi)
			}
		})
	}
}
