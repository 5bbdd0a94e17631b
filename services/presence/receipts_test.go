package presence_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/presence"
)

const security = "_security"

func (h *harness) owner() presencev1.PresenceServiceClient { return client(h.env.Owner()) }

// peer dials with a federation peer credential, the kind medulla's Pull accepts.
func (h *harness) peer(name string) presencev1.PresenceServiceClient {
	return client(h.env.Conn(auth.Bearer(h.env.Mint(auth.MintRequest{Kind: auth.KindPeer, Subject: name}))))
}

func (h *harness) service(name string) presencev1.PresenceServiceClient {
	return client(h.env.Service(name))
}

// ledger reads a whole ledger, paging to the end.
func ledger(t *testing.T, c presencev1.PresenceServiceClient, brain string, pageSize int32) []*commonv1.Receipt {
	t.Helper()
	rs, _ := ledgerRepeats(t, c, brain, pageSize)
	return rs
}

// ledgerRepeats is ledger with the repeat counts of its rejection receipts.
func ledgerRepeats(t *testing.T, c presencev1.PresenceServiceClient, brain string, pageSize int32) ([]*commonv1.Receipt, map[string]*presencev1.RefusalRepeats) {
	t.Helper()
	var out []*commonv1.Receipt
	repeats := map[string]*presencev1.RefusalRepeats{}
	token := ""
	for range 1000 {
		res, err := c.ListReceipts(ctx, &presencev1.ListReceiptsRequest{Brain: brain,
			Page: &commonv1.PageRequest{PageSize: pageSize, PageToken: token}})
		if err != nil {
			t.Fatalf("ListReceipts(%q): %v (reason %s)", brain, err, rpcstatus.ReasonOf(err))
		}
		out = append(out, res.GetReceipts()...)
		for id, r := range res.GetRepeats() {
			repeats[id] = r
		}
		if token = res.GetPage().GetNextPageToken(); token == "" {
			break
		}
	}
	if token != "" {
		t.Fatalf("ListReceipts(%q) did not reach its end in 1000 pages", brain)
	}
	for _, j := range rejections(out) {
		if repeats[j.GetReceiptId()].GetCount() < 1 {
			t.Fatalf("rejection %s: got repeats %v, want a count of at least 1", j.GetReceiptId(), repeats[j.GetReceiptId()])
		}
	}
	return out, repeats
}

func rejections(rs []*commonv1.Receipt) []*commonv1.RejectionReceipt {
	var out []*commonv1.RejectionReceipt
	for _, r := range rs {
		if j := r.GetRejection(); j != nil {
			out = append(out, j)
		}
	}
	return out
}

// receiptIDOf is the rejection receipt a refusal names in its ErrorInfo metadata.
func receiptIDOf(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetMetadata()["receipt_id"]
		}
	}
	return ""
}

