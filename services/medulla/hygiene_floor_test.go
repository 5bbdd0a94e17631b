package medulla_test

import (
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// Secrets shaped to fit each kind of stored string: mixed case where any text goes, lowercase
// with underscores where a slug goes, lowercase with dashes where a name or effect goes.
const (
	ghToken   = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"
	slugToken = "ghp_0123456789abcdefghijklmnopqrstuvwxyz"
	nameToken = "sk-abcdefghij0123456789"
)

// TestHygieneCoversEveryStoredString: every string a caller chooses and medulla keeps (slugs,
// evidence paths and refs, names, addresses, effects), not only bodies, is held to the floor:
// a secret in any of them is SECRET_DETECTED on the field that carries it, nothing is written,
// the refusal is logged as a rejection receipt where a ledger can hold it, and no ledger keeps
// the secret.
func TestHygieneCoversEveryStoredString(t *testing.T) {
	f := newFixture(t)
	memorize := func(c medullav1.MedullaServiceClient, r *medullav1.MemorizeRequest) func() error {
		return func() error { _, err := c.Memorize(ctx(), r); return err }
	}
	withEvidence := func(r *medullav1.MemorizeRequest, a *medullav1.EvidenceAnchor) *medullav1.MemorizeRequest {
		r.Evidence = []*medullav1.EvidenceAnchor{a}
		return r
	}
	cases := []struct {
		name      string
		call      func() error
		wantField string
		// ledger is the brain whose ledger records the refusal; "" for doors with no ledger.
		ledger string
		secret string
	}{
		{"secret in an evidence path", memorize(f.agent, withEvidence(fact("ev-path", "body"), fileAnchor("src/"+ghToken+".go"))), "evidence[0].path", "loja", ghToken},
		{"secret in an evidence ref", memorize(f.agent, withEvidence(fact("ev-ref", "body"),
			&medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, Ref: ghToken})), "evidence[0].ref", "loja", ghToken},
		{"secret in a memorized slug", memorize(f.agent, fact(slugToken, "body")), "slug", "loja", slugToken},
		{"secret in a verified slug", func() error {
			_, err := f.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: slugToken})
			return err
		}, "slug", "loja", slugToken},
		{"secret in a promoted slug", func() error {
			_, err := f.agent.Promote(ctx(), &medullav1.PromoteRequest{Brain: "loja", Slug: slugToken, Reason: "held up"})
			return err
		}, "slug", "loja", slugToken},
		{"secret in a learned slug", func() error {
			_, err := f.agent.Learn(ctx(), &medullav1.LearnRequest{Brain: "loja", Slug: slugToken, Feedback: medullav1.Feedback_FEEDBACK_NOT_WRONG})
			return err
		}, "slug", "loja", slugToken},
		{"secret in a consolidated slug", func() error {
			_, err := f.owner.Consolidate(ctx(), &medullav1.ConsolidateRequest{Sources: []string{"a", "b"}, Slug: slugToken})
			return err
		}, "slug", "medulla", slugToken},
		{"secret in an adopted slug", func() error {
			_, err := f.owner.Adopt(ctx(), &medullav1.AdoptRequest{ForeignId: "frn_0001", Slug: slugToken})
			return err
		}, "slug", "medulla", slugToken},
		{"secret in a store version effect", func() error {
			_, err := f.owner.BumpStoreVersion(ctx(), &medullav1.BumpStoreVersionRequest{Brain: "loja", ExpectedStoreVersion: f.brain("loja").GetStoreVersion(), Effect: nameToken})
			return err
		}, "effect", "loja", nameToken},
		{"secret in a brain name", func() error {
			_, err := f.owner.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: nameToken, RepoRoot: f.repo})
			return err
		}, "name", "", nameToken},
		{"secret in a soul path", func() error {
			_, err := f.owner.RegisterBrain(ctx(), &medullav1.RegisterBrainRequest{Name: "souly", RepoRoot: f.repo, SoulPath: "docs/" + ghToken + ".md"})
			return err
		}, "soul_path", "", ghToken},
		{"secret in a peer name", func() error {
			_, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: nameToken, Addr: "alice.example:7700", Credential: "org1.peer"})
			return err
		}, "name", "", nameToken},
		{"secret in a peer address", func() error {
			_, err := f.owner.FollowPeer(ctx(), &medullav1.FollowPeerRequest{Name: "alice", Addr: ghToken + ":7700", Credential: "org1.peer"})
			return err
		}, "addr", "", ghToken},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := f.brain("loja").GetStoreVersion()
			err := tc.call()
			md := wantRefusal(t, err, codes.InvalidArgument, "SECRET_DETECTED")
			if _, _, fields, _ := refusalOf(err); !slices.Contains(fields, tc.wantField) {
				t.Fatalf("got field violations %v, want %s named", fields, tc.wantField)
			}
			if strings.Contains(err.Error(), tc.secret) {
				t.Fatalf("refusal echoes the secret: %v", err)
			}
			if tc.ledger != "" && md["receipt_id"] == "" {
				t.Fatalf("got metadata %v, want the rejection receipt id", md)
			}
			if after := f.brain("loja").GetStoreVersion(); after != before {
				t.Fatalf("got store version %d -> %d, want unchanged by a refusal", before, after)
			}
		})
	}
	// The refusals are in the ledgers; the secrets are not, not even as a rejection's subject.
	for _, b := range []string{"loja", "medulla"} {
		for _, p := range f.receipts(b) {
			for _, r := range p.GetReceipts() {
				for _, secret := range []string{ghToken, slugToken, nameToken} {
					if strings.Contains(r.String(), secret) {
						t.Fatalf("brain %s ledger keeps a secret: %v", b, r)
					}
				}
			}
		}
	}
	brains, err := f.owner.ListBrains(ctx(), &medullav1.ListBrainsRequest{})
	if err != nil || len(brains.GetBrains()) != 2 {
		t.Fatalf("got %v %v, want only loja and medulla registered", brains, err)
	}
	peers, err := f.owner.ListPeers(ctx(), &medullav1.ListPeersRequest{})
	if err != nil || len(peers.GetPeers()) != 0 {
		t.Fatalf("got %v %v, want no peer followed", peers, err)
	}
}
