package medulla_test

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func TestMemorizeStampsProvenanceAndReceipt(t *testing.T) {
	f := newFixture(t)
	sum := f.writeFile("internal/cart/cart.go", "package cart\n")
	req := fact("cart-total-rounding", "Cart totals round half-even at checkout.")
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("internal/cart/cart.go")}
	req.SoulSource = "docs/PATHOS.md#Checkout"
	res := f.memorize(f.agent, req)
	c := res.GetClaim()
	p := c.GetProvenance()
	if c.GetVersion() != 1 || c.GetState() != medullav1.ClaimState_CLAIM_STATE_AUTHORED {
		t.Fatalf("got v%d %s, want v1 authored", c.GetVersion(), c.GetState())
	}
	if p.GetSourceAgent() != "agent-7" || p.GetOriginBrain() != "loja" || p.GetSoulSource() != "docs/PATHOS.md#Checkout" {
		t.Fatalf("got provenance %+v, want Source-Agent agent-7 from the credential, Origin-Brain loja, Soul-Source kept", p)
	}
	if !p.GetCreated().AsTime().Equal(t0) {
		t.Fatalf("got Created %v, want %v", p.GetCreated().AsTime(), t0)
	}
	if got := c.GetEvidence()[0].GetSha256(); got != sum {
		t.Fatalf("got anchor sha %q, want the file's sha %q measured at write time", got, sum)
	}
	if c.GetTier() != medullav1.Tier_TIER_PROJECT {
		t.Fatalf("got tier %s, want project", c.GetTier())
	}
	r := res.GetReceipt()
	if r.GetStoreVersionBefore() != 0 || r.GetStoreVersionAfter() != 1 || r.GetDetails()["slug"] != "cart-total-rounding" || r.GetDetails()["version"] != "1" {
		t.Fatalf("got receipt %+v, want store version 0->1 naming the slug and version", r)
	}
	if r.GetReceiptId() != c.GetReceiptId() || r.GetBy().GetAgentId() != "agent-7" {
		t.Fatalf("got receipt id %q by %q, claim receipt %q; want them to match and name agent-7", r.GetReceiptId(), r.GetBy().GetAgentId(), c.GetReceiptId())
	}
	if got := f.brain("loja").GetStoreVersion(); got != 1 {
		t.Fatalf("got store version %d, want 1", got)
	}
}

func TestMemorizeGeneratesSlug(t *testing.T) {
	f := newFixture(t)
	a := f.memorize(f.agent, fact("", "Deploys freeze on Fridays.")).GetClaim()
	b := f.memorize(f.agent, fact("", "Deploys freeze on Fridays.")).GetClaim()
	if !strings.HasPrefix(a.GetSlug(), "deploys-freeze-on-fridays-") {
		t.Fatalf("got slug %q, want one derived from the body", a.GetSlug())
	}
	if a.GetSlug() == b.GetSlug() || b.GetVersion() != 1 {
		t.Fatalf("got %q and %q (v%d), want two distinct fresh slugs: a generated slug never supersedes", a.GetSlug(), b.GetSlug(), b.GetVersion())
	}
}

func TestSupersessionKeepsHistory(t *testing.T) {
	f := newFixture(t)
	f.memorize(f.agent, fact("queue-depth", "Queue depth alarm at 100."))
	f.clock.Advance(1)
	f.memorize(f.agent, fact("queue-depth", "Queue depth alarm at 250."))
	live, err := f.agent.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "loja", Slug: "queue-depth"})
	if err != nil {
		t.Fatal(err)
	}
	if live.GetClaim().GetVersion() != 2 || !strings.Contains(live.GetClaim().GetBody(), "250") {
		t.Fatalf("got live v%d %q, want v2 with 250", live.GetClaim().GetVersion(), live.GetClaim().GetBody())
	}
	hist, err := f.agent.History(ctx(), &medullav1.HistoryRequest{Brain: "loja", Slug: "queue-depth"})
	if err != nil {
		t.Fatal(err)
	}
	vs := hist.GetVersions()
	if len(vs) != 2 || vs[0].GetState() != medullav1.ClaimState_CLAIM_STATE_SUPERSEDED || vs[0].GetSupersededAt() == nil || !strings.Contains(vs[0].GetBody(), "100") {
		t.Fatalf("got history %v, want v1 (100) superseded and still readable, then v2", vs)
	}
	if !vs[1].GetProvenance().GetCreated().AsTime().Equal(vs[0].GetProvenance().GetCreated().AsTime()) {
		t.Fatalf("got Created %v then %v, want Created immutable across versions", vs[0].GetProvenance().GetCreated(), vs[1].GetProvenance().GetCreated())
	}
	old, err := f.agent.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: "loja", Slug: "queue-depth", Version: 1})
	if err != nil || !strings.Contains(old.GetClaim().GetBody(), "100") {
		t.Fatalf("got %v %v, want v1 readable by version", old, err)
	}
}