func TestRegisterAndLeaveLeaveCommitReceiptsAndBeatsNone(t *testing.T) {
	h := start(t)
	a := h.agent("ada", "alpha")
	p := must(a.Register(ctx, mutate("src/a.go")))(t).GetPresence()
	h.clk.Advance(5 * time.Second)
	upd := mutate("src/b.go")
	upd.PresenceId = p.GetPresenceId()
	must(a.Register(ctx, upd))(t)
	for range 3 {
		h.clk.Advance(time.Second)
		must(a.Beat(ctx, &presencev1.BeatRequest{PresenceId: p.GetPresenceId()}))(t)
	}
	bctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	st := must(a.Beats(bctx))(t)
	for range 3 {
		if err := st.Send(&presencev1.BeatsRequest{PresenceId: p.GetPresenceId()}); err != nil {
			t.Fatal(err)
		}
		must(st.Recv())(t)
	}
	must(0, st.CloseSend())(t)
	must(a.Leave(ctx, &presencev1.LeaveRequest{PresenceId: p.GetPresenceId()}))(t)

	got := ledger(t, a, "", 0)
	want := []struct{ effect, event string }{{"leave", "left"}, {"register", "updated"}, {"register", "joined"}}
	if len(got) != len(want) {
		t.Fatalf("alpha ledger: got %d receipts %v, want %d (two registers and a leave; six beats leave none)", len(got), got, len(want))
	}
	for i, w := range want {
		c := got[i].GetCommit()
		if c == nil {
			t.Fatalf("receipt %d: got %v, want a commit receipt", i, got[i])
		}
		if c.GetProposal().GetEffect() != w.effect || c.GetDetails()["event"] != w.event {
			t.Errorf("receipt %d: got effect %q event %q, want %q %q", i, c.GetProposal().GetEffect(), c.GetDetails()["event"], w.effect, w.event)
		}
		if c.GetBrain() != "alpha" || c.GetProposal().GetSubject() != p.GetPresenceId() || c.GetDetails()["presence_id"] != p.GetPresenceId() {
			t.Errorf("receipt %d: got brain %q subject %q presence %q, want alpha and %s", i, c.GetBrain(),
				c.GetProposal().GetSubject(), c.GetDetails()["presence_id"], p.GetPresenceId())
		}
		by := c.GetBy()
		if by.GetAgentId() != "ada" || by.GetBrain() != "alpha" || by.GetOrigin() != commonv1.Origin_ORIGIN_AGENT || by.GetSeat() != "executor" {
			t.Errorf("receipt %d: got by %v, want ada/executor/alpha/agent from the credential", i, by)
		}
		if c.GetReview().GetDecision() != commonv1.Decision_DECISION_COMMIT || len(c.GetReview().GetGates()) == 0 ||
			c.GetVerse() != commonv1.Verse_VERSE_INTERNAL || c.GetReceiptId() == "" || c.GetDetails()["event_seqs"] == "" {
			t.Errorf("receipt %d: got review %v verse %v id %q details %v, want a commit review with gates, internal verse, an id and event seqs",
				i, c.GetReview(), c.GetVerse(), c.GetReceiptId(), c.GetDetails())
		}
	}
	if at := got[0].GetCommit().GetAt().AsTime(); !at.Equal(t0.Add(8 * time.Second)) {
		t.Errorf("leave receipt at: got %v, want %v", at, t0.Add(8*time.Second))
	}
	if sec := rejections(ledger(t, h.owner(), security, 0)); len(sec) != 0 {
		t.Errorf("security ledger: got %v, want nothing (nobody was refused)", sec)
	}
}

