package medulla_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// switchPeer serves whatever doctrine it holds now, or fails, and remembers the credentials it
// was dialled with.
type switchPeer struct {
	mu     sync.Mutex
	claims []domain.Claim
	fail   error
	dials  []string
}

func (p *switchPeer) Dial(_ context.Context, _ string, cred string) (domain.PeerSource, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.dials = append(p.dials, cred)
	if p.fail != nil {
		return nil, p.fail
	}
	return &fakePeer{claims: append([]domain.Claim(nil), p.claims...)}, nil
}

func (p *switchPeer) set(fail error, claims ...domain.Claim) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fail, p.claims = fail, claims
}

// TestFederationFinished: a failed pull keeps the last good pull time; a newer version the peer
// serves shows on the adopted copy's foreign row, and adopting it supersedes the adopted copy
// with a receipt; unfollowing stops the pulls and forgets the credential, while what was pulled
// stays listable.
func TestFederationFinished(t *testing.T) {
	peer := &switchPeer{}
	v1 := served("loja.jitter", "Retries carry jitter.")
	peer.set(nil, v1)
	f := newFixtureWith(t, fixtureOpts{peers: peer, peerSync: -1})
	if _, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "alice", Addr: "alice.example:7700", Credential: "org1.peer"}); err != nil {
		t.Fatal(err)
	}
	sync := func() (*medullav1.SyncPeerResponse, error) {
		return f.owner.SyncPeer(ctx(), &medullav1.SyncPeerRequest{Name: "alice"})
	}
	good, err := sync()
	if err != nil {
		t.Fatal(err)
	}
	pulledAt := good.GetPeer().GetLastSyncAt().AsTime()

	t.Run("a failed pull does not move the last-pulled time", func(t *testing.T) {
		peer.set(errors.New("connection refused"), v1)
		f.clock.Advance(3600e9)
		_, err := sync()
		wantRefusal(t, err, codes.Unavailable, "PEER_UNAVAILABLE")
		ps, err := f.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{})
		if err != nil {
			t.Fatal(err)
		}
		p := ps.GetPeers()[0]
		if !p.GetLastSyncAt().AsTime().Equal(pulledAt) || p.GetLastError() == "" {
			t.Fatalf("got last pulled %v error %q, want %v kept and the failure recorded", p.GetLastSyncAt().AsTime(), p.GetLastError(), pulledAt)
		}
	})

	t.Run("an adopted copy shows a newer version and adopting it supersedes the copy", func(t *testing.T) {
		list, err := f.owner.ListForeign(ctx(), &medullav1.ListForeignRequest{Peer: "alice"})
		if err != nil || len(list.GetClaims()) != 1 {
			t.Fatalf("got %v %v, want one foreign claim", list, err)
		}
		first, err := f.owner.Adopt(ctx(), &medullav1.AdoptRequest{ForeignId: list.GetClaims()[0].GetId()})
		if err != nil {
			t.Fatal(err)
		}
		v2 := served("loja.jitter", "Retries carry jitter and a budget.")
		v2.Version = 2
		peer.set(nil, v1, v2)
		if _, err := sync(); err != nil {
			t.Fatal(err)
		}
		all, err := f.owner.ListForeign(ctx(), &medullav1.ListForeignRequest{Peer: "alice", IncludeAdopted: true})
		if err != nil || len(all.GetClaims()) != 2 {
			t.Fatalf("got %v %v, want both versions listed", all, err)
		}
		adopted, newer := all.GetClaims()[0], all.GetClaims()[1]
		if !adopted.GetAdopted() || adopted.GetNewerVersion() != 2 || adopted.GetNewerForeignId() != newer.GetId() || newer.GetNewerForeignId() != "" {
			t.Fatalf("got adopted %v newer %q v%d, want the adopted copy to point at %s v2", adopted.GetAdopted(), adopted.GetNewerForeignId(), adopted.GetNewerVersion(), newer.GetId())
		}
		second, err := f.owner.Adopt(ctx(), &medullav1.AdoptRequest{ForeignId: newer.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		slug := first.GetClaim().GetSlug()
		if second.GetClaim().GetSlug() != slug || second.GetClaim().GetVersion() != first.GetClaim().GetVersion()+1 {
			t.Fatalf("got %s v%d, want %s v%d superseding the first adoption", second.GetClaim().GetSlug(), second.GetClaim().GetVersion(), slug, first.GetClaim().GetVersion()+1)
		}
		if d := second.GetReceipt().GetCommit().GetDetails(); d["supersedes"] != "medulla/"+slug+"@v1" || d["foreign_version"] != "2" {
			t.Fatalf("got adoption details %v, want it to name the superseded copy", d)
		}
	})

	t.Run("unfollow stops the pulls and forgets the credential", func(t *testing.T) {
		res, err := f.owner.UnfollowPeer(ctx(), &medullav1.UnfollowPeerRequest{Name: "alice"})
		if err != nil || res.GetForeignClaimsKept() != 2 {
			t.Fatalf("got %v %v, want alice unfollowed with 2 foreign claims kept", res, err)
		}
		_, err = sync()
		wantRefusal(t, err, codes.NotFound, "PEER_NOT_FOUND")
		db, err := sql.Open("sqlite", "file:"+filepath.Join(f.dir, "medulla.db")+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var cred string
		if err := db.QueryRow(`SELECT credential FROM peers WHERE name = 'alice'`).Scan(&cred); err != nil || cred != "" {
			t.Fatalf("got stored credential %q (%v), want it forgotten", cred, err)
		}
		ps, err := f.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{})
		if err != nil || len(ps.GetPeers()) != 0 {
			t.Fatalf("got %v %v, want no followed peers", ps, err)
		}
		list, err := f.owner.ListForeign(ctx(), &medullav1.ListForeignRequest{Peer: "alice", IncludeAdopted: true})
		if err != nil || len(list.GetClaims()) != 2 {
			t.Fatalf("got %v %v, want what alice served still listable", list, err)
		}
		_, err = f.owner.UnfollowPeer(ctx(), &medullav1.UnfollowPeerRequest{Name: "alice"})
		wantRefusal(t, err, codes.NotFound, "PEER_NOT_FOUND")
		_, err = f.agent.UnfollowPeer(ctx(), &medullav1.UnfollowPeerRequest{Name: "alice"})
		wantRefusal(t, err, codes.PermissionDenied, "OWNER_ONLY")
	})
}

// TestUnfollowedPeerIsNeverPulled: after unfollowing alice, the periodic pull pulls bob and
// never dials alice again.
func TestUnfollowedPeerIsNeverPulled(t *testing.T) {
	peer := &switchPeer{}
	peer.set(nil, served("loja.jitter", "Retries carry jitter."))
	f := newFixtureWith(t, fixtureOpts{peers: peer, peerSync: time.Hour})
	for _, p := range []struct{ name, cred string }{{"alice", "alice.cred"}, {"bob", "bob.cred"}} {
		if _, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: p.name, Addr: p.name + ".example:7700", Credential: p.cred}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.owner.UnfollowPeer(ctx(), &medullav1.UnfollowPeerRequest{Name: "alice"}); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the periodic pull to arm its ticker", func() bool { return f.clock.Waiters() >= 1 })
	f.clock.Advance(time.Hour)
	waitUntil(t, "the periodic pull to pull bob", func() bool {
		ps, err := f.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{})
		return err == nil && len(ps.GetPeers()) == 1 && ps.GetPeers()[0].GetLastSyncAt() != nil
	})
	peer.mu.Lock()
	defer peer.mu.Unlock()
	if len(peer.dials) != 1 || peer.dials[0] != "bob.cred" {
		t.Fatalf("got dials %v, want only bob's credential used", peer.dials)
	}
}
