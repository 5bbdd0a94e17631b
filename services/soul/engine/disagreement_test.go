package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestDisagreementIsNoDriftOutsideASoul: an ordinary handoff file disagreeing with itself (two counts of
// one subject, a next step another line reports shipped) is reported as a disagreement, fails no check,
// and shows on the receipt line apart from stale; the same lines in a soul are drift, and a claim whose
// anchor fails as well stays drift by that anchor.
func TestDisagreementIsNoDriftOutsideASoul(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z", "src/old.rs")
	g.commit("2026-05-03T10:00:00Z", "app")
	repo := g.open(t)
	counts := "## Current state\n\n- `main.go` registers 12 routes.\n- `main.go` registers 14 routes.\n"
	shipped := "## Current state\n\n- `version` dispatch in `main.go` shipped in R825.\n\n## Next steps\n\n"
	tests := []struct {
		name, doc, body string
		wantKinds       []string // kind reason anchor, in report order
		wantFindings    int
		wantLine        string // a fragment the receipt line must hold
	}{
		{"two counts of one subject", "AGENTS.md", counts,
			[]string{"disagreement contradicted ", "disagreement contradicted "}, 0, "0 stale · 0 receipt-priced · 0 declared · 2 disagreeing"},
		{"a next step reported shipped", "AGENTS.md", shipped + "- `version` dispatch becomes operational.\n",
			[]string{"disagreement superseded "}, 0, "1 disagreeing"},
		{"attack: the counts in a soul", "PATHOS.md", counts,
			[]string{"drift contradicted ", "drift contradicted "}, 2, "2 stale"},
		{"attack: a next step in a soul", "PATHOS.md", shipped + "- `version` dispatch becomes operational.\n",
			[]string{"drift superseded "}, 1, "1 superseded"},
		{"attack: a superseded next step whose file is gone", "AGENTS.md", shipped + "- `version` dispatch in `src/old.rs` becomes operational.\n",
			[]string{"drift superseded src/old.rs"}, 1, "1 superseded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := engine.CheckRepo(context.Background(), repo, tc.doc, []byte("# A\n\n"+tc.body), engine.ParseOptions{}, engine.CheckOptions{Now: mustTime("2026-07-06T09:00:00Z")})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range rep.Stale {
				if f.Kind != engine.KindAge {
					got = append(got, string(f.Kind)+" "+f.Reason+" "+f.Anchor)
				}
			}
			if strings.Join(got, "|") != strings.Join(tc.wantKinds, "|") {
				t.Errorf("rows: got %q, want %q", got, tc.wantKinds)
			}
			if rep.Findings() != tc.wantFindings {
				t.Errorf("findings: got %d, want %d", rep.Findings(), tc.wantFindings)
			}
			if !strings.Contains(rep.ReceiptLine, tc.wantLine) {
				t.Errorf("receipt line: got %q, want it to hold %q", rep.ReceiptLine, tc.wantLine)
			}
		})
	}
}