// TestRefusalsLandInTheCallersLedger: a refused register or leave leaves a rejection receipt in
// the ledger of the caller's own bound brain, never in the brain it aimed at; refusals of
// callers bound to no brain go to the security ledger; a refused beat leaves none.
func TestRefusalsLandInTheCallersLedger(t *testing.T) {
	tests := []struct {
		name   string
		act    func(h *harness, alphaPresence string) error
		code   codes.Code
		reason string
		ledger string // "" when no receipt is wanted anywhere
		effect string
	}{
		{"foreign agent registers into another brain", func(h *harness, _ string) error {
			req := mutate("src")
			req.Brain = "alpha"
			_, err := h.agent("bo", "beta").Register(ctx, req)
			return err
		}, codes.PermissionDenied, "FOREIGN_BRAIN", "beta", "register"},
		{"foreign agent updates another brain's presence", func(h *harness, id string) error {
			req := mutate("src")
			req.PresenceId = id
			_, err := h.agent("bo", "beta").Register(ctx, req)
			return err
		}, codes.PermissionDenied, "FOREIGN_BRAIN", "beta", "register"},
		{"foreign agent leaves another brain's presence", func(h *harness, id string) error {
			_, err := h.agent("bo", "beta").Leave(ctx, &presencev1.LeaveRequest{PresenceId: id})
			return err
		}, codes.PermissionDenied, "FOREIGN_BRAIN", "beta", "leave"},
		{"same-brain agent leaves a presence not its own", func(h *harness, id string) error {
			_, err := h.agent("cy", "alpha").Leave(ctx, &presencev1.LeaveRequest{PresenceId: id})
			return err
		}, codes.PermissionDenied, "NOT_PRESENCE_HOLDER", "alpha", "leave"},
		{"agent registers bad input", func(h *harness, _ string) error {
			_, err := h.agent("cy", "alpha").Register(ctx, &presencev1.RegisterRequest{Kind: "wizard"})
			return err
		}, codes.InvalidArgument, "INVALID_ARGUMENT", "alpha", "register"},
		{"agent claims the Hall's kind", func(h *harness, _ string) error {
			req := mutate("src")
			req.Kind = "human-ui"
			_, err := h.agent("cy", "alpha").Register(ctx, req)
			return err
		}, codes.PermissionDenied, "KIND_RESERVED", "alpha", "register"},
		{"owner registers without a brain", func(h *harness, _ string) error {
			_, err := h.owner().Register(ctx, mutate("src"))
			return err
		}, codes.InvalidArgument, "INVALID_ARGUMENT", security, "register"},
		{"owner registers into the security ledger's name", func(h *harness, _ string) error {
			req := mutate("src")
			req.Brain = security
			_, err := h.owner().Register(ctx, req)
			return err
		}, codes.PermissionDenied, "RESERVED_BRAIN", security, "register"},
		{"service leaves a presence that never was", func(h *harness, _ string) error {
			_, err := h.service("mission").Leave(ctx, &presencev1.LeaveRequest{PresenceId: "prs_00000000ffff"})
			return err
		}, codes.NotFound, "PRESENCE_NOT_FOUND", security, "leave"},
		{"peer registers", func(h *harness, _ string) error {
			_, err := h.peer("bob").Register(ctx, mutate("src"))
			return err
		}, codes.PermissionDenied, "CALLER_NOT_ALLOWED", security, "register"},
		{"foreign agent beats another brain's presence", func(h *harness, id string) error {
			_, err := h.agent("bo", "beta").Beat(ctx, &presencev1.BeatRequest{PresenceId: id})
			return err
		}, codes.PermissionDenied, "FOREIGN_BRAIN", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			id := must(h.agent("ada", "alpha").Register(ctx, mutate("src")))(t).GetPresence().GetPresenceId()
			err := tt.act(h, id)
			wantRefusal(t, err, tt.code, tt.reason)
			owner := h.owner()
			for _, l := range []string{"alpha", "beta", security} {
				all, repeats := ledgerRepeats(t, owner, l, 0)
				rs := rejections(all)
				if l != tt.ledger {
					if len(rs) != 0 {
						t.Errorf("ledger %s: got %d rejection receipts (%v), want none", l, len(rs), rs)
					}
					continue
				}
				if len(rs) != 1 {
					t.Fatalf("ledger %s: got %d rejection receipts, want 1", l, len(rs))
				}
				r := rs[0]
				if r.GetReason() != tt.reason || r.GetProposal().GetEffect() != tt.effect || r.GetBrain() != tt.ledger ||
					r.GetReview().GetDecision() != commonv1.Decision_DECISION_REJECT || repeats[r.GetReceiptId()].GetCount() != 1 {
					t.Errorf("got receipt reason %q effect %q brain %q review %v repeats %v, want %s %s in %s, refused once",
						r.GetReason(), r.GetProposal().GetEffect(), r.GetBrain(), r.GetReview(), repeats[r.GetReceiptId()], tt.reason, tt.effect, tt.ledger)
				}
				if gates := r.GetReview().GetGates(); len(gates) == 0 || gates[len(gates)-1] != "refused:"+tt.reason {
					t.Errorf("gates: got %v, want them to end with refused:%s", gates, tt.reason)
				}
				if got := receiptIDOf(err); got == "" || got != r.GetReceiptId() {
					t.Errorf("refusal names receipt %q, want the ledger's %q", got, r.GetReceiptId())
				}
			}
			if tt.ledger == "" && receiptIDOf(err) != "" {
				t.Errorf("refused beat names receipt %q, want none", receiptIDOf(err))
			}
		})
	}
}

func TestLedgerReaders(t *testing.T) {
	h := start(t)
	must(h.agent("ada", "alpha").Register(ctx, mutate("src")))(t)
	_, err := h.peer("bob").List(ctx, &presencev1.ListRequest{})
	wantRefusal(t, err, codes.PermissionDenied, "CALLER_NOT_ALLOWED")
	tests := []struct {
		name   string
		c      presencev1.PresenceServiceClient
		brain  string
		code   codes.Code
		reason string
		want   int
	}{
		{"agent reads its own brain (empty names it)", h.agent("ada", "alpha"), "", codes.OK, "", 1},
		{"agent reads its own brain by name", h.agent("cy", "alpha"), "alpha", codes.OK, "", 1},
		{"agent of another brain", h.agent("bo", "beta"), "alpha", codes.PermissionDenied, "FOREIGN_BRAIN", 0},
		{"agent asks for the security ledger", h.agent("ada", "alpha"), security, codes.PermissionDenied, "OWNER_ONLY", 0},
		{"service reads a brain", h.service("mission"), "alpha", codes.OK, "", 1},
		{"service asks for the security ledger", h.service("mission"), security, codes.PermissionDenied, "OWNER_ONLY", 0},
		{"owner reads a brain", h.owner(), "alpha", codes.OK, "", 1},
		{"owner must name a ledger", h.owner(), "", codes.InvalidArgument, "INVALID_ARGUMENT", 0},
		{"owner reads the security ledger", h.owner(), security, codes.OK, "", 1},
		{"owner's Hall session reads the security ledger", client(h.env.OwnerSession()), security, codes.OK, "", 1},
		{"peer", h.peer("bob"), security, codes.PermissionDenied, "CALLER_NOT_ALLOWED", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := tt.c.ListReceipts(ctx, &presencev1.ListReceiptsRequest{Brain: tt.brain})
			if tt.code != codes.OK {
				wantRefusal(t, err, tt.code, tt.reason)
				return
			}
			if got := len(must(res, err)(t).GetReceipts()); got != tt.want {
				t.Fatalf("got %d receipts, want %d", got, tt.want)
			}
		})
	}
}

