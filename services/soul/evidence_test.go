package soul_test

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// TestUpdateSoulClaimVerifiesItsAnchors: a curated claim carries its anchors; soul checks each
// against the repository before the write and hands them to medulla as evidence (§5.3 Profundo).
func TestUpdateSoulClaimVerifiesItsAnchors(t *testing.T) {
	tests := []struct {
		name         string
		anchors      []string
		wantCode     codes.Code
		wantReason   string
		wantField    string
		wantEvidence string // "kind path line" per anchor medulla receives
	}{
		{"anchors_hold_and_travel_as_evidence", []string{"src/main.go", "src/main.go:3", "src"}, codes.OK, "", "",
			"EVIDENCE_KIND_FILE src/main.go 0; EVIDENCE_KIND_LINE src/main.go 3; EVIDENCE_KIND_FILE src 0"},
		{"no_anchors_is_the_owner_word_as_before", nil, codes.OK, "", "", ""},
		{"missing_path_refused", []string{"src/main.go", "src/cart.go"}, codes.FailedPrecondition, "ANCHOR_FAILED", "anchors[1]", ""},
		{"line_past_the_end_refused", []string{"src/main.go:4"}, codes.FailedPrecondition, "ANCHOR_FAILED", "anchors[0]", ""},
		{"climbing_out_is_bad_input", []string{"../etc/passwd"}, codes.InvalidArgument, "INVALID_ARGUMENT", "anchors[0]", ""},
		{"absolute_is_bad_input", []string{"/etc/passwd"}, codes.InvalidArgument, "INVALID_ARGUMENT", "anchors[0]", ""},
		{"line_zero_is_bad_input", []string{"src/main.go:0"}, codes.InvalidArgument, "INVALID_ARGUMENT", "anchors[0]", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			resp, err := f.agent.UpdateSoulClaim(ctx(), &soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "main lives in `src/main.go`.", Anchors: tc.anchors})
			writes := f.registry.written()
			if tc.wantCode != codes.OK {
				code, reason, fields := refusalOf(t, err)
				if code != tc.wantCode || reason != tc.wantReason || strings.Join(fields, ",") != tc.wantField {
					t.Errorf("refusal: got %v %s %v, want %v %s [%s]", code, reason, fields, tc.wantCode, tc.wantReason, tc.wantField)
				}
				if len(writes) != 0 {
					t.Errorf("memorize calls: got %d, want 0 (a refused claim changes nothing)", len(writes))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(writes) != 1 {
				t.Fatalf("memorize calls: got %d, want 1", len(writes))
			}
			var ev []string
			for _, a := range writes[0].req.GetEvidence() {
				ev = append(ev, fmt.Sprintf("%s %s %d", a.GetKind(), a.GetPath(), a.GetLine()))
			}
			if got := strings.Join(ev, "; "); got != tc.wantEvidence {
				t.Errorf("evidence medulla received: got %q, want %q", got, tc.wantEvidence)
			}
			if got := len(resp.GetAnchors()); got != len(tc.anchors) {
				t.Errorf("checked anchors answered: got %d, want %d", got, len(tc.anchors))
			}
			for _, a := range resp.GetAnchors() {
				if a.GetStatus() != "ok" {
					t.Errorf("anchor %s: got status %q, want ok", a.GetRef(), a.GetStatus())
				}
			}
		})
	}
}

// TestReceiptsCarryWorstOffenders: the stale rows stored with a check receipt are read back by
// every receipt RPC (ListReceipts, ReadSoul's last receipt), not only by the check's own answer.
func TestReceiptsCarryWorstOffenders(t *testing.T) {
	f := newFixture(t)
	if _, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"}); err != nil {
		t.Fatal(err)
	}
	list, err := f.agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "loja"})
	if err != nil {
		t.Fatal(err)
	}
	read, err := f.agent.ReadSoul(ctx(), &soulv1.ReadSoulRequest{Brain: "loja", HeadlineOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*soulv1.SoulReceipt{"ListReceipts": list.GetReceipts()[0], "ReadSoul.last_receipt": read.GetLastReceipt()} {
		rows := r.GetWorstOffenders()
		if len(rows) != 1 || r.GetStaleRows() != 1 {
			t.Fatalf("%s: got %d worst offenders of %d, want 1 of 1", name, len(rows), r.GetStaleRows())
		}
		got := fmt.Sprintf("%s %s %d %s", rows[0].GetAnchor(), rows[0].GetReason(), rows[0].GetLine(), rows[0].GetKind())
		if want := "src/gone.go unanchored 8 drift"; got != want {
			t.Errorf("%s worst offender: got %q, want %q", name, got, want)
		}
	}
}
