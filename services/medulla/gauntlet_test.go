package medulla_test

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// verified memorizes a claim in loja anchored to a file and verifies it by measurement.
func (f *fixture) verified(c medullav1.MedullaServiceClient, slug, body, file string) *medullav1.Claim {
	f.t.Helper()
	f.writeFile(file, body+"\n")
	req := fact(slug, body)
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor(file)}
	f.memorize(c, req)
	res, err := f.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: slug})
	if err != nil {
		f.t.Fatalf("verify %s: %v", slug, err)
	}
	return res.GetClaim()
}

func (f *fixture) promote(c medullav1.MedullaServiceClient, brain, slug, reason string) *medullav1.PromoteResponse {
	f.t.Helper()
	res, err := c.Promote(ctx(), &medullav1.PromoteRequest{Brain: brain, Slug: slug, Reason: reason})
	if err != nil {
		f.t.Fatalf("promote %s/%s: %v", brain, slug, err)
	}
	return res
}

// lastReceipt is the newest entry of a brain's ledger.
func (f *fixture) lastReceipt(brain string) *commonv1.Receipt {
	f.t.Helper()
	res, err := f.owner.ListReceipts(ctx(), &medullav1.ListReceiptsRequest{Brain: brain, Page: pageReq(1, "")})
	if err != nil || len(res.GetReceipts()) == 0 {
		f.t.Fatalf("got %v %v, want a receipt in %s", res, err, brain)
	}
	return res.GetReceipts()[0]
}

