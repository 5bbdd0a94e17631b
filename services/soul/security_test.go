package soul_test

import (
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
)

// receiptOf is the receipt id a refusal carries in its ErrorInfo.
func receiptOf(err error) string {
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetMetadata()["receipt_id"]
		}
	}
	return ""
}

// TestSecurityLedgerCoalesces: a federation peer refused at soul's door is recorded in the
// security ledger, and identical refusals (one credential, RPC and reason) within the refusal
// window are one receipt whose count grows; each refusal names it. A new window, another RPC or
// another peer starts a new receipt; no brain's ledger gains a line.
func TestSecurityLedgerCoalesces(t *testing.T) {
	f := newFixture(t)
	peer := func(subject string) soulv1.SoulServiceClient {
		return soulv1.NewSoulServiceClient(f.env.Conn(auth.Bearer(f.env.Mint(auth.MintRequest{Kind: auth.KindPeer, Subject: subject}))))
	}
	bob, carol := peer("bob"), peer("carol")
	check := func(c soulv1.SoulServiceClient) error {
		_, err := c.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"})
		return err
	}
	read := func(c soulv1.SoulServiceClient) error {
		_, err := c.ReadSoul(ctx(), &soulv1.ReadSoulRequest{Brain: "loja"})
		return err
	}
	list := func(brain string) *soulv1.ListReceiptsResponse {
		t.Helper()
		res, err := f.owner.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: brain})
		if err != nil {
			t.Fatalf("list %s: %v", brain, err)
		}
		return res
	}
	steps := []struct {
		name    string
		advance bool // past the refusal window first
		client  soulv1.SoulServiceClient
		call    func(soulv1.SoulServiceClient) error
		times   int
		// wantNew says the refusals start a new receipt; wantCount is its count afterwards.
		wantNew   bool
		wantCount int64
		wantBy    string
	}{
		{name: "100 identical refusals of a peer", client: bob, call: check, times: 100, wantNew: true, wantCount: 100, wantBy: "bob"},
		{name: "the same refusal again, inside the window", client: bob, call: check, times: 1, wantCount: 101, wantBy: "bob"},
		{name: "another RPC of the same peer", client: bob, call: read, times: 3, wantNew: true, wantCount: 3, wantBy: "bob"},
		{name: "another peer, the same RPC", client: carol, call: check, times: 2, wantNew: true, wantCount: 2, wantBy: "carol"},
		{name: "the first refusal after the window", advance: true, client: bob, call: check, times: 1, wantNew: true, wantCount: 1, wantBy: "bob"},
	}
	for _, tc := range steps {
		t.Run(tc.name, func(t *testing.T) {
			if tc.advance {
				f.clock.Advance(domain.DefaultRefusalWindow)
			}
			before := len(list(domain.SecurityLedger).GetReceipts())
			beforeLoja := len(list("loja").GetReceipts())
			ids := map[string]bool{}
			for range tc.times {
				err := tc.call(tc.client)
				if got := rpcstatus.ReasonOf(err); got != auth.ReasonCallerNotAllowed {
					t.Fatalf("got %v, want CALLER_NOT_ALLOWED at the door", err)
				}
				ids[receiptOf(err)] = true
			}
			if len(ids) != 1 || ids[""] {
				t.Fatalf("got receipt ids %v on the refusals, want one and the same", ids)
			}
			res := list(domain.SecurityLedger)
			want := 0
			if tc.wantNew {
				want = 1
			}
			if got := len(res.GetReceipts()) - before; got != want {
				t.Errorf("got %d new security receipts, want %d", got, want)
			}
			if got := len(list("loja").GetReceipts()) - beforeLoja; got != 0 {
				t.Errorf("got %d new receipts in loja's ledger, want none", got)
			}
			newest := res.GetReceipts()[0]
			if !ids[newest.GetReceiptId()] || newest.GetBy().GetAgentId() != tc.wantBy || newest.GetKind() != "refusal" || newest.GetBrain() != domain.SecurityLedger {
				t.Fatalf("got newest receipt %s %s in %s by %v, want the refusals' %v by peer %s", newest.GetReceiptId(), newest.GetKind(), newest.GetBrain(), newest.GetBy(), ids, tc.wantBy)
			}
			rep := res.GetRepeats()[newest.GetReceiptId()]
			if rep.GetCount() != tc.wantCount {
				t.Errorf("got count %d, want %d", rep.GetCount(), tc.wantCount)
			}
			if got, want := rep.GetLastAt().AsTime(), f.clock.Now().UTC().Truncate(1e6); !got.Equal(want) {
				t.Errorf("got last_at %v, want %v", got, want)
			}
		})
	}
}

// TestSecurityLedgerOwnerOnly: only the owner lists the security ledger; an agent is refused
// OWNER_ONLY and a peer at the door.
func TestSecurityLedgerOwnerOnly(t *testing.T) {
	f := newFixture(t)
	bob := soulv1.NewSoulServiceClient(f.env.Conn(auth.Bearer(f.env.Mint(auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"}))))
	if _, err := bob.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"}); err == nil {
		t.Fatal("got a peer's CheckSoul answered, want it refused")
	}
	tests := []struct {
		name       string
		client     soulv1.SoulServiceClient
		wantCode   codes.Code
		wantReason string
	}{
		{name: "the owner", client: f.owner, wantCode: codes.OK},
		{name: "a curator", client: f.agent, wantCode: codes.PermissionDenied, wantReason: string(domain.RefuseOwnerOnly)},
		{name: "an executor", client: soulv1.NewSoulServiceClient(f.env.Agent("exec-1", "executor", "loja")), wantCode: codes.PermissionDenied, wantReason: string(domain.RefuseOwnerOnly)},
		{name: "the peer itself", client: bob, wantCode: codes.PermissionDenied, wantReason: auth.ReasonCallerNotAllowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tc.client.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: domain.SecurityLedger})
			if got := status.Code(err); got != tc.wantCode {
				t.Fatalf("got %v, want %s", err, tc.wantCode)
			}
			if got := rpcstatus.ReasonOf(err); tc.wantCode != codes.OK && got != tc.wantReason {
				t.Fatalf("got reason %s, want %s", got, tc.wantReason)
			}
			if tc.wantCode == codes.OK && len(res.GetReceipts()) == 0 {
				t.Fatal("got an empty security ledger, want the peer's refusal")
			}
			if tc.wantCode != codes.OK && len(res.GetReceipts()) != 0 {
				t.Fatalf("got %d receipts alongside a refusal, want none", len(res.GetReceipts()))
			}
		})
	}
}
