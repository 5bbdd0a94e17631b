package medulla_test

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// twoDoctrines promotes one verified claim from loja (by agent-7, confidence 0.9) and one from
// m1nd (by agent-9, confidence 0.6) that say the same thing.
func twoDoctrines(t *testing.T, f *fixture) {
	t.Helper()
	f.register("m1nd", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	f.writeFile("pay/retry.go", "jitter\n")
	a := fact("retry-jitter", "Retries carry jitter.")
	a.Confidence, a.Evidence = 0.9, []*medullav1.EvidenceAnchor{fileAnchor("pay/retry.go")}
	f.memorize(f.agent, a)
	if _, err := f.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "retry-jitter"}); err != nil {
		t.Fatal(err)
	}
	f.promote(f.agent, "loja", "retry-jitter", "herds")

	m1nd := f.agentIn("agent-9", "m1nd")
	b := &medullav1.MemorizeRequest{Brain: "m1nd", Slug: "backoff", Body: "Every retry loop adds random jitter.", Confidence: 0.6,
		Evidence: []*medullav1.EvidenceAnchor{{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, Ref: "v2.1.0"}}}
	f.memorize(m1nd, b)
	if _, err := f.owner.Verify(ctx(), &medullav1.VerifyRequest{Brain: "m1nd", Slug: "backoff", OwnerWord: true}); err != nil {
		t.Fatal(err)
	}
	f.promote(m1nd, "m1nd", "backoff", "outage review")
}

func TestConsolidate(t *testing.T) {
	f := newFixture(t)
	twoDoctrines(t, f)
	curator := f.client(f.env.Agent("curator-1", "curator", "loja"))
	sources := []string{"loja.retry-jitter", "m1nd.backoff"}

	t.Run("seat check: an author never grades its own claim", func(t *testing.T) {
		for _, author := range []medullav1.MedullaServiceClient{f.agent, f.agentIn("agent-9", "m1nd")} {
			_, err := author.Consolidate(ctx(), &medullav1.ConsolidateRequest{Sources: sources, Slug: "retry-doctrine"})
			wantRefusal(t, err, codes.PermissionDenied, "GRADER_IS_AUTHOR")
		}
	})

	cases := []struct {
		name       string
		req        *medullav1.ConsolidateRequest
		wantCode   codes.Code
		wantReason string
	}{
		{"one source", &medullav1.ConsolidateRequest{Sources: []string{"loja.retry-jitter", "loja.retry-jitter"}}, codes.InvalidArgument, "NOTHING_TO_CONSOLIDATE"},
		{"agent raises the cap", &medullav1.ConsolidateRequest{Sources: sources, RaiseConfidenceTo: 0.99}, codes.PermissionDenied, "OWNER_ONLY"},
		{"missing source", &medullav1.ConsolidateRequest{Sources: []string{"loja.retry-jitter", "nope"}}, codes.NotFound, "CLAIM_NOT_FOUND"},
		{"malformed slug", &medullav1.ConsolidateRequest{Sources: sources, Slug: "Bad Slug"}, codes.InvalidArgument, "INVALID_ARGUMENT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := curator.Consolidate(ctx(), tc.req)
			wantRefusal(t, err, tc.wantCode, tc.wantReason)
		})
	}

	t.Run("union, recital, cap, sources kept in history", func(t *testing.T) {
		before := f.brain("medulla")
		res, err := curator.Consolidate(ctx(), &medullav1.ConsolidateRequest{Sources: sources, Slug: "retry-doctrine", Summary: "Retries carry jitter."})
		if err != nil {
			t.Fatal(err)
		}
		c := res.GetClaim()
		if len(c.GetEvidence()) != 2 || c.GetEvidence()[0].GetOriginBrain() != "loja" || c.GetEvidence()[1].GetOriginBrain() != "m1nd" {
			t.Fatalf("got evidence %v, want the union of both sources' anchors", c.GetEvidence())
		}
		for _, want := range []string{"Retries carry jitter.", "medulla/loja.retry-jitter v1", "medulla/m1nd.backoff v1",
			"> Every retry loop adds random jitter.", "promoted from loja · 2026-06-01 · by agent-7 — herds"} {
			if !strings.Contains(c.GetBody(), want) {
				t.Fatalf("got body %q, want it to recite %q", c.GetBody(), want)
			}
		}
		if c.GetConfidence() != 0.6 || res.GetConfidenceCap() != 0.6 {
			t.Fatalf("got confidence %v cap %v, want both capped at the lowest source 0.6", c.GetConfidence(), res.GetConfidenceCap())
		}
		if c.GetProvenance().GetSourceAgent() != "curator-1" || c.GetProvenance().GetVerifiedVia() != "consolidation" {
			t.Fatalf("got provenance %v, want the curator as author of the merge", c.GetProvenance())
		}
		if len(res.GetSources()) != 2 || res.GetSources()[0].GetState() != medullav1.ClaimState_CLAIM_STATE_SUPERSEDED {
			t.Fatalf("got sources %v, want both retired", res.GetSources())
		}
		for _, slug := range sources {
			_, err := f.agent.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "medulla", Slug: slug})
			wantRefusal(t, err, codes.NotFound, "CLAIM_NOT_FOUND")
			hist, err := f.agent.History(ctx(), &medullav1.HistoryRequest{Brain: "medulla", Slug: slug})
			if err != nil || len(hist.GetVersions()) != 1 || hist.GetVersions()[0].GetState() != medullav1.ClaimState_CLAIM_STATE_SUPERSEDED {
				t.Fatalf("got %v %v, want %s kept in history as superseded", hist, err, slug)
			}
		}
		after := f.brain("medulla")
		if after.GetStoreVersion() != before.GetStoreVersion()+1 {
			t.Fatalf("got store version %d, want %d", after.GetStoreVersion(), before.GetStoreVersion()+1)
		}
		res2 := recall(t, f.agent, &medullav1.RecallRequest{Brain: "loja", Query: "jitter", Tiers: []medullav1.Tier{medullav1.Tier_TIER_MEDULLA}})
		if got := slugs(res2); len(got) != 1 || got[0] != "retry-doctrine" {
			t.Fatalf("got medulla hits %v, want only the merged claim", got)
		}
	})

	t.Run("the owner raises the cap; a retired slug continues its numbering", func(t *testing.T) {
		f.writeFile("pay/retry.go", "jitter\n")
		f.promote(f.agent, "loja", "retry-jitter", "herds")
		got, err := f.agent.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "medulla", Slug: "loja.retry-jitter"})
		if err != nil || got.GetClaim().GetVersion() != 2 {
			t.Fatalf("got %v %v, want the re-promoted copy at v2 after retired v1", got, err)
		}
		res, err := f.owner.Consolidate(ctx(), &medullav1.ConsolidateRequest{Sources: []string{"retry-doctrine", "loja.retry-jitter"}, Slug: "retry-doctrine", RaiseConfidenceTo: 0.95})
		if err != nil {
			t.Fatal(err)
		}
		if res.GetClaim().GetConfidence() != 0.95 || res.GetConfidenceCap() != 0.6 || res.GetClaim().GetVersion() != 2 {
			t.Fatalf("got confidence %v cap %v v%d, want 0.95 over a 0.6 cap at v2", res.GetClaim().GetConfidence(), res.GetConfidenceCap(), res.GetClaim().GetVersion())
		}
	})
}