// TestGauntlet walks organism-inside §3 end to end: authored is refused at the crossing,
// verified crosses with re-anchored evidence, a letter is refused at the write door, and an
// isolated brain is refused with a count, never a silent hole.
func TestGauntlet(t *testing.T) {
	f := newFixture(t)
	const reason = "saved two checkout incidents"

	t.Run("authored is refused at the crossing", func(t *testing.T) {
		f.writeFile("pay/retry.go", "const Attempts = 3\n")
		req := fact("retry-budget", "Payment retries stop after three attempts.")
		req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("pay/retry.go")}
		f.memorize(f.agent, req)
		before := f.brain("medulla").GetStoreVersion()
		_, err := f.agent.Promote(ctx(), &medullav1.PromoteRequest{Brain: "loja", Slug: "retry-budget", Reason: reason})
		md := wantRefusal(t, err, codes.FailedPrecondition, "NOT_VERIFIED")
		if md["receipt_id"] == "" {
			t.Fatalf("got no rejection receipt id, want the refusal logged")
		}
		rej := f.lastReceipt("loja").GetRejection()
		if rej.GetReason() != "NOT_VERIFIED" || rej.GetProposal().GetEffect() != "promote" {
			t.Fatalf("got ledger head %v, want a NOT_VERIFIED promote rejection", rej)
		}
		if got := f.brain("medulla").GetStoreVersion(); got != before {
			t.Fatalf("got medulla store version %d, want %d unchanged", got, before)
		}
	})

	var copy *medullav1.Claim
	t.Run("verified crosses with re-anchored evidence", func(t *testing.T) {
		orig := f.verified(f.agent, "idempotency-keys", "Checkout requests carry an idempotency key.", "pay/checkout.go")
		res := f.promote(f.agent, "loja", "idempotency-keys", reason)
		copy = res.GetClaim()
		if copy.GetBrain() != "medulla" || copy.GetSlug() != "loja.idempotency-keys" || copy.GetTier() != medullav1.Tier_TIER_MEDULLA ||
			copy.GetVerse() != commonv1.Verse_VERSE_LOCAL || copy.GetState() != medullav1.ClaimState_CLAIM_STATE_VERIFIED {
			t.Fatalf("got %s/%s tier %s verse %s state %s, want a verified local medulla copy loja.idempotency-keys",
				copy.GetBrain(), copy.GetSlug(), copy.GetTier(), copy.GetVerse(), copy.GetState())
		}
		p := copy.GetProvenance()
		if p.GetOriginBrain() != "loja" || p.GetPromotedBy() != "agent-7" || p.GetPromotedReason() != reason || !p.GetPromotedAt().AsTime().Equal(t0) {
			t.Fatalf("got provenance %v, want Origin-Brain loja, Promoted-By agent-7, the reason and the time", p)
		}
		ev := copy.GetEvidence()
		want := "loja:pay/checkout.go@" + orig.GetEvidence()[0].GetSha256()
		if len(ev) != 1 || ev[0].GetQualified() != want || ev[0].GetUnverifiable() || res.GetReanchored() != 1 {
			t.Fatalf("got evidence %v (reanchored %d), want one fresh anchor %s", ev, res.GetReanchored(), want)
		}
		rc := res.GetReceipt()
		if rc.GetBrain() != "medulla" || rc.GetVerse() != commonv1.Verse_VERSE_LOCAL || rc.GetStoreVersionAfter() != rc.GetStoreVersionBefore()+1 || rc.GetDetails()["origin_slug"] != "idempotency-keys" {
			t.Fatalf("got receipt %v, want a local commit in the medulla ledger", rc)
		}
		still, err := f.agent.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "loja", Slug: "idempotency-keys"})
		if err != nil || still.GetClaim().GetVersion() != orig.GetVersion() || still.GetClaim().GetTier() != medullav1.Tier_TIER_PROJECT {
			t.Fatalf("got %v %v, want the original unchanged in loja (promotion elevates, never moves)", still, err)
		}
	})

	t.Run("promoting again is idempotent and says so", func(t *testing.T) {
		before := f.brain("medulla").GetStoreVersion()
		res := f.promote(f.agent, "loja", "idempotency-keys", reason)
		if !res.GetAlreadyPromoted() || res.GetReceipt() != nil || res.GetClaim().GetVersion() != copy.GetVersion() || !contains(res.GetNote(), "already promoted") {
			t.Fatalf("got %v, want already_promoted with the same copy and no receipt", res)
		}
		if got := f.brain("medulla").GetStoreVersion(); got != before {
			t.Fatalf("got medulla store version %d, want %d", got, before)
		}
	})

	t.Run("drifted evidence is stamped evidence_unverifiable", func(t *testing.T) {
		f.verified(f.agent, "queue-depth", "The order queue holds at most 500 jobs.", "orders/queue.go")
		f.writeFile("orders/queue.go", "changed since verification\n")
		res := f.promote(f.agent, "loja", "queue-depth", reason)
		ev := res.GetClaim().GetEvidence()
		if res.GetUnverifiable() != 1 || len(ev) != 1 || !ev[0].GetUnverifiable() || ev[0].GetOriginBrain() != "loja" {
			t.Fatalf("got %v (unverifiable %d), want the anchor kept, origin-qualified and stamped unverifiable", ev, res.GetUnverifiable())
		}
	})

	t.Run("letter evidence is refused at the write door", func(t *testing.T) {
		for _, a := range []*medullav1.EvidenceAnchor{
			{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_LETTER, Ref: "ltr_0001"},
			{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, Ref: "ltr_0002"},
		} {
			req := fact("debrief-lesson", "The gate command must be pinned.")
			req.Kind = medullav1.ClaimKind_CLAIM_KIND_PROCESS
			req.Evidence = []*medullav1.EvidenceAnchor{a}
			_, err := f.agent.Memorize(ctx(), req)
			wantRefusal(t, err, codes.InvalidArgument, "LETTER_IS_WITNESS")
		}
		_, err := f.agent.Promote(ctx(), &medullav1.PromoteRequest{Brain: "loja", Slug: "debrief-lesson", Reason: reason})
		wantRefusal(t, err, codes.NotFound, "CLAIM_NOT_FOUND")
	})

	t.Run("isolated branch is refused with a count", func(t *testing.T) {
		f.register("vault", medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED)
		vault := f.agentIn("agent-v", "vault")
		f.memorize(vault, &medullav1.MemorizeRequest{Brain: "vault", Slug: "secret-sauce", Body: "Client pricing uses tiered discounts."})
		if _, err := f.owner.Verify(ctx(), &medullav1.VerifyRequest{Brain: "vault", Slug: "secret-sauce", OwnerWord: true}); err != nil {
			t.Fatal(err)
		}
		_, err := vault.Promote(ctx(), &medullav1.PromoteRequest{Brain: "vault", Slug: "secret-sauce", Reason: reason})
		wantRefusal(t, err, codes.PermissionDenied, "ISOLATED_BRAIN")
		if rej := f.lastReceipt("vault").GetRejection(); rej.GetReason() != "ISOLATED_BRAIN" {
			t.Fatalf("got %v, want the refusal in vault's ledger", rej)
		}

		// A brain closed after it promoted: its doctrine is withheld from every other brain
		// and counted, never silently missing.
		f.register("cofre", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
		cofre := f.agentIn("agent-c", "cofre")
		f.memorize(cofre, &medullav1.MemorizeRequest{Brain: "cofre", Slug: "checkout-rule", Body: "Checkout idempotency keys expire after a day."})
		if _, err := f.owner.Verify(ctx(), &medullav1.VerifyRequest{Brain: "cofre", Slug: "checkout-rule", OwnerWord: true}); err != nil {
			t.Fatal(err)
		}
		f.promote(cofre, "cofre", "checkout-rule", reason)
		f.register("cofre", medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED)
		for _, brain := range []string{"loja", "medulla"} {
			res := recall(t, f.agent, &medullav1.RecallRequest{Brain: brain, Query: "checkout idempotency"})
			for _, h := range res.GetHits() {
				if h.GetClaim().GetProvenance().GetOriginBrain() == "cofre" {
					t.Fatalf("recall in %s got %s born in isolated cofre", brain, h.GetClaim().GetSlug())
				}
			}
			if res.GetExcludedCount() != 1 || !contains(res.GetNote(), "withheld") {
				t.Fatalf("recall in %s got excluded %d note %q, want 1 withheld and said", brain, res.GetExcludedCount(), res.GetNote())
			}
		}
	})
}