// TestPeerMayNotUsePresence: a federation peer credential is refused by every presence RPC,
// records no presence anywhere, and each refusal is in the security ledger.
func TestPeerMayNotUsePresence(t *testing.T) {
	h := start(t)
	p := h.peer("bob")
	id := must(h.agent("ada", "alpha").Register(ctx, mutate("src")))(t).GetPresence().GetPresenceId()
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	calls := []struct {
		rpc  string
		call func() error
	}{
		{"register", func() error { _, err := p.Register(ctx, mutate("src")); return err }},
		{"beat", func() error { _, err := p.Beat(ctx, &presencev1.BeatRequest{PresenceId: id}); return err }},
		{"leave", func() error { _, err := p.Leave(ctx, &presencev1.LeaveRequest{PresenceId: id}); return err }},
		{"get", func() error { _, err := p.Get(ctx, &presencev1.GetRequest{PresenceId: id}); return err }},
		{"list", func() error { _, err := p.List(ctx, &presencev1.ListRequest{}); return err }},
		{"collisions", func() error { _, err := p.Collisions(ctx, &presencev1.CollisionsRequest{}); return err }},
		{"gc", func() error { _, err := p.Gc(ctx, &presencev1.GcRequest{}); return err }},
		{"list-receipts", func() error { _, err := p.ListReceipts(ctx, &presencev1.ListReceiptsRequest{}); return err }},
		{"watch", func() error {
			st, err := p.Watch(sctx, &presencev1.WatchRequest{})
			if err == nil {
				_, err = st.Recv()
			}
			return err
		}},
		{"beats", func() error {
			st, err := p.Beats(sctx)
			if err == nil {
				_ = st.Send(&presencev1.BeatsRequest{PresenceId: id})
				_, err = st.Recv()
			}
			return err
		}},
	}
	for _, c := range calls {
		t.Run(c.rpc, func(t *testing.T) {
			wantRefusal(t, c.call(), codes.PermissionDenied, "CALLER_NOT_ALLOWED")
		})
	}
	roster := must(h.owner().List(ctx, &presencev1.ListRequest{}))(t).GetPresences()
	if len(roster) != 1 || roster[0].GetPresenceId() != id {
		t.Fatalf("roster: got %v, want only ada's %s (the peer recorded nothing, left nothing)", ids(roster), id)
	}
	var effects []string
	for _, r := range rejections(ledger(t, h.owner(), security, 0)) {
		if r.GetReason() != "CALLER_NOT_ALLOWED" || r.GetBy().GetOrigin() != commonv1.Origin_ORIGIN_PEER || r.GetBy().GetAgentId() != "bob" {
			t.Errorf("got receipt %v, want a CALLER_NOT_ALLOWED refusal of peer bob", r)
		}
		effects = append(effects, r.GetProposal().GetEffect())
	}
	slices.Sort(effects)
	want := make([]string, len(calls))
	for i, c := range calls {
		want[i] = c.rpc
	}
	slices.Sort(want)
	if !slices.Equal(effects, want) {
		t.Fatalf("security ledger effects: got %v, want one per RPC tried %v", effects, want)
	}
	if rs := ledger(t, h.owner(), "alpha", 0); len(rejections(rs)) != 0 {
		t.Fatalf("alpha ledger: got %v, want no rejection (the peer is nobody's brain)", rejections(rs))
	}
}

