package medulla_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// TestDoctrineFollowsItsOrigin: a doctrine copy promoted from loja is re-measured in loja's
// repository. An agent's cross-verify of the medulla tier reports the drift and writes nothing;
// the owner's (the on-demand sweep) demotes the copy with a service-origin receipt, and every
// other brain then recalls it authored with the drift and its origin line; the scheduled sweep
// restores it once loja's evidence measures what it crossed with, and demotes it again when the
// file disappears.
func TestDoctrineFollowsItsOrigin(t *testing.T) {
	f := newFixtureWith(t, fixtureOpts{sweep: time.Hour, peerSync: -1})
	f.register("m1nd", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	orig := f.verified(f.agent, "jitter", "Retries carry jitter.", "pay/retry.go")
	anchored := orig.GetEvidence()[0].GetSha256()
	f.promote(f.agent, "loja", "jitter", "every service retries")
	m1nd := f.agentIn("agent-9", "m1nd")
	copyOf := func() *medullav1.Claim {
		t.Helper()
		res, err := f.owner.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "medulla", Slug: "loja.jitter"})
		if err != nil {
			t.Fatal(err)
		}
		return res.GetClaim()
	}
	recallVerified := func() int {
		t.Helper()
		res, err := m1nd.Recall(ctx(), &medullav1.RecallRequest{Brain: "m1nd", Query: "jitter", States: []medullav1.ClaimState{medullav1.ClaimState_CLAIM_STATE_VERIFIED}})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.GetHits())
	}
	if n := recallVerified(); n != 1 {
		t.Fatalf("got %d verified hits in m1nd, want the doctrine", n)
	}
	changed := f.writeFile("pay/retry.go", "Retries carry no jitter any more.\n")

	t.Run("an agent's cross-verify measures at the origin and only reads", func(t *testing.T) {
		before := f.brain("medulla").GetStoreVersion()
		res, err := m1nd.CrossVerify(ctx(), &medullav1.CrossVerifyRequest{Brain: "medulla"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.GetFindings()) != 1 || res.GetFindings()[0].GetReason() != "evidence_changed" || res.GetFindings()[0].GetMeasuredSha256() != changed {
			t.Fatalf("got findings %v, want evidence_changed measured in loja's repository", res.GetFindings())
		}
		if res.GetDemoted() != 0 || f.brain("medulla").GetStoreVersion() != before || copyOf().GetState() != medullav1.ClaimState_CLAIM_STATE_VERIFIED {
			t.Fatalf("got demoted %d, store version %d (was %d), want an agent's run to write nothing", res.GetDemoted(), f.brain("medulla").GetStoreVersion(), before)
		}
	})

	t.Run("the owner's cross-verify demotes the copy with a receipt", func(t *testing.T) {
		res, err := f.owner.CrossVerify(ctx(), &medullav1.CrossVerifyRequest{Brain: "medulla"})
		if err != nil {
			t.Fatal(err)
		}
		if res.GetDemoted() != 1 {
			t.Fatalf("got demoted %d, want 1", res.GetDemoted())
		}
		c := copyOf()
		p := c.GetProvenance()
		wantLine := "loja:pay/retry.go@" + anchored + " now " + changed
		if c.GetState() != medullav1.ClaimState_CLAIM_STATE_AUTHORED || p.GetDemoted() != "evidence_changed" || p.GetDemotedLine() != wantLine {
			t.Fatalf("got %s demoted %q at %q, want authored, evidence_changed at %q", c.GetState(), p.GetDemoted(), p.GetDemotedLine(), wantLine)
		}
		r := receiptFor(t, f, "medulla", c.GetReceiptId())
		if r.GetProposal().GetEffect() != "demote" || r.GetBy().GetOrigin() != commonv1.Origin_ORIGIN_SERVICE || r.GetDetails()["requested_by"] != "owner" {
			t.Fatalf("got receipt %v, want a service-origin demote receipt requested by the owner", r)
		}
		rec, err := m1nd.Recall(ctx(), &medullav1.RecallRequest{Brain: "m1nd", Query: "jitter"})
		if err != nil || len(rec.GetHits()) != 1 {
			t.Fatalf("got %v %v, want the demoted copy still recalled", rec, err)
		}
		line := rec.GetHits()[0].GetClaim().GetProvenanceLine()
		if !strings.Contains(line, "promoted from loja") || !strings.Contains(line, "demoted: evidence_changed at "+wantLine) {
			t.Fatalf("got provenance line %q, want the origin line with the drift", line)
		}
		if n := recallVerified(); n != 0 {
			t.Fatalf("got %d verified hits in m1nd, want the demoted copy to stop counting as verified", n)
		}
	})

	// The scheduled sweep: the pull and the sweep are the organ clock's waiters.
	waitUntil(t, "the sweep to arm its ticker", func() bool { return f.clock.Waiters() >= 1 })
	sweepTo := func(want medullav1.ClaimState, demoted string) *medullav1.Claim {
		t.Helper()
		f.clock.Advance(time.Hour)
		var c *medullav1.Claim
		waitUntil(t, "the scheduled sweep to write "+want.String(), func() bool {
			c = copyOf()
			return c.GetState() == want && c.GetProvenance().GetDemoted() == demoted
		})
		return c
	}

	t.Run("the scheduled sweep restores the copy when the origin measures fresh again", func(t *testing.T) {
		f.writeFile("pay/retry.go", "Retries carry jitter.\n")
		c := sweepTo(medullav1.ClaimState_CLAIM_STATE_VERIFIED, "")
		r := receiptFor(t, f, "medulla", c.GetReceiptId())
		if r.GetProposal().GetEffect() != "restore" || r.GetDetails()["restored_from"] != "evidence_changed" || r.GetDetails()["requested_by"] != "schedule" {
			t.Fatalf("got receipt %v, want a scheduled restore from evidence_changed", r)
		}
		if n := recallVerified(); n != 1 {
			t.Fatalf("got %d verified hits in m1nd, want the restored doctrine", n)
		}
	})

	t.Run("a vanished origin file demotes it as evidence_file_missing", func(t *testing.T) {
		if err := os.Remove(filepath.Join(f.repo, "pay/retry.go")); err != nil {
			t.Fatal(err)
		}
		c := sweepTo(medullav1.ClaimState_CLAIM_STATE_AUTHORED, "evidence_file_missing")
		if want := "loja:pay/retry.go@" + anchored + " now missing"; c.GetProvenance().GetDemotedLine() != want {
			t.Fatalf("got %q, want %q", c.GetProvenance().GetDemotedLine(), want)
		}
	})
}

