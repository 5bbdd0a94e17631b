package soul_test

import (
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
)

// TestDoorRefusalsRecorded: an agent the caller × RPC matrix refuses at soul's door leaves a
// refusal receipt in its own brain's soul ledger, which the owner lists, and never in the brain
// it named; a caller bound to no brain (a federation peer) is recorded in the security ledger.
func TestDoorRefusalsRecorded(t *testing.T) {
	f := newFixture(t)
	client := func(r auth.MintRequest) soulv1.SoulServiceClient {
		return soulv1.NewSoulServiceClient(f.env.Conn(auth.Bearer(f.env.Mint(r))))
	}
	refusals := func(brain string) []*soulv1.SoulReceipt {
		t.Helper()
		res, err := f.owner.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: brain})
		if err != nil {
			t.Fatalf("list %s: %v", brain, err)
		}
		var out []*soulv1.SoulReceipt
		for _, r := range res.GetReceipts() {
			if r.GetKind() == "refusal" {
				out = append(out, r)
			}
		}
		return out
	}
	tests := []struct {
		name   string
		caller auth.MintRequest
		want   string // the ledger that gains the receipt
	}{
		{name: "unknown seat in its own brain", caller: auth.MintRequest{Kind: auth.KindAgent, Subject: "oracle-1", Seat: "oracle", Brain: "loja"}, want: "loja"},
		{name: "unknown seat of another brain", caller: auth.MintRequest{Kind: auth.KindAgent, Subject: "oracle-2", Seat: "oracle", Brain: "beta"}, want: "beta"},
		{name: "a federation peer", caller: auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"}, want: domain.SecurityLedger},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := map[string]int{"loja": len(refusals("loja")), "beta": len(refusals("beta")), domain.SecurityLedger: len(refusals(domain.SecurityLedger))}
			_, err := client(tc.caller).CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"})
			if got := rpcstatus.ReasonOf(err); got != auth.ReasonCallerNotAllowed {
				t.Fatalf("got %v, want CALLER_NOT_ALLOWED at the door", err)
			}
			rid := ""
			st, _ := status.FromError(err)
			for _, d := range st.Details() {
				if info, ok := d.(*errdetails.ErrorInfo); ok {
					rid = info.GetMetadata()["receipt_id"]
				}
			}
			for _, l := range []string{"loja", "beta", domain.SecurityLedger} {
				after := refusals(l)
				want := 0
				if l == tc.want {
					want = 1
				}
				if got := len(after) - before[l]; got != want {
					t.Fatalf("ledger %s: got %d new refusal receipts, want %d", l, got, want)
				}
				if want == 1 && (after[0].GetReceiptId() != rid || after[0].GetBy().GetAgentId() != tc.caller.Subject) {
					t.Errorf("ledger %s: got receipt %s by %v, want %s (the refusal's) by %s", l, after[0].GetReceiptId(), after[0].GetBy(), rid, tc.caller.Subject)
				}
			}
		})
	}
}
