package domain

import (
	"encoding/json"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestReceiptCarriesAgedOut: a check receipt stores its aged_out count and reads it back, and its
// worst offenders put drift before discipline before age.
func TestReceiptCarriesAgedOut(t *testing.T) {
	rep := &engine.Report{Schema: engine.SchemaCheck, AgedOut: 1, Stale: []engine.Finding{
		{Kind: engine.KindAge, Line: 1, Reason: engine.ReasonAgedOut, Anchor: "old.go"},
		{Kind: engine.KindDiscipline, Line: 2, Reason: engine.ReasonUnanchored},
		{Kind: engine.KindDrift, Line: 3, Reason: engine.ReasonFileMissing, Anchor: "gone.go"},
	}}
	raw, err := json.Marshal(summaryOf(rep))
	if err != nil {
		t.Fatal(err)
	}
	r := Receipt{Kind: ReceiptCheck, ReportJSON: raw}
	if got := r.AgedOutCount(); got != 1 {
		t.Errorf("AgedOutCount: got %d, want 1", got)
	}
	rows, total := r.WorstOffenders()
	var kinds []engine.FindingKind
	for _, row := range rows {
		kinds = append(kinds, RowKind(row))
	}
	if total != 3 || len(kinds) != 3 || kinds[0] != engine.KindDrift || kinds[1] != engine.KindDiscipline || kinds[2] != engine.KindAge {
		t.Errorf("worst offenders: got %v of %d, want drift, discipline, age of 3", kinds, total)
	}
	if got := (Receipt{Kind: ReceiptCheck, ReportJSON: []byte(`{"unanchored":1}`)}).AgedOutCount(); got != 0 {
		t.Errorf("a receipt stored before aged_out: got %d, want 0", got)
	}
}
