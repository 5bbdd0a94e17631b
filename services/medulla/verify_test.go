package medulla_test

import (
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func TestVerifyByMeasuredEvidence(t *testing.T) {
	f := newFixture(t)
	f.writeFile("svc/limits.go", "const Max = 10\n")
	req := fact("max-limit", "Max is 10.")
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("svc/limits.go")}
	f.memorize(f.agent, req)
	res, err := f.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "max-limit"})
	if err != nil {
		t.Fatal(err)
	}
	c := res.GetClaim()
	if c.GetState() != medullav1.ClaimState_CLAIM_STATE_VERIFIED || c.GetVersion() != 2 || c.GetProvenance().GetVerifiedVia() != "evidence" || c.GetProvenance().GetVerifiedBy() != "judge-1" {
		t.Fatalf("got %s v%d via %q by %q, want verified v2 via evidence by judge-1", c.GetState(), c.GetVersion(), c.GetProvenance().GetVerifiedVia(), c.GetProvenance().GetVerifiedBy())
	}
	if len(res.GetChecks()) != 1 || res.GetChecks()[0].GetStatus() != medullav1.EvidenceStatus_EVIDENCE_STATUS_FRESH {
		t.Fatalf("got checks %v, want one fresh", res.GetChecks())
	}
	if res.GetReceipt().GetStoreVersionAfter() != 2 {
		t.Fatalf("got store version after %d, want 2", res.GetReceipt().GetStoreVersionAfter())
	}
	_, err = f.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "max-limit"})
	wantRefusal(t, err, codes.FailedPrecondition, "ALREADY_VERIFIED")
}

func TestVerifyRefusals(t *testing.T) {
	f := newFixture(t)
	f.writeFile("a.go", "a\n")
	f.writeFile("b.go", "b\n")
	drifted := fact("drifted", "A is a.")
	drifted.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("a.go")}
	f.memorize(f.agent, drifted)
	gone := fact("gone", "B is b.")
	gone.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("b.go")}
	f.memorize(f.agent, gone)
	f.memorize(f.agent, fact("bare", "No evidence at all."))
	commitOnly := fact("commit-only", "Tagged.")
	commitOnly.Evidence = []*medullav1.EvidenceAnchor{{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, Ref: "v1.0.0"}}
	f.memorize(f.agent, commitOnly)
	f.writeFile("a.go", "a changed\n")
	if err := os.Remove(filepath.Join(f.repo, "b.go")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		req        *medullav1.VerifyRequest
		wantCode   codes.Code
		wantReason string
		wantMeta   map[string]string
	}{
		{"evidence changed", &medullav1.VerifyRequest{Brain: "loja", Slug: "drifted"}, codes.FailedPrecondition, "EVIDENCE_DRIFTED", map[string]string{"file:a.go": "evidence_changed"}},
		{"evidence file missing", &medullav1.VerifyRequest{Brain: "loja", Slug: "gone"}, codes.FailedPrecondition, "EVIDENCE_DRIFTED", map[string]string{"file:b.go": "evidence_file_missing"}},
		{"nothing to measure", &medullav1.VerifyRequest{Brain: "loja", Slug: "bare"}, codes.FailedPrecondition, "NO_MEASURABLE_EVIDENCE", nil},
		{"commit anchors alone do not measure", &medullav1.VerifyRequest{Brain: "loja", Slug: "commit-only"}, codes.FailedPrecondition, "NO_MEASURABLE_EVIDENCE", nil},
		{"agent claims the owner's word", &medullav1.VerifyRequest{Brain: "loja", Slug: "bare", OwnerWord: true}, codes.PermissionDenied, "ORIGIN_NOT_HUMAN", nil},
		{"missing claim", &medullav1.VerifyRequest{Brain: "loja", Slug: "nope"}, codes.NotFound, "CLAIM_NOT_FOUND", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.judge.Verify(ctx(), tc.req)
			md := wantRefusal(t, err, tc.wantCode, tc.wantReason)
			for k, v := range tc.wantMeta {
				if md[k] != v {
					t.Fatalf("got %s=%q, want %q", k, md[k], v)
				}
			}
		})
	}
	t.Run("owner's word verifies what cannot be measured", func(t *testing.T) {
		for _, conn := range []struct {
			name   string
			client medullav1.MedullaServiceClient
			slug   string
			via    string
		}{{"cli", f.owner, "bare", "owner-word"}, {"hall session", f.client(f.env.OwnerSession()), "commit-only", "owner-word"}} {
			res, err := conn.client.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: conn.slug, OwnerWord: true, Note: "I ran it myself"})
			if err != nil {
				t.Fatalf("%s: %v", conn.name, err)
			}
			if res.GetClaim().GetState() != medullav1.ClaimState_CLAIM_STATE_VERIFIED || res.GetClaim().GetProvenance().GetVerifiedVia() != conn.via {
				t.Fatalf("%s: got %s via %q, want verified via %s", conn.name, res.GetClaim().GetState(), res.GetClaim().GetProvenance().GetVerifiedVia(), conn.via)
			}
			if res.GetReceipt().GetDetails()["note"] != "I ran it myself" {
				t.Fatalf("%s: got details %v, want the owner's note", conn.name, res.GetReceipt().GetDetails())
			}
		}
	})
}

func TestCrossVerify(t *testing.T) {
	f := newFixture(t)
	f.writeFile("fresh.go", "fresh\n")
	f.writeFile("changed.go", "v1\n")
	f.writeFile("missing.go", "here\n")
	req := fact("sweep", "Three files back this.")
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("fresh.go"), fileAnchor("changed.go"), fileAnchor("missing.go"), {Kind: medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT, Ref: "rcpt_42"}}
	f.memorize(f.agent, req)
	f.clock.Advance(721 * 3600 * 1e9)
	f.memorize(f.agent, fact("young", "Written after the half-life of the first."))
	f.writeFile("changed.go", "v2\n")
	if err := os.Remove(filepath.Join(f.repo, "missing.go")); err != nil {
		t.Fatal(err)
	}
	res, err := f.agent.CrossVerify(ctx(), &medullav1.CrossVerifyRequest{Brain: "loja"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int32{"evidence_changed": 1, "evidence_file_missing": 1, "unverifiable": 1, "aged_out": 1}
	for k, v := range want {
		if res.GetByReason()[k] != v {
			t.Fatalf("got by_reason %v, want %v", res.GetByReason(), want)
		}
	}
	if res.GetClaimsChecked() != 2 || res.GetAnchorsChecked() != 4 || res.GetFresh() != 1 {
		t.Fatalf("got %d claims, %d anchors, %d fresh; want 2, 4, 1", res.GetClaimsChecked(), res.GetAnchorsChecked(), res.GetFresh())
	}
	for _, fd := range res.GetFindings() {
		if fd.GetReason() == "aged_out" && fd.GetSlug() != "sweep" {
			t.Fatalf("got %s aged out, want only sweep (the young claim is within the half-life)", fd.GetSlug())
		}
	}
	_, err = f.agentIn("spy", "other").CrossVerify(ctx(), &medullav1.CrossVerifyRequest{Brain: "loja"})
	wantRefusal(t, err, codes.PermissionDenied, "FOREIGN_BRAIN")
}