// TestProvenanceLineOnRecallFromAnotherBrain checks the crossing line is rendered verbatim.
func TestProvenanceLineOnRecallFromAnotherBrain(t *testing.T) {
	f := newFixture(t)
	f.register("m1nd", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	f.verified(f.agent, "jitter", "Retries always carry jitter.", "pay/jitter.go")
	f.promote(f.agent, "loja", "jitter", "stopped a thundering herd")
	res := recall(t, f.agentIn("agent-9", "m1nd"), &medullav1.RecallRequest{Brain: "m1nd", Query: "jitter"})
	if len(res.GetHits()) != 1 {
		t.Fatalf("got %d hits, want the promoted claim", len(res.GetHits()))
	}
	h := res.GetHits()[0]
	want := "promoted from loja · 2026-06-01 · by agent-7 — stopped a thundering herd"
	if h.GetTierLabel() != "medulla" || h.GetClaim().GetProvenanceLine() != want {
		t.Fatalf("got %q (%s), want %q", h.GetClaim().GetProvenanceLine(), h.GetTierLabel(), want)
	}
}

func TestPromoteRefusals(t *testing.T) {
	f := newFixture(t)
	f.register("m1nd", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	f.verified(f.agent, "jitter", "Retries always carry jitter.", "pay/jitter.go")
	cases := []struct {
		name       string
		client     medullav1.MedullaServiceClient
		req        *medullav1.PromoteRequest
		wantCode   codes.Code
		wantReason string
		wantField  string
	}{
		{"no reason", f.agent, &medullav1.PromoteRequest{Brain: "loja", Slug: "jitter"}, codes.InvalidArgument, "INVALID_ARGUMENT", "reason"},
		{"blank reason", f.agent, &medullav1.PromoteRequest{Brain: "loja", Slug: "jitter", Reason: " \t "}, codes.InvalidArgument, "INVALID_ARGUMENT", "reason"},
		{"secret in the reason", f.agent, &medullav1.PromoteRequest{Brain: "loja", Slug: "jitter", Reason: "key AKIAABCDEFGHIJKLMNOP"}, codes.InvalidArgument, "SECRET_DETECTED", "reason"},
		{"another brain's claim", f.agentIn("agent-9", "m1nd"), &medullav1.PromoteRequest{Brain: "loja", Slug: "jitter", Reason: "r"}, codes.PermissionDenied, "FOREIGN_BRAIN", "brain"},
		{"from the medulla tier", f.owner, &medullav1.PromoteRequest{Brain: "medulla", Slug: "jitter", Reason: "r"}, codes.PermissionDenied, "RESERVED_BRAIN", "brain"},
		{"missing claim", f.agent, &medullav1.PromoteRequest{Brain: "loja", Slug: "nope", Reason: "r"}, codes.NotFound, "CLAIM_NOT_FOUND", "slug"},
		{"missing slug", f.agent, &medullav1.PromoteRequest{Brain: "loja", Reason: "r"}, codes.InvalidArgument, "INVALID_ARGUMENT", "slug"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := f.brain("medulla").GetStoreVersion()
			_, err := tc.client.Promote(ctx(), tc.req)
			wantRefusal(t, err, tc.wantCode, tc.wantReason)
			if _, _, fields, _ := refusalOf(err); len(fields) != 1 || fields[0] != tc.wantField {
				t.Fatalf("got fields %v, want [%s]", fields, tc.wantField)
			}
			if got := f.brain("medulla").GetStoreVersion(); got != before {
				t.Fatalf("got medulla store version %d, want %d: a refusal changes nothing", got, before)
			}
		})
	}
}

func TestPromoteAfterChangeSupersedesTheCopy(t *testing.T) {
	f := newFixture(t)
	f.verified(f.agent, "jitter", "Retries always carry jitter.", "pay/jitter.go")
	first := f.promote(f.agent, "loja", "jitter", "herd").GetClaim()
	f.writeFile("pay/jitter.go", "Retries always carry full jitter.\n")
	req := fact("jitter", "Retries always carry full jitter.")
	req.Evidence, req.AllowDowngrade = []*medullav1.EvidenceAnchor{fileAnchor("pay/jitter.go")}, true
	f.memorize(f.owner, req)
	if _, err := f.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "jitter"}); err != nil {
		t.Fatal(err)
	}
	second := f.promote(f.agent, "loja", "jitter", "herd again")
	if second.GetAlreadyPromoted() || second.GetClaim().GetVersion() != first.GetVersion()+1 || !strings.Contains(second.GetClaim().GetBody(), "full jitter") {
		t.Fatalf("got %v, want a new version of the copy carrying the new body", second)
	}
	hist, err := f.agent.History(ctx(), &medullav1.HistoryRequest{Brain: "medulla", Slug: "loja.jitter"})
	if err != nil || len(hist.GetVersions()) != 2 || hist.GetVersions()[0].GetState() != medullav1.ClaimState_CLAIM_STATE_SUPERSEDED {
		t.Fatalf("got %v %v, want the first copy kept as superseded history", hist, err)
	}
}
