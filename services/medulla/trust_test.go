package medulla_test

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/store"
)

// git runs git in loja's repository and returns its trimmed output.
func (f *fixture) git(args ...string) string {
	f.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", f.repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		f.t.Fatalf("git %v: %v: %s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// commitAll commits everything in loja's repository and returns the new HEAD.
func (f *fixture) commitAll(msg string) string {
	f.t.Helper()
	f.git("add", "-A")
	f.git("commit", "-q", "--allow-empty", "-m", msg)
	return f.git("rev-parse", "HEAD")
}

func gitRepo(t *testing.T) *fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		// git is part of every machine this runs on (.ci/run installs it): its absence is a failure.
		t.Fatal("git is not installed; .ci/run installs it")
	}
	f := newFixture(t)
	f.git("init", "-q", "-b", "main")
	return f
}

// TestIndependenceRuleTable is the rule of README "what verified means here", one row per case,
// through the real API on a real git repository: who may move a claim authored by agent-7 (an
// executor in loja) to verified, and which row admitted or refused them.
func TestIndependenceRuleTable(t *testing.T) {
	f := gitRepo(t)
	mission := f.client(f.env.Service("mission"))
	sameFamily := f.agentIn("agent-8", "loja") // another executor in loja: agent-7's credential family
	cases := []struct {
		name string
		// prepare may write a second version or move HEAD after agent-7 authors the claim.
		prepare    func(slug string)
		grader     medullav1.MedullaServiceClient
		req        func(slug, head string) *medullav1.VerifyRequest
		wantCode   codes.Code
		wantReason string
		wantIndep  string
	}{
		{name: "the author itself", grader: f.agent, wantCode: codes.PermissionDenied, wantReason: "GRADER_IS_AUTHOR"},
		{name: "the author of an earlier version", grader: f.agent, wantCode: codes.PermissionDenied, wantReason: "GRADER_IS_AUTHOR",
			prepare: func(slug string) {
				req := fact(slug, "Rewritten by a judge.")
				req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("svc/" + slug + ".go")}
				f.memorize(f.judgeIn("judge-2", "loja"), req)
			}},
		{name: "same credential family at the same commit", grader: sameFamily, wantCode: codes.PermissionDenied, wantReason: "GRADER_IS_AUTHOR"},
		{name: "same credential family at a later commit", grader: sameFamily, wantIndep: "same-family-later-commit",
			prepare: func(string) { f.commitAll("the world moved") }},
		{name: "another seat at the same commit", grader: f.judge, wantIndep: "different-subject"},
		{name: "a runner seat never grades", grader: f.client(f.env.Agent("runner-1", "runner", "loja")), wantCode: codes.PermissionDenied, wantReason: "GRADER_IS_AUTHOR"},
		{name: "an agent may not bring gate evidence", grader: f.judge, wantCode: codes.InvalidArgument, wantReason: "INVALID_ARGUMENT",
			req: func(slug, head string) *medullav1.VerifyRequest {
				return &medullav1.VerifyRequest{Brain: "loja", Slug: slug, Commit: head, GateLogHash: strings.Repeat("a", 64)}
			}},
		{name: "a service without a gate's evidence", grader: mission, wantCode: codes.InvalidArgument, wantReason: "INVALID_ARGUMENT"},
		{name: "mission records a gate at a commit holding the evidence", grader: mission, wantIndep: "different-subject",
			req: func(slug, head string) *medullav1.VerifyRequest {
				return &medullav1.VerifyRequest{Brain: "loja", Slug: slug, Commit: head, GateLogHash: strings.Repeat("b", 64)}
			}},
		{name: "mission records a gate at a commit without the evidence", grader: mission, wantCode: codes.FailedPrecondition, wantReason: "EVIDENCE_DRIFTED",
			prepare: func(slug string) {
				f.writeFile("svc/"+slug+".go", "changed\n")
				f.commitAll("evidence changed")
			},
			req: func(slug, _ string) *medullav1.VerifyRequest {
				return &medullav1.VerifyRequest{Brain: "loja", Slug: slug, Commit: f.git("rev-parse", "HEAD"), GateLogHash: strings.Repeat("c", 64)}
			}},
		{name: "the owner measures", grader: f.owner, wantIndep: "owner"},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			slug := "rule-" + string(rune('a'+i))
			f.writeFile("svc/"+slug+".go", "package svc // "+slug+"\n")
			head := f.commitAll("evidence for " + slug)
			req := fact(slug, "Claim "+slug+".")
			req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("svc/" + slug + ".go")}
			f.memorize(f.agent, req)
			if tc.prepare != nil {
				tc.prepare(slug)
			}
			vreq := &medullav1.VerifyRequest{Brain: "loja", Slug: slug}
			if tc.req != nil {
				vreq = tc.req(slug, head)
			}
			before := f.brain("loja").GetStoreVersion()
			res, err := tc.grader.Verify(ctx(), vreq)
			if tc.wantReason != "" {
				md := wantRefusal(t, err, tc.wantCode, tc.wantReason)
				if got := f.brain("loja").GetStoreVersion(); got != before {
					t.Fatalf("got store version %d after a refusal, want %d unchanged", got, before)
				}
				if md["receipt_id"] == "" {
					t.Fatalf("got no rejection receipt id in %v, want the refusal logged", md)
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v, want verified", err)
			}
			d := res.GetReceipt().GetDetails()
			if res.GetClaim().GetState() != medullav1.ClaimState_CLAIM_STATE_VERIFIED || d["independence"] != tc.wantIndep {
				t.Fatalf("got %s independence %q, want verified by row %q", res.GetClaim().GetState(), d["independence"], tc.wantIndep)
			}
			if d["measured_by"] == "" || !strings.Contains(d["files"], "svc/"+slug+".go@") || len(d["commit"]) != 40 {
				t.Fatalf("got details %v, want who measured, the file hashes and the commit", d)
			}
			if vreq.GetGateLogHash() != "" && (d["gate_log_hash"] != vreq.GetGateLogHash() || d["commit"] != vreq.GetCommit()) {
				t.Fatalf("got details %v, want the gate log hash and the gate's commit", d)
			}
			if got := res.GetClaim().GetProvenance().GetVerifiedCommit(); got != d["commit"] {
				t.Fatalf("got verified commit %q, want %q", got, d["commit"])
			}
		})
	}
}