func TestMemorizeRefusals(t *testing.T) {
	f := newFixture(t)
	f.register("other", medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED)
	f.writeFile("README.md", "hello\n")
	withEvidence := func(r *medullav1.MemorizeRequest, a ...*medullav1.EvidenceAnchor) *medullav1.MemorizeRequest {
		r.Evidence = a
		return r
	}
	inBrain := func(r *medullav1.MemorizeRequest, b string) *medullav1.MemorizeRequest { r.Brain = b; return r }
	downgradeByAgent := fact("d", "body")
	downgradeByAgent.AllowDowngrade = true
	badKind := fact("k", "body")
	badKind.Kind = 42
	badConf := fact("c", "body")
	badConf.Confidence = 1.5
	badSoul := fact("s", "body")
	badSoul.SoulSource = "no-section"
	cases := []struct {
		name       string
		req        *medullav1.MemorizeRequest
		wantCode   codes.Code
		wantReason string
	}{
		{"empty body", fact("e", ""), codes.InvalidArgument, "EMPTY_BODY"},
		{"whitespace body", fact("e", " \n\t "), codes.InvalidArgument, "EMPTY_BODY"},
		{"body over 64 KiB", fact("big", strings.Repeat("a", 64<<10+1)), codes.InvalidArgument, "BODY_TOO_LARGE"},
		{"aws key", fact("s1", "use AKIAIOSFODNN7EXAMPLE for prod"), codes.InvalidArgument, "SECRET_DETECTED"},
		{"private key block", fact("s2", "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n"), codes.InvalidArgument, "SECRET_DETECTED"},
		{"bearer token", fact("s3", "curl -H 'Authorization: Bearer abcdef0123456789abcdef0123'"), codes.InvalidArgument, "SECRET_DETECTED"},
		{"github token", fact("s4", "token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"), codes.InvalidArgument, "SECRET_DETECTED"},
		{"home path", fact("h", "config lives in /home/alice/.config/app"), codes.InvalidArgument, "HOME_PATH"},
		{"macOS home path", fact("h2", "see /Users/bob/src/app"), codes.InvalidArgument, "HOME_PATH"},
		{"letter kind as evidence", withEvidence(fact("l1", "body"), &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_LETTER, Ref: "ltr_abc"}), codes.InvalidArgument, "LETTER_IS_WITNESS"},
		{"receipt naming a letter", withEvidence(fact("l2", "body"), &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT, Ref: "ltr_0001"}), codes.InvalidArgument, "LETTER_IS_WITNESS"},
		{"foreign brain", inBrain(fact("f", "body"), "other"), codes.PermissionDenied, "FOREIGN_BRAIN"},
		{"agent writes doctrine tier", inBrain(fact("f2", "body"), "medulla"), codes.PermissionDenied, "FOREIGN_BRAIN"},
		{"agent allows downgrade", downgradeByAgent, codes.PermissionDenied, "OWNER_ONLY"},
		{"evidence file missing", withEvidence(fact("m", "body"), fileAnchor("nope.go")), codes.FailedPrecondition, "EVIDENCE_FILE_MISSING"},
		{"evidence escapes repo", withEvidence(fact("x", "body"), fileAnchor("../etc/passwd")), codes.InvalidArgument, "PATH_ESCAPES_REPO"},
		{"absolute evidence path", withEvidence(fact("x2", "body"), fileAnchor("/etc/passwd")), codes.InvalidArgument, "PATH_ESCAPES_REPO"},
		{"bad slug", fact("Bad Slug", "body"), codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"bad kind", badKind, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"confidence above 1", badConf, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"soul source without section", badSoul, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"bad sha", withEvidence(fact("bs", "body"), &medullav1.EvidenceAnchor{Kind: medullav1.EvidenceKind_EVIDENCE_KIND_FILE, Path: "README.md", Sha256: "xyz"}), codes.InvalidArgument, "INVALID_ARGUMENT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := f.brain(tc.req.GetBrain()).GetStoreVersion()
			_, err := f.agent.Memorize(ctx(), tc.req)
			md := wantRefusal(t, err, tc.wantCode, tc.wantReason)
			if md["receipt_id"] == "" {
				t.Fatalf("got no rejection receipt id in ErrorInfo, want the refusal logged")
			}
			if strings.Contains(err.Error(), "AKIA") || strings.Contains(err.Error(), "ghp_") {
				t.Fatalf("refusal echoes the secret: %v", err)
			}
			if after := f.brain(tc.req.GetBrain()).GetStoreVersion(); after != before {
				t.Fatalf("got store version %d -> %d, want unchanged by a refusal", before, after)
			}
			if _, err := f.owner.GetClaim(ctx(), &medullav1.GetClaimRequest{Brain: tc.req.GetBrain(), Slug: tc.req.GetSlug()}); err == nil && tc.req.GetSlug() != "" {
				t.Fatalf("got a claim %s after a refusal, want nothing written", tc.req.GetSlug())
			}
		})
	}
	// Every refusal was logged as a rejection receipt in the ledger of the brain it targeted.
	rejections := map[string]int{}
	for _, b := range []string{"loja", "other", "medulla"} {
		for _, p := range f.receipts(b) {
			for _, r := range p.GetReceipts() {
				if rej := r.GetRejection(); rej != nil {
					rejections[rej.GetReason()]++
				}
			}
		}
	}
	for _, tc := range cases {
		if rejections[tc.wantReason] == 0 {
			t.Errorf("got no %s rejection receipt in the ledger, want one", tc.wantReason)
		}
	}
}