// TestIdenticalRefusalsCoalesce: one caller repeating one refusal grows one receipt's count
// within the window, whatever presence ids or brains it names, and starts a new receipt after.
func TestIdenticalRefusalsCoalesce(t *testing.T) {
	h := &harness{clk: clock.NewFake(t0), dir: t.TempDir()}
	h.openWith(t, presence.Options{RefusalWindow: time.Minute})
	bo := h.agent("bo", "beta")
	foreign := func(i int) error {
		req := mutate("src")
		req.Brain = fmt.Sprintf("target-%d", i)
		_, err := bo.Register(ctx, req)
		return err
	}
	first := foreign(0)
	for i := 1; i < 50; i++ {
		h.clk.Advance(time.Second / 2)
		wantRefusal(t, foreign(i), codes.PermissionDenied, "FOREIGN_BRAIN")
	}
	_, err := bo.Leave(ctx, &presencev1.LeaveRequest{PresenceId: "prs_00000000abcd"})
	wantRefusal(t, err, codes.NotFound, "PRESENCE_NOT_FOUND")

	all, repeats := ledgerRepeats(t, h.owner(), "beta", 0)
	rs := rejections(all)
	if len(rs) != 2 {
		t.Fatalf("beta ledger: got %d rejection receipts, want 2 (50 foreign registers as one, one leave)", len(rs))
	}
	reg := rs[1]
	rep := repeats[reg.GetReceiptId()]
	if reg.GetReason() != "FOREIGN_BRAIN" || rep.GetCount() != 50 || reg.GetProposal().GetBrain() != "target-0" {
		t.Fatalf("coalesced receipt: got reason %q count %d target %q, want FOREIGN_BRAIN 50 target-0",
			reg.GetReason(), rep.GetCount(), reg.GetProposal().GetBrain())
	}
	if want := t0.Add(49 * time.Second / 2); !rep.GetLastAt().AsTime().Equal(want) || !reg.GetAt().AsTime().Equal(t0) {
		t.Fatalf("first and last: got %v and %v, want %v and %v", reg.GetAt().AsTime(), rep.GetLastAt().AsTime(), t0, want)
	}
	if receiptIDOf(first) != reg.GetReceiptId() {
		t.Fatalf("first refusal names %q, want the coalesced receipt %q", receiptIDOf(first), reg.GetReceiptId())
	}

	h.clk.Advance(time.Minute)
	wantRefusal(t, foreign(99), codes.PermissionDenied, "FOREIGN_BRAIN")
	all, repeats = ledgerRepeats(t, h.owner(), "beta", 0)
	rs = rejections(all)
	if len(rs) != 3 || repeats[rs[0].GetReceiptId()].GetCount() != 1 || rs[0].GetProposal().GetBrain() != "target-99" {
		t.Fatalf("after the window: got %d receipts (newest %v), want a fresh third one counting 1", len(rs), rs[0])
	}
}

func TestReceiptsPageToTheEnd(t *testing.T) {
	tests := []struct {
		name     string
		receipts int
		size     int32
	}{
		{"short last page", 7, 3},
		{"exactly full last page", 6, 3},
		{"one page", 2, 0},
		{"empty ledger", 0, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			a := h.agent("ada", "alpha")
			for range tt.receipts {
				h.clk.Advance(time.Second)
				must(a.Register(ctx, mutate("src")))(t)
			}
			got := ledger(t, a, "", tt.size)
			if len(got) != tt.receipts {
				t.Fatalf("got %d receipts, want %d", len(got), tt.receipts)
			}
			seen := map[string]bool{}
			for i, r := range got {
				c := r.GetCommit()
				if seen[c.GetReceiptId()] {
					t.Fatalf("receipt %s listed twice", c.GetReceiptId())
				}
				seen[c.GetReceiptId()] = true
				if want := t0.Add(time.Duration(tt.receipts-i) * time.Second); !c.GetAt().AsTime().Equal(want) {
					t.Fatalf("receipt %d at %v, want %v (newest first)", i, c.GetAt().AsTime(), want)
				}
			}
			if tt.receipts == 6 {
				res := must(a.ListReceipts(ctx, &presencev1.ListReceiptsRequest{Page: &commonv1.PageRequest{PageSize: 6}}))(t)
				if len(res.GetReceipts()) != 6 || res.GetPage().GetNextPageToken() != "" {
					t.Fatalf("a page holding the whole ledger: got %d and token %q, want 6 and the end",
						len(res.GetReceipts()), res.GetPage().GetNextPageToken())
				}
			}
		})
	}
}

func TestReceiptsBadPage(t *testing.T) {
	h := start(t)
	a := h.agent("ada", "alpha")
	for _, p := range []*commonv1.PageRequest{{PageSize: -1}, {PageSize: 1001}, {PageToken: "nope"},
		{PageToken: strconv.Quote("rcpt:1")}} {
		_, err := a.ListReceipts(ctx, &presencev1.ListReceiptsRequest{Page: p})
		wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
	}
}