// TestSelfVerificationAttack is the three-call attack: one agent memorizes nonsense citing an
// unrelated file, verifies it itself and promotes it. The first call that would grant verified
// (Verify) is refused with a rejection receipt, the promotion finds nothing verified to carry,
// and no other brain ever recalls it as doctrine.
func TestSelfVerificationAttack(t *testing.T) {
	f := newFixture(t)
	f.register("m1nd", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	f.writeFile("README.md", "an unrelated file\n")
	req := fact("moon-cheese", "The moon is made of cheese.")
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("README.md")}
	f.memorize(f.agent, req)

	_, err := f.agent.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "moon-cheese"})
	md := wantRefusal(t, err, codes.PermissionDenied, "GRADER_IS_AUTHOR")
	var rejection *commonv1.Receipt
	for _, r := range f.receipts("loja")[0].GetReceipts() {
		if r.GetRejection().GetReceiptId() == md["receipt_id"] {
			rejection = r
		}
	}
	if rejection == nil || rejection.GetRejection().GetReason() != "GRADER_IS_AUTHOR" {
		t.Fatalf("got %v, want the GRADER_IS_AUTHOR rejection receipt %s in loja's ledger", rejection, md["receipt_id"])
	}
	_, err = f.agent.Promote(ctx(), &medullav1.PromoteRequest{Brain: "loja", Slug: "moon-cheese", Reason: "obviously true"})
	wantRefusal(t, err, codes.FailedPrecondition, "NOT_VERIFIED")

	other := f.agentIn("agent-9", "m1nd")
	rec, err := other.Recall(ctx(), &medullav1.RecallRequest{Brain: "m1nd", Query: "moon cheese"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.GetHits()) != 0 {
		t.Fatalf("got %d hits in m1nd, want the nonsense nowhere outside loja", len(rec.GetHits()))
	}
	got, err := f.agent.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "loja", Slug: "moon-cheese"})
	if err != nil || got.GetClaim().GetState() != medullav1.ClaimState_CLAIM_STATE_AUTHORED {
		t.Fatalf("got %v %v, want the claim still authored", got.GetClaim().GetState(), err)
	}
}

