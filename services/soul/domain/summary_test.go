package domain

import (
	"encoding/json"
	"github.com/organism-dev/organism/services/soul/engine"
	"testing"
	"time"
)

// TestReceiptSummaryKeepsTheStoredLayout: receipts already in soul.db were written from a map;
// the typed summary must encode to the same bytes, so old and new rows read alike.
func TestReceiptSummaryKeepsTheStoredLayout(t *testing.T) {
	r := &engine.Report{Schema: engine.SchemaCheck, SoulPath: "docs/PATHOS.md", RepoSHA: "abc1234",
		Totals: engine.Totals{Total: 4, Verifiable: 3, Declared: 1}, ByState: engine.ByState{Fresh: 2, Stale: 1},
		Stale:         []engine.Finding{{Claim: "`src/gone.go` holds the cart.", Section: "Current State", Line: 8, State: engine.StateStale, Reason: engine.ReasonUnanchored, Anchor: "src/gone.go"}},
		ChecksSkipped: []engine.Skipped{{Class: engine.ClassRuntime, Why: "runtime probe disabled"}},
		Unanchored:    1, Enxuto: engine.Enxuto{LiveLines: 12, Budget: engine.DefaultLiveBudget}, ReceiptLine: "soul: checked 2026-07-06",
		Lag: engine.SoulLag{Known: true, CommitsBehindHead: 3, LastSoulTouch: "abc1234", LastSoulTouchAt: time.Date(2026, 7, 1, 10, 0, 0, 0, time.UTC)}}
	type row struct {
		Claim, Section, State, Reason, Anchor, Detail string
		Line                                          int
	}
	rows := []row{}
	for _, s := range r.Stale {
		rows = append(rows, row{s.Claim, s.Section, string(s.State), s.Reason, s.Anchor, s.Detail, s.Line})
	}
	// the map every receipt was stored from before the summary was typed
	old := map[string]any{"schema": r.Schema, "soul_path": r.SoulPath, "repo_sha": r.RepoSHA, "totals": r.Totals, "by_state": r.ByState,
		"stale": rows, "checks_skipped": r.ChecksSkipped, "unanchored": r.Unanchored, "enxuto": r.Enxuto, "receipt_line": r.ReceiptLine, "soul_lag": r.Lag}
	want, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(summaryOf(r))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("stored summary:\ngot  %s\nwant %s", got, want)
	}
}
