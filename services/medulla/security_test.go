package medulla_test

import (
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/auth"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// TestSecurityLedgerCoalesces: a federation peer refused at medulla's door is recorded in the
// security ledger (the medulla tier's), and identical refusals (one credential, RPC and reason)
// within the refusal window are one receipt whose count grows; each refusal names it. A new
// window, another RPC or another peer starts a new receipt. No brain's ledger gains a line.
func TestSecurityLedgerCoalesces(t *testing.T) {
	f := newFixture(t)
	peer := func(subject string) medullav1.MedullaServiceClient {
		return f.client(f.env.Conn(auth.Bearer(f.env.Mint(auth.MintRequest{Kind: auth.KindPeer, Subject: subject}))))
	}
	bob, carol := peer("bob"), peer("carol")
	recall := func(c medullav1.MedullaServiceClient) error {
		_, err := c.Recall(ctx(), &medullav1.RecallRequest{Brain: "loja", Query: "q"})
		return err
	}
	memorize := func(c medullav1.MedullaServiceClient) error {
		_, err := c.Memorize(ctx(), &medullav1.MemorizeRequest{Brain: "loja", Slug: "x", Body: "y"})
		return err
	}
	steps := []struct {
		name    string
		advance bool // past the refusal window first
		client  medullav1.MedullaServiceClient
		call    func(medullav1.MedullaServiceClient) error
		times   int
		// wantNew says the refusals start a new receipt; wantCount is its count afterwards.
		wantNew   bool
		wantCount int64
		wantBy    string
	}{
		{name: "100 identical refusals of a peer", client: bob, call: recall, times: 100, wantNew: true, wantCount: 100, wantBy: "bob"},
		{name: "the same refusal again, inside the window", client: bob, call: recall, times: 1, wantCount: 101, wantBy: "bob"},
		{name: "another RPC of the same peer", client: bob, call: memorize, times: 3, wantNew: true, wantCount: 3, wantBy: "bob"},
		{name: "another peer, the same RPC", client: carol, call: recall, times: 2, wantNew: true, wantCount: 2, wantBy: "carol"},
		{name: "the first refusal after the window", advance: true, client: bob, call: recall, times: 1, wantNew: true, wantCount: 1, wantBy: "bob"},
	}
	for _, tc := range steps {
		t.Run(tc.name, func(t *testing.T) {
			if tc.advance {
				f.clock.Advance(domain.DefaultRefusalWindow)
			}
			before := len(f.rejections(domain.SecurityLedger))
			beforeLoja := len(f.rejections("loja"))
			ids := map[string]bool{}
			for range tc.times {
				err := tc.call(tc.client)
				code, reason, _, md := refusalOf(err)
				if code != codes.PermissionDenied || reason != auth.ReasonCallerNotAllowed {
					t.Fatalf("got %s %s, want PermissionDenied CALLER_NOT_ALLOWED", code, reason)
				}
				ids[md[domain.MetaReceiptID]] = true
			}
			if len(ids) != 1 || ids[""] {
				t.Fatalf("got receipt ids %v on the refusals, want one and the same", ids)
			}
			res, err := f.owner.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: domain.SecurityLedger})
			if err != nil {
				t.Fatal(err)
			}
			newest := res.GetReceipts()[0].GetRejection()
			want := 0
			if tc.wantNew {
				want = 1
			}
			if got := len(f.rejections(domain.SecurityLedger)) - before; got != want {
				t.Errorf("got %d new security receipts, want %d", got, want)
			}
			if got := len(f.rejections("loja")) - beforeLoja; got != 0 {
				t.Errorf("got %d new receipts in loja's ledger, want none", got)
			}
			if !ids[newest.GetReceiptId()] || newest.GetBy().GetAgentId() != tc.wantBy || newest.GetBy().GetOrigin() != commonv1.Origin_ORIGIN_PEER {
				t.Fatalf("got newest receipt %s by %v, want the refusals' %v by peer %s", newest.GetReceiptId(), newest.GetBy(), ids, tc.wantBy)
			}
			rep := res.GetRepeats()[newest.GetReceiptId()]
			if rep.GetCount() != tc.wantCount {
				t.Errorf("got count %d, want %d", rep.GetCount(), tc.wantCount)
			}
			if got, want := rep.GetLastAt().AsTime(), f.clock.Now().UTC(); !got.Equal(want) {
				t.Errorf("got last_at %v, want %v", got, want)
			}
		})
	}
}

// TestSecurityLedgerOwnerOnly: only the owner lists the security ledger; an agent of any seat
// is refused, and so is a peer, and the refusal changes nothing.
func TestSecurityLedgerOwnerOnly(t *testing.T) {
	f := newFixture(t)
	bob := f.client(f.env.Conn(auth.Bearer(f.env.Mint(auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"}))))
	if _, err := bob.Recall(ctx(), &medullav1.RecallRequest{Brain: "loja", Query: "q"}); err == nil {
		t.Fatal("got a peer's Recall answered, want it refused")
	}
	tests := []struct {
		name     string
		client   medullav1.MedullaServiceClient
		wantCode codes.Code
	}{
		{name: "the owner", client: f.owner, wantCode: codes.OK},
		{name: "an executor", client: f.agent, wantCode: codes.PermissionDenied},
		{name: "a judge", client: f.judge, wantCode: codes.PermissionDenied},
		{name: "the peer itself", client: bob, wantCode: codes.PermissionDenied},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tc.client.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: domain.SecurityLedger})
			if code, _, _, _ := refusalOf(err); code != tc.wantCode {
				t.Fatalf("got %v, want %s", err, tc.wantCode)
			}
			if tc.wantCode == codes.OK && len(res.GetReceipts()) == 0 {
				t.Fatalf("got an empty security ledger, want the peer's refusal")
			}
			if tc.wantCode != codes.OK && len(res.GetReceipts()) != 0 {
				t.Fatalf("got %d receipts alongside a refusal, want none", len(res.GetReceipts()))
			}
		})
	}
}