// TestVerifiedStillRefusesAWeakerVersion: whoever verified it, a verified claim superseded by an
// authored version is refused WOULD_DOWNGRADE.
func TestVerifiedStillRefusesAWeakerVersion(t *testing.T) {
	f := newFixture(t)
	f.verified(f.agent, "kept", "Kept verified.", "kept.go")
	req := fact("kept", "A weaker rewrite.")
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("kept.go")}
	for _, c := range []medullav1.MedullaServiceClient{f.agent, f.judge} {
		_, err := c.Memorize(ctx(), req)
		wantRefusal(t, err, codes.FailedPrecondition, "WOULD_DOWNGRADE")
	}
}

// TestOutsidersRefusalsStayInTheirOwnLedger: a refusal an agent of m1nd causes by knocking on
// loja is recorded in m1nd's ledger, never in loja's, which an outsider could otherwise grow.
func TestOutsidersRefusalsStayInTheirOwnLedger(t *testing.T) {
	f := newFixture(t)
	f.register("m1nd", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	f.memorize(f.agent, fact("x", "X holds."))
	outsider := f.agentIn("agent-9", "m1nd")
	lojaBefore := len(f.receipts("loja")[0].GetReceipts())
	calls := []struct {
		name string
		call func() error
	}{
		{"memorize", func() error { _, err := outsider.Memorize(ctx(), fact("y", "Y.")); return err }},
		{"verify", func() error {
			_, err := outsider.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "x"})
			return err
		}},
		{"promote", func() error {
			_, err := outsider.Promote(ctx(), &medullav1.PromoteRequest{Brain: "loja", Slug: "x", Reason: "r"})
			return err
		}},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			md := wantRefusal(t, c.call(), codes.PermissionDenied, "FOREIGN_BRAIN")
			found := false
			for _, r := range f.receipts("m1nd")[0].GetReceipts() {
				if r.GetRejection().GetReceiptId() == md["receipt_id"] {
					found = true
				}
			}
			if !found {
				t.Fatalf("got no receipt %s in m1nd's ledger, want the refusal recorded in the caller's own ledger", md["receipt_id"])
			}
			if got := len(f.receipts("loja")[0].GetReceipts()); got != lojaBefore {
				t.Fatalf("got %d receipts in loja, want %d: an outsider must not grow the target's ledger", got, lojaBefore)
			}
		})
	}
}

// TestImportReMarksSelfVerified: an exported version its own author verified is admitted
// authored, and its commit receipt says so; the import path obeys the same rule as Verify.
func TestImportReMarksSelfVerified(t *testing.T) {
	f := newFixture(t)
	cl := selfVerified(f, "loja", "old")
	files := []*medullav1.ClaimFile{{Name: "old.md", Content: domain.EncodeClaimFile(cl)}}
	res, err := f.owner.ImportClaims(ctx(), &medullav1.ImportClaimsRequest{Brain: "loja", Files: files})
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.owner.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "loja", Slug: "old"})
	if err != nil || c.GetClaim().GetState() != medullav1.ClaimState_CLAIM_STATE_AUTHORED {
		t.Fatalf("got %v %v, want the imported self-verified claim admitted authored", c.GetClaim().GetState(), err)
	}
	if d := res.GetReceipts()[0].GetCommit().GetDetails(); d["re_marked"] == "" {
		t.Fatalf("got details %v, want the commit receipt to say it was re-marked", d)
	}
}

