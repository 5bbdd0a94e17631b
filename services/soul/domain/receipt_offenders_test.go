package domain

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestWorstOffendersRankUnverified: an unverified mention ranks after drift, discipline and age, so a
// receipt full of unverified mentions still hands back every drift row within MaxWorstOffenders.
func TestWorstOffendersRankUnverified(t *testing.T) {
	row := func(k engine.FindingKind, line int) engine.Finding {
		return engine.Finding{Kind: k, Line: line, Reason: engine.ReasonFileMissing, Anchor: fmt.Sprintf("f%d.go", line)}
	}
	many := func(k engine.FindingKind, from, n int) []engine.Finding {
		var out []engine.Finding
		for i := range n {
			out = append(out, row(k, from+i))
		}
		return out
	}
	tests := []struct {
		name      string
		stale     []engine.Finding
		wantKinds []engine.FindingKind
		wantTotal int
	}{
		{"unverified before drift in the document: drift first",
			[]engine.Finding{row(engine.KindUnverified, 1), row(engine.KindDrift, 2)},
			[]engine.FindingKind{engine.KindDrift, engine.KindUnverified}, 2},
		{"every kind: drift, discipline, age, unverified",
			[]engine.Finding{row(engine.KindUnverified, 1), row(engine.KindAge, 2), row(engine.KindDiscipline, 3), row(engine.KindDrift, 4)},
			[]engine.FindingKind{engine.KindDrift, engine.KindDiscipline, engine.KindAge, engine.KindUnverified}, 4},
		{"twelve unverified mentions never crowd out the drift row after them",
			append(many(engine.KindUnverified, 1, 12), row(engine.KindDrift, 40)),
			append([]engine.FindingKind{engine.KindDrift}, slices.Repeat([]engine.FindingKind{engine.KindUnverified}, MaxWorstOffenders-1)...), 13},
		{"a kind this build does not know ranks after unverified",
			[]engine.Finding{row("future", 1), row(engine.KindUnverified, 2)},
			[]engine.FindingKind{engine.KindUnverified, "future"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(summaryOf(&engine.Report{Schema: engine.SchemaCheck, Stale: tc.stale}))
			if err != nil {
				t.Fatal(err)
			}
			rows, total := Receipt{Kind: ReceiptCheck, ReportJSON: raw}.WorstOffenders()
			var kinds []engine.FindingKind
			for _, r := range rows {
				kinds = append(kinds, RowKind(r))
			}
			if !slices.Equal(kinds, tc.wantKinds) || total != tc.wantTotal {
				t.Errorf("got %v of %d, want %v of %d", kinds, total, tc.wantKinds, tc.wantTotal)
			}
		})
	}
}
