package soul_test

import (
	"testing"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// The receipt carries the unanchored count and what the verifiable/declared ratio is made of
// (soul-prd §10 risk 2), on the answer of the check and on every receipt read back; the report's
// rows say drift from discipline.
func TestReceiptCarriesDisciplineCounts(t *testing.T) {
	f := newFixture(t)
	soul := "# PATHOS\n\n## Checkpoint 4\n\n### Current State\n\n- `src/main.go` serves the shop.\n- `src/gone.go` holds the cart.\n" +
		"- Releases stall on Fridays.\n\n## Operating Doctrine\n\n- Never ship on a Friday.\n- Keep it small.\n"
	f.register("anchorless", writeRepo(t, t.TempDir(), soul), "docs/PATHOS.md")
	agent := f.agentIn("agent-9", "anchorless")
	resp, err := agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "anchorless"})
	if err != nil {
		t.Fatal(err)
	}
	list, err := agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "anchorless"})
	if err != nil || len(list.GetReceipts()) != 1 {
		t.Fatalf("receipts: got %v %v, want the one check", list, err)
	}
	kinds := map[string]string{}
	for _, s := range resp.GetReport().GetStale() {
		kinds[s.GetAnchor()] = s.GetKind()
	}
	stored := list.GetReceipts()[0]
	checks := []struct {
		name      string
		got, want any
	}{
		{"answer: verifiable", resp.GetReceipt().GetVerifiable(), int32(3)},
		{"answer: unanchored", resp.GetReceipt().GetUnanchored(), int32(1)},
		{"answer: declared", resp.GetReceipt().GetDeclared(), int32(2)},
		{"stored: verifiable", stored.GetVerifiable(), int32(3)},
		{"stored: unanchored", stored.GetUnanchored(), int32(1)},
		{"report: soul tissue", resp.GetReport().GetSoulTissue(), true},
		{"report: unanchored", resp.GetReport().GetUnanchored(), int32(1)},
		{"row kind: a missing path is drift", kinds["src/gone.go"], "drift"},
		{"row kind: a bare claim is discipline", kinds[""], "discipline"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}