// TestMigrationReMarksSelfVerified: a store written before the rule (an author verified its own
// claim, and it was promoted) is re-marked on open: the claim and its doctrine copy become
// authored, each with a service-origin receipt, and History keeps the verified version.
func TestMigrationReMarksSelfVerified(t *testing.T) {
	dir, repo := t.TempDir(), t.TempDir()
	st, err := store.Open(context.Background(), dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	orig := selfVerified(&fixture{t: t, repo: repo}, "loja", "old")
	cp := orig
	cp.Brain, cp.Slug, cp.Tier, cp.Verse = domain.MedullaBrain, domain.MedullaSlug("loja", "old"), domain.TierMedulla, domain.VerseLocal
	cp.Provenance.PromotedBy, cp.Provenance.PromotedAt = "agent-7", t0
	err = st.Write(context.Background(), func(tx domain.Tx) error {
		for _, b := range []string{"loja", domain.MedullaBrain} {
			if err := tx.PutBrain(domain.Brain{Name: b, RepoRoot: repo, SoulPath: "docs/PATHOS.md", Policy: domain.PolicyOwnerPersonal, Reserved: b == domain.MedullaBrain, CreatedAt: t0, UpdatedAt: t0}); err != nil {
				return err
			}
		}
		return nil
	})
	for _, c := range []domain.Claim{orig, cp} {
		if err != nil {
			break
		}
		// One version per write: the writer prepares its bulk inserts for one per write.
		err = st.Write(context.Background(), func(tx domain.Tx) error {
			c.ReceiptID = "rcpt_legacy_" + c.Brain
			return tx.InsertVersion(&c, 0)
		})
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, fixtureOpts{dir: dir})
	for _, tc := range []struct{ brain, slug string }{{"loja", "old"}, {domain.MedullaBrain, cp.Slug}} {
		vs, err := history(f.owner, tc.brain, tc.slug)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) != 2 || vs[0].GetProvenance().GetVerifiedVia() != "evidence" || vs[1].GetState() != medullav1.ClaimState_CLAIM_STATE_AUTHORED {
			t.Fatalf("%s/%s: got %d versions (last %v), want the verified v1 kept and an authored v2", tc.brain, tc.slug, len(vs), vs[len(vs)-1].GetState())
		}
		rid := vs[1].GetReceiptId()
		var found *commonv1.Receipt
		for _, r := range f.receipts(tc.brain)[0].GetReceipts() {
			if r.GetCommit().GetReceiptId() == rid {
				found = r
			}
		}
		if found == nil || found.GetCommit().GetProposal().GetEffect() != "re-mark-authored" || found.GetCommit().GetBy().GetOrigin() != commonv1.Origin_ORIGIN_SERVICE {
			t.Fatalf("%s/%s: got receipt %v, want a service-origin re-mark-authored receipt", tc.brain, tc.slug, found)
		}
	}
}

// selfVerified is a legacy version of brain/slug that its author, agent-7, verified itself.
func selfVerified(f *fixture, brain, slug string) domain.Claim {
	sum := f.writeFile(slug+".go", slug+"\n")
	return domain.Claim{Brain: brain, Slug: slug, Version: 1, Kind: domain.KindFact, Body: "Old and self-verified.", Confidence: 0.5,
		State: domain.StateVerified, Tier: domain.TierProject, Verse: domain.VerseInternal, WrittenAt: t0,
		Evidence:   []domain.Anchor{{Kind: domain.AnchorFile, Path: slug + ".go", SHA256: sum}},
		Provenance: domain.Provenance{Created: t0, SourceAgent: "agent-7", OriginBrain: brain, VerifiedBy: "agent-7", VerifiedVia: domain.VerifiedViaEvidence, VerifiedAt: t0}}
}