// TestIsolatedDoctrineWithheldFromCrossVerify: doctrine promoted while vault was open is withheld
// from another brain's agent once vault is isolated, through cross-verify as through recall:
// neither its anchors nor its hashes show, only a count. The owner still sees it.
func TestIsolatedDoctrineWithheldFromCrossVerify(t *testing.T) {
	f := newFixture(t)
	f.register("vault", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	f.writeFile("vault/pricing.go", "tiers\n")
	vault := f.agentIn("agent-v", "vault")
	req := fact("pricing", "Client pricing uses tiers.")
	req.Brain, req.Evidence = "vault", []*medullav1.EvidenceAnchor{fileAnchor("pricing.go")}
	f.memorize(vault, req)
	if _, err := f.judgeIn("judge-v", "vault").Verify(ctx(), &medullav1.VerifyRequest{Brain: "vault", Slug: "pricing"}); err != nil {
		t.Fatal(err)
	}
	f.promote(vault, "vault", "pricing", "pricing lesson")
	f.register("vault", medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED)

	cases := []struct {
		name         string
		client       medullav1.MedullaServiceClient
		wantChecked  int32
		wantExcluded int32
	}{
		{"another brain's agent", f.agent, 0, 1},
		{"the owner", f.owner, 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tc.client.CrossVerify(ctx(), &medullav1.CrossVerifyRequest{Brain: "medulla"})
			if err != nil {
				t.Fatal(err)
			}
			if res.GetClaimsChecked() != tc.wantChecked || res.GetExcludedCount() != tc.wantExcluded {
				t.Fatalf("got %d checked, %d excluded, want %d and %d", res.GetClaimsChecked(), res.GetExcludedCount(), tc.wantChecked, tc.wantExcluded)
			}
			for _, fd := range res.GetFindings() {
				if tc.wantExcluded > 0 && strings.HasPrefix(fd.GetSlug(), "vault.") {
					t.Fatalf("got finding %v, want nothing of vault's doctrine", fd)
				}
			}
		})
	}
}

// receiptFor finds a commit receipt in a brain's ledger.
func receiptFor(t *testing.T, f *fixture, brain, id string) *commonv1.CommitReceipt {
	t.Helper()
	for _, page := range f.receipts(brain) {
		for _, r := range page.GetReceipts() {
			if r.GetCommit().GetReceiptId() == id {
				return r.GetCommit()
			}
		}
	}
	t.Fatalf("no receipt %s in %s's ledger", id, brain)
	return nil
}
