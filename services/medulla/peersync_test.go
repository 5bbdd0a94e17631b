package medulla_test

import (
	"context"
	"strings"
	"testing"
	"time"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// fakePeer serves a fixed page of doctrine, the way a peer's PeerDoctrine would.
type fakePeer struct{ claims []domain.Claim }

func (p *fakePeer) Dial(context.Context, string, string) (domain.PeerSource, error) { return p, nil }
func (p *fakePeer) Doctrine(context.Context, string) ([]domain.Claim, string, error) {
	return p.claims, "", nil
}
func (p *fakePeer) Close() error { return nil }

func served(slug, body string) domain.Claim {
	return domain.Claim{Brain: "medulla", Tier: domain.TierMedulla, Slug: slug, Version: 1, Kind: domain.KindDoctrine, Body: body,
		Confidence: 0.7, Provenance: domain.Provenance{OriginBrain: "loja", PromotedBy: "agent-3", PromotedReason: "held", PromotedAt: t0}}
}

func TestSyncRefusesAtTheBoundary(t *testing.T) {
	project := served("loja.local", "A project claim a peer should never serve.")
	project.Brain, project.Tier = "loja", domain.TierProject
	letter := served("loja.letter", "Backed by a letter.")
	letter.Evidence = []domain.Anchor{{Kind: domain.AnchorCommit, Ref: "ltr_0009", Origin: "loja"}}
	peer := &fakePeer{claims: []domain.Claim{
		served("loja.jitter", "Retries carry jitter."),
		project,
		served("loja.secret", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB"),
		letter,
	}}
	f := newFixtureWith(t, fixtureOpts{peers: peer, peerSync: -1})
	if _, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "alice", Addr: "alice.example:7700", Credential: "org1.peer"}); err != nil {
		t.Fatal(err)
	}
	res, err := f.owner.SyncPeer(ctx(), &medullav1.SyncPeerRequest{Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	if res.GetFetched() != 4 || res.GetAdded() != 1 || res.GetRefused() != 3 || !strings.Contains(res.GetNote(), "3 refused at the boundary") {
		t.Fatalf("got %v, want 4 fetched, 1 added, 3 refused and said", res)
	}
	list, err := f.owner.ListForeign(ctx(), &medullav1.ListForeignRequest{Peer: "alice"})
	if err != nil || len(list.GetClaims()) != 1 || list.GetClaims()[0].GetClaim().GetSlug() != "loja.jitter" {
		t.Fatalf("got %v %v, want only the clean doctrine held", list, err)
	}
}

// TestPeriodicPull follows a peer and moves the organ's clock past the pull period: the
// background pull brings the doctrine in without anyone calling SyncPeer, and not before.
func TestPeriodicPull(t *testing.T) {
	peer := &fakePeer{claims: []domain.Claim{served("loja.jitter", "Retries carry jitter.")}}
	f := newFixtureWith(t, fixtureOpts{peers: peer, peerSync: time.Hour})
	if _, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "alice", Addr: "alice.example:7700", Credential: "org1.peer"}); err != nil {
		t.Fatal(err)
	}
	alice := func() *medullav1.Peer {
		t.Helper()
		ps, err := f.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{})
		if err != nil || len(ps.GetPeers()) != 1 {
			t.Fatalf("got %v %v, want the one followed peer", ps, err)
		}
		return ps.GetPeers()[0]
	}
	// The pull's ticker is the only waiter on the organ's clock.
	waitUntil(t, "the periodic pull to arm its ticker", func() bool { return f.clock.Waiters() >= 1 })
	f.clock.Advance(time.Hour - time.Second)
	if p := alice(); p.GetLastSyncAt() != nil {
		t.Fatalf("got a pull at %v before the period passed, want none", p.GetLastSyncAt().AsTime())
	}
	f.clock.Advance(time.Second)
	waitUntil(t, "the periodic pull to record 1 foreign claim", func() bool {
		p := alice()
		return p.GetLastSyncAt() != nil && p.GetForeignClaims() == 1
	})
	if got, want := alice().GetLastSyncAt().AsTime(), t0.Add(time.Hour); !got.Equal(want) {
		t.Fatalf("got the pull recorded at %v, want %v (the organ's clock)", got, want)
	}
	list, err := f.owner.ListForeign(ctx(), &medullav1.ListForeignRequest{})
	if err != nil || len(list.GetClaims()) != 1 {
		t.Fatalf("got %v %v, want the pulled doctrine listed as foreign", list, err)
	}
}