func TestWouldDowngrade(t *testing.T) {
	f := newFixture(t)
	f.writeFile("go.mod", "module x\n")
	req := fact("module-name", "The module is x.")
	req.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("go.mod"), {Kind: medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT, Ref: "v1.2.0"}}
	f.memorize(f.agent, req)

	t.Run("dropping an anchor", func(t *testing.T) {
		drop := fact("module-name", "The module is x (restated).")
		drop.Evidence = []*medullav1.EvidenceAnchor{fileAnchor("go.mod")}
		_, err := f.agent.Memorize(ctx(), drop)
		md := wantRefusal(t, err, codes.FailedPrecondition, "WOULD_DOWNGRADE")
		if md["dropped"] != "commit:v1.2.0" {
			t.Fatalf("got dropped=%q, want commit:v1.2.0", md["dropped"])
		}
	})
	if _, err := f.judge.Verify(ctx(), &medullav1.VerifyRequest{Brain: "loja", Slug: "module-name"}); err != nil {
		t.Fatal(err)
	}
	t.Run("authored over verified", func(t *testing.T) {
		again := fact("module-name", "The module is x, said again.")
		again.Evidence = req.Evidence
		_, err := f.agent.Memorize(ctx(), again)
		wantRefusal(t, err, codes.FailedPrecondition, "WOULD_DOWNGRADE")
	})
	t.Run("owner allows it", func(t *testing.T) {
		again := fact("module-name", "The module is now y.")
		again.AllowDowngrade = true
		res := f.memorize(f.owner, again)
		if res.GetClaim().GetState() != medullav1.ClaimState_CLAIM_STATE_AUTHORED || res.GetClaim().GetProvenance().GetSourceAgent() != "owner" {
			t.Fatalf("got %s by %s, want an authored version written by the owner", res.GetClaim().GetState(), res.GetClaim().GetProvenance().GetSourceAgent())
		}
	})
}

func TestExpectedVersion(t *testing.T) {
	f := newFixture(t)
	f.memorize(f.agent, fact("flag", "Flag is on."))
	stale := fact("flag", "Flag is off.")
	stale.ExpectedVersion = 3
	_, err := f.agent.Memorize(ctx(), stale)
	md := wantRefusal(t, err, codes.Aborted, "VERSION_MISMATCH")
	if md["live_version"] != "1" {
		t.Fatalf("got live_version=%q, want 1", md["live_version"])
	}
	stale.ExpectedVersion = 1
	if got := f.memorize(f.agent, stale).GetClaim().GetVersion(); got != 2 {
		t.Fatalf("got v%d, want v2", got)
	}
}
