package medulla_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpcserver"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// node is one medulla serving on loopback TCP behind its own owner key: a machine of its own.
type node struct {
	t      *testing.T
	addr   string
	signer *auth.Signer
	repo   string
	owner  medullav1.MedullaServiceClient
}

func startNode(t *testing.T) *node {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	clk := clock.NewFake(t0)
	svc, err := medulla.Open(context.Background(), medulla.Options{DataDir: t.TempDir(), Clock: clk, PeerSyncInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	signer := auth.NewSigner(key, nil)
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: slog.New(slog.DiscardHandler), ShutdownTimeout: 5 * time.Second})
	svc.Register(srv.Registrar())
	srv.SetServing(medullav1.MedullaService_ServiceDesc.ServiceName, true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	n := &node{t: t, addr: lis.Addr().String(), signer: signer, repo: t.TempDir()}
	n.owner = n.client(auth.MintRequest{Kind: auth.KindOwner})
	return n
}

func (n *node) token(r auth.MintRequest) string {
	n.t.Helper()
	tok, err := n.signer.Mint(r)
	if err != nil {
		n.t.Fatal(err)
	}
	return tok
}

func (n *node) client(r auth.MintRequest) medullav1.MedullaServiceClient {
	n.t.Helper()
	conn, err := grpcserver.Dial(n.addr, grpcserver.DialOptions{Credentials: auth.Bearer(n.token(r))})
	if err != nil {
		n.t.Fatal(err)
	}
	n.t.Cleanup(func() { conn.Close() })
	return medullav1.NewMedullaServiceClient(conn)
}

func (n *node) agent(id, brain string) medullav1.MedullaServiceClient {
	return n.client(auth.MintRequest{Kind: auth.KindAgent, Subject: id, Seat: "executor", Brain: brain, TTL: time.Hour})
}

// doctrine registers brain, writes a verified claim in it and promotes it.
func (n *node) doctrine(brain string, policy medullav1.FederationPolicy, slug, body string) {
	n.t.Helper()
	root := filepath.Join(n.repo, brain)
	if err := os.MkdirAll(root, 0o755); err != nil {
		n.t.Fatal(err)
	}
	if _, err := n.owner.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: brain, RepoRoot: root, Policy: policy}); err != nil {
		n.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "notes.md"), []byte(body), 0o644); err != nil {
		n.t.Fatal(err)
	}
	a := n.agent("agent-7", brain)
	if _, err := a.Memorize(ctx(), &medullav1.MemorizeRequest{Brain: brain, Slug: slug, Body: body, Confidence: 0.8,
		Evidence: []*medullav1.EvidenceAnchor{fileAnchor("notes.md")}}); err != nil {
		n.t.Fatal(err)
	}
	judge := n.client(auth.MintRequest{Kind: auth.KindAgent, Subject: "judge-1", Seat: "judge", Brain: brain, TTL: time.Hour})
	if _, err := judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: brain, Slug: slug}); err != nil {
		n.t.Fatal(err)
	}
	if _, err := a.Promote(ctx(), &medullav1.PromoteRequest{Brain: brain, Slug: slug, Reason: "held across three releases"}); err != nil {
		n.t.Fatal(err)
	}
}

func (n *node) storeVersions() map[string]int64 {
	n.t.Helper()
	res, err := n.owner.ListBrains(ctx(), &medullav1.ListBrainsRequest{})
	if err != nil {
		n.t.Fatal(err)
	}
	out := map[string]int64{}
	for _, b := range res.GetBrains() {
		out[b.GetName()] = b.GetStoreVersion()
	}
	return out
}

