package medulla_test

import (
	"testing"

	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// TestDoorRefusalsRecorded: a caller the caller × RPC matrix refuses at medulla's door leaves a
// rejection receipt the owner can list, in the ledger medulla's own refusals of that caller go
// to: the brain it acts in, its own brain when it reaches outside, the medulla tier's ledger
// (the owner's security ledger) when its brain is not registered or it has none, as a
// federation peer.
func TestDoorRefusalsRecorded(t *testing.T) {
	f := newFixture(t)
	f.register("beta", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	conn := func(r auth.MintRequest) medullav1.MedullaServiceClient {
		return f.client(f.env.Conn(auth.Bearer(f.env.Mint(r))))
	}
	tests := []struct {
		name       string
		client     medullav1.MedullaServiceClient
		call       func(c medullav1.MedullaServiceClient) error
		wantLedger string
		wantEffect string
	}{
		{name: "unknown seat writing in its own brain", client: conn(auth.MintRequest{Kind: auth.KindAgent, Subject: "oracle-1", Seat: "oracle", Brain: "loja"}),
			call: func(c medullav1.MedullaServiceClient) error {
				_, err := c.Memorize(ctx(), &medullav1.MemorizeRequest{Brain: "loja", Slug: "x", Body: "y"})
				return err
			}, wantLedger: "loja", wantEffect: "Memorize"},
		{name: "unknown seat reaching into another brain", client: conn(auth.MintRequest{Kind: auth.KindAgent, Subject: "oracle-2", Seat: "oracle", Brain: "loja"}),
			call: func(c medullav1.MedullaServiceClient) error {
				_, err := c.Recall(ctx(), &medullav1.RecallRequest{Brain: "beta", Query: "q"})
				return err
			}, wantLedger: "loja", wantEffect: "Recall"},
		{name: "unknown seat of an unregistered brain", client: conn(auth.MintRequest{Kind: auth.KindAgent, Subject: "oracle-3", Seat: "oracle", Brain: "ghost"}),
			call: func(c medullav1.MedullaServiceClient) error {
				_, err := c.ListBrains(ctx(), &medullav1.ListBrainsRequest{})
				return err
			}, wantLedger: domain.MedullaBrain, wantEffect: "ListBrains"},
		{name: "a runner on the write door", client: conn(auth.MintRequest{Kind: auth.KindAgent, Subject: "r1", Seat: "runner", Brain: "beta"}),
			call: func(c medullav1.MedullaServiceClient) error {
				_, err := c.Memorize(ctx(), &medullav1.MemorizeRequest{Brain: "beta", Slug: "x", Body: "y"})
				return err
			}, wantLedger: "beta", wantEffect: "Memorize"},
		{name: "a federation peer beyond its one RPC", client: conn(auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"}),
			call: func(c medullav1.MedullaServiceClient) error {
				_, err := c.Memorize(ctx(), &medullav1.MemorizeRequest{Brain: "loja", Slug: "x", Body: "y"})
				return err
			}, wantLedger: domain.SecurityLedger, wantEffect: "Memorize"},
	}
	ledgers := []string{"loja", "beta", domain.MedullaBrain}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := map[string]int{}
			for _, l := range ledgers {
				before[l] = len(f.rejections(l))
			}
			err := tc.call(tc.client)
			if got := rpcstatus.ReasonOf(err); got != auth.ReasonCallerNotAllowed {
				t.Fatalf("got %v, want CALLER_NOT_ALLOWED at the door", err)
			}
			rid := ""
			if st, ok := status.FromError(err); ok {
				for _, d := range st.Details() {
					if info, ok := d.(interface{ GetMetadata() map[string]string }); ok && info.GetMetadata()[domain.MetaReceiptID] != "" {
						rid = info.GetMetadata()[domain.MetaReceiptID]
					}
				}
			}
			for _, l := range ledgers {
				after := f.rejections(l)
				grew := len(after) - before[l]
				want := 0
				if l == tc.wantLedger {
					want = 1
				}
				if grew != want {
					t.Errorf("ledger %s: got %d new rejection receipts, want %d", l, grew, want)
					continue
				}
				if want == 1 {
					r := after[0]
					if r.GetReason() != auth.ReasonCallerNotAllowed || r.GetProposal().GetEffect() != tc.wantEffect || r.GetReceiptId() != rid {
						t.Errorf("ledger %s: got receipt %s %s/%s, want %s CALLER_NOT_ALLOWED %s (the id the refusal carried)", l, r.GetReceiptId(), r.GetProposal().GetEffect(), r.GetReason(), rid, tc.wantEffect)
					}
				}
			}
		})
	}
}

// rejections lists a ledger's rejection receipts, newest first, as the owner reads them.
func (f *fixture) rejections(brain string) []*commonv1.RejectionReceipt {
	f.t.Helper()
	var out []*commonv1.RejectionReceipt
	token := ""
	for {
		res, err := f.owner.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: brain, Page: &commonv1.PageRequest{PageToken: token}})
		if err != nil {
			f.t.Fatalf("list %s receipts: %v", brain, err)
		}
		for _, r := range res.GetReceipts() {
			if rj := r.GetRejection(); rj != nil {
				out = append(out, rj)
			}
		}
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return out
		}
	}
}