func sameVersions(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestFederationPeers runs two medullas on loopback TCP, each with its own owner key. Bob's
// medulla follows Alice's with a peer credential Alice minted.
func TestFederationPeers(t *testing.T) {
	alice, bob := startNode(t), startNode(t)
	alice.doctrine("loja", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED, "retry-jitter", "Retries carry jitter and a budget.")
	// vault promoted while it was open, then its owner closed it.
	alice.doctrine("vault", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED, "client-pricing", "Client pricing uses tiered discounts.")
	if _, err := alice.owner.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: "vault", RepoRoot: filepath.Join(alice.repo, "vault"), Policy: medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED}); err != nil {
		t.Fatal(err)
	}
	peerCred := alice.token(auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"})

	t.Run("a peer credential reads only open doctrine and changes nothing; its refusals reach only the security ledger", func(t *testing.T) {
		peer := alice.client(auth.MintRequest{Kind: auth.KindPeer, Subject: "bob"})
		before := alice.storeVersions()
		res, err := peer.PeerDoctrine(ctx(), &medullav1.PeerDoctrineRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.GetClaims()) != 1 || res.GetClaims()[0].GetSlug() != "loja.retry-jitter" || res.GetExcludedCount() != 1 {
			t.Fatalf("got %v excluded %d, want only loja's doctrine and vault's counted", res.GetClaims(), res.GetExcludedCount())
		}
		calls := []struct {
			name       string
			call       func() error
			wantReason string
		}{
			{"memorize", func() error {
				_, err := peer.Memorize(ctx(), &medullav1.MemorizeRequest{Brain: "loja", Body: "injected"})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"promote", func() error {
				_, err := peer.Promote(ctx(), &medullav1.PromoteRequest{Brain: "vault", Slug: "client-pricing", Reason: "x"})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"register a brain", func() error {
				_, err := peer.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: "evil", RepoRoot: "/tmp"})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"read the isolated brain", func() error {
				_, err := peer.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "vault", Slug: "client-pricing"})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"read isolated doctrine in the medulla tier", func() error {
				_, err := peer.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "medulla", Slug: "vault.client-pricing"})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"recall", func() error {
				_, err := peer.Recall(ctx(), &medullav1.RecallRequest{Brain: "medulla", Query: "pricing"})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"consolidate", func() error {
				_, err := peer.Consolidate(ctx(), &medullav1.ConsolidateRequest{Sources: []string{"loja.retry-jitter", "vault.client-pricing"}})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"learn", func() error {
				_, err := peer.Learn(ctx(), &medullav1.LearnRequest{Brain: "loja", Slug: "loja.retry-jitter", Feedback: medullav1.Feedback_FEEDBACK_NOT_WRONG})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"follow a peer", func() error {
				_, err := peer.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "x", Addr: "127.0.0.1:1", Credential: "c"})
				return err
			}, "CALLER_NOT_ALLOWED"},
			{"adopt", func() error {
				_, err := peer.Adopt(ctx(), &medullav1.AdoptRequest{ForeignId: "frn_1"})
				return err
			}, "CALLER_NOT_ALLOWED"},
		}
		for _, c := range calls {
			err := c.call()
			if err == nil {
				t.Fatalf("%s: got success, want %s", c.name, c.wantReason)
			}
			if code, reason, _, _ := refusalOf(err); code != codes.PermissionDenied || reason != c.wantReason {
				t.Fatalf("%s: got %s %s, want PermissionDenied %s", c.name, code, reason, c.wantReason)
			}
		}
		if after := alice.storeVersions(); !sameVersions(before, after) {
			t.Fatalf("got store versions %v, want %v unchanged", after, before)
		}
		// Every refusal is recorded, and only in the security ledger (the medulla tier's, the
		// owner's): the peer grows no brain's ledger, and refusals of one RPC for one reason are
		// one receipt whose count says how many.
		for _, brain := range []string{"loja", "medulla", "vault"} {
			rs, err := alice.owner.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: brain})
			if err != nil {
				t.Fatal(err)
			}
			var recorded int64
			seen := map[string]bool{}
			for _, r := range rs.GetReceipts() {
				rj := r.GetRejection()
				if rj.GetBy().GetOrigin() != commonv1.Origin_ORIGIN_PEER {
					continue
				}
				if k := rj.GetProposal().GetEffect() + "/" + rj.GetReason(); seen[k] {
					t.Errorf("ledger %s: got two receipts for %s, want them coalesced", brain, k)
				} else {
					seen[k] = true
				}
				recorded += max(1, rs.GetRepeats()[rj.GetReceiptId()].GetCount())
			}
			want := int64(0)
			if brain == domain.SecurityLedger {
				want = int64(len(calls))
			}
			if recorded != want {
				t.Fatalf("ledger %s: got %d of the peer's refusals recorded, want %d", brain, recorded, want)
			}
		}
	})

	t.Run("following needs the owner", func(t *testing.T) {
		_, err := bob.agent("agent-1", "home").FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "alice", Addr: alice.addr, Credential: peerCred})
		wantRefusal(t, err, codes.PermissionDenied, "OWNER_ONLY")
		_, err = bob.owner.SyncPeer(ctx(), &medullav1.SyncPeerRequest{Name: "alice"})
		wantRefusal(t, err, codes.NotFound, "PEER_NOT_FOUND")
	})

	if _, err := bob.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "alice", Addr: alice.addr, Credential: peerCred}); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.owner.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: "home", RepoRoot: bob.repo}); err != nil {
		t.Fatal(err)
	}
	bobBefore := bob.storeVersions()

	var foreign *medullav1.ForeignClaim
	t.Run("a promoted claim arrives as foreign material with provenance", func(t *testing.T) {
		res, err := bob.owner.SyncPeer(ctx(), &medullav1.SyncPeerRequest{Name: "alice"})
		if err != nil {
			t.Fatal(err)
		}
		if res.GetFetched() != 1 || res.GetAdded() != 1 || res.GetPeer().GetForeignClaims() != 1 || res.GetPeer().GetLastError() != "" {
			t.Fatalf("got %v, want one claim fetched and added", res)
		}
		again, err := bob.owner.SyncPeer(ctx(), &medullav1.SyncPeerRequest{Name: "alice"})
		if err != nil || again.GetAdded() != 0 {
			t.Fatalf("got %v %v, want a second pull to add nothing", again, err)
		}
		list, err := bob.agent("agent-1", "home").ListForeign(ctx(), &medullav1.ListForeignRequest{})
		if err != nil || len(list.GetClaims()) != 1 {
			t.Fatalf("got %v %v, want one foreign proposal visible to a local agent", list, err)
		}
		foreign = list.GetClaims()[0]
		want := "promoted from alice:loja · 2026-06-01 · by agent-7 — held across three releases"
		if foreign.GetProvenanceLine() != want || foreign.GetVerse() != commonv1.Verse_VERSE_GLOBAL || foreign.GetClaim().GetVerse() != commonv1.Verse_VERSE_GLOBAL {
			t.Fatalf("got %q in %s, want %q in the global verse", foreign.GetProvenanceLine(), foreign.GetVerse(), want)
		}
		if ev := foreign.GetClaim().GetEvidence(); len(ev) != 1 || ev[0].GetOriginBrain() != "loja" {
			t.Fatalf("got evidence %v, want the peer's origin-qualified anchor", ev)
		}
		if after := bob.storeVersions(); !sameVersions(bobBefore, after) {
			t.Fatalf("got store versions %v, want %v: foreign material mutates nothing", after, bobBefore)
		}
		hits := recall(t, bob.agent("agent-1", "home"), &medullav1.RecallRequest{Brain: "home", Query: "jitter"})
		if len(hits.GetHits()) != 0 {
			t.Fatalf("got hits %v, want no local memory before adoption", slugs(hits))
		}
	})

	t.Run("an agent cannot adopt", func(t *testing.T) {
		_, err := bob.agent("agent-1", "home").Adopt(ctx(), &medullav1.AdoptRequest{ForeignId: foreign.GetId(), Brain: "home"})
		wantRefusal(t, err, codes.PermissionDenied, "ORIGIN_NOT_HUMAN")
		if after := bob.storeVersions(); !sameVersions(bobBefore, after) {
			t.Fatalf("got store versions %v, want %v", after, bobBefore)
		}
	})

	t.Run("the owner adopts through the door with a verse adoption receipt", func(t *testing.T) {
		res, err := bob.owner.Adopt(ctx(), &medullav1.AdoptRequest{ForeignId: foreign.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		rc := res.GetReceipt()
		if rc.GetSource() != "peer:alice" || rc.GetForeignId() != foreign.GetId() || rc.GetVerse() != commonv1.Verse_VERSE_GLOBAL ||
			rc.GetBy().GetOrigin() != commonv1.Origin_ORIGIN_HUMAN_CLI || rc.GetCommit().GetStoreVersionAfter() != rc.GetCommit().GetStoreVersionBefore()+1 ||
			rc.GetCommit().GetProposal().GetEffect() != "adopt" {
			t.Fatalf("got %v, want an adoption receipt from peer:alice wrapping a commit", rc)
		}
		c := res.GetClaim()
		if c.GetBrain() != "medulla" || c.GetSlug() != "alice.loja.retry-jitter" || c.GetProvenanceLine() != "promoted from alice:loja · 2026-06-01 · by agent-7 — held across three releases" {
			t.Fatalf("got %s/%s %q, want the adopted claim with its foreign provenance", c.GetBrain(), c.GetSlug(), c.GetProvenanceLine())
		}
		if ev := c.GetEvidence(); len(ev) != 1 || ev[0].GetOriginBrain() != "alice:loja" || !ev[0].GetUnverifiable() {
			t.Fatalf("got evidence %v, want it qualified by the peer and unverifiable here", ev)
		}
		hits := recall(t, bob.agent("agent-1", "home"), &medullav1.RecallRequest{Brain: "home", Query: "jitter"})
		if len(hits.GetHits()) != 1 {
			t.Fatalf("got %v, want the adopted doctrine recalled", slugs(hits))
		}
		led := bob.owner
		rs, err := led.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: "medulla", Page: pageReq(1, "")})
		if err != nil || rs.GetReceipts()[0].GetAdoption().GetReceiptId() != rc.GetReceiptId() {
			t.Fatalf("got %v %v, want the adoption receipt at the head of the ledger", rs, err)
		}
		_, err = bob.owner.Adopt(ctx(), &medullav1.AdoptRequest{ForeignId: foreign.GetId()})
		wantRefusal(t, err, codes.FailedPrecondition, "ALREADY_ADOPTED")
	})

	t.Run("an unreachable peer is a typed refusal and is remembered", func(t *testing.T) {
		// A port kept bound for the whole test, never serving gRPC: it accepts and hangs up at
		// once. A closed listener's port could be taken by anything before the pull dials it.
		dead, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { dead.Close() })
		go func() {
			for {
				conn, err := dead.Accept()
				if err != nil {
					return
				}
				conn.Close()
			}
		}()
		addr := dead.Addr().String()
		if _, err := bob.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "gone", Addr: addr, Credential: peerCred}); err != nil {
			t.Fatal(err)
		}
		_, err = bob.owner.SyncPeer(ctx(), &medullav1.SyncPeerRequest{Name: "gone"})
		wantRefusal(t, err, codes.Unavailable, "PEER_UNAVAILABLE")
		ps, err := bob.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{})
		if err != nil || len(ps.GetPeers()) != 2 || ps.GetPeers()[1].GetName() != "gone" || ps.GetPeers()[1].GetLastError() == "" {
			t.Fatalf("got %v %v, want the failed pull recorded on the peer", ps, err)
		}
	})
}
