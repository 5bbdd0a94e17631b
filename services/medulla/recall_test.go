package medulla_test

import (
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/timestamppb"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

func recall(t *testing.T, c medullav1.MedullaServiceClient, req *medullav1.RecallRequest) *medullav1.RecallResponse {
	t.Helper()
	res, err := c.Recall(ctx(), req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func slugs(res *medullav1.RecallResponse) []string {
	var out []string
	for _, h := range res.GetHits() {
		out = append(out, h.GetClaim().GetSlug())
	}
	return out
}

// promoted is a doctrine-tier claim file as a promote (issue 5) or an export of one would carry it.
func promoted(slug, origin, body string) *medullav1.ClaimFile {
	return &medullav1.ClaimFile{Name: slug + ".md", Content: "---\nSlug: " + slug + "\nKind: doctrine\nState: verified\n" +
		"Created: 2026-05-01T00:00:00Z\nSource-Agent: agent-3\nOrigin-Brain: " + origin + "\nPromoted-By: agent-3\n" +
		"Promoted-Reason: saved two incidents\nPromoted-At: 2026-05-20T00:00:00Z\n---\n" + body}
}

func TestRecall(t *testing.T) {
	f := newFixture(t)
	f.register("vault", medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED)
	f.memorize(f.agent, fact("retry-budget", "Payment retries stop after three attempts with jitter."))
	dec := fact("retry-owner", "The payments team owns retry policy.")
	dec.Kind = medullav1.ClaimKind_CLAIM_KIND_DECISION
	f.memorize(f.agent, dec)
	f.memorize(f.agent, fact("cache-ttl", "Catalog cache lives five minutes."))
	imp, err := f.owner.ImportClaims(ctx(), &medullav1.ImportClaimsRequest{Brain: "medulla", Files: []*medullav1.ClaimFile{
		promoted("retry-doctrine", "loja", "Retries always carry jitter and a budget."),
		promoted("vault-retry", "vault", "Vault retries forever."),
	}})
	if err != nil || imp.GetImported() != 2 {
		t.Fatalf("got %v %v, want two doctrine claims imported", imp, err)
	}

	t.Run("ranked with tier labels and provenance line", func(t *testing.T) {
		res := recall(t, f.agent, &medullav1.RecallRequest{Brain: "loja", Query: "retry"})
		got := slugs(res)
		if len(got) != 3 {
			t.Fatalf("got %v, want retry-budget, retry-owner and retry-doctrine", got)
		}
		labels := map[string]string{}
		lines := map[string]string{}
		for _, h := range res.GetHits() {
			labels[h.GetClaim().GetSlug()] = h.GetTierLabel()
			lines[h.GetClaim().GetSlug()] = h.GetClaim().GetProvenanceLine()
		}
		if labels["retry-budget"] != "project:loja" || labels["retry-doctrine"] != "medulla" {
			t.Fatalf("got labels %v, want project:loja and medulla", labels)
		}
		if want := "promoted from loja · 2026-05-20 · by agent-3 — saved two incidents"; lines["retry-doctrine"] != want {
			t.Fatalf("got provenance line %q, want %q verbatim", lines["retry-doctrine"], want)
		}
		if lines["retry-budget"] != "" {
			t.Fatalf("got provenance line %q on an unpromoted claim, want none", lines["retry-budget"])
		}
		if res.GetExcludedCount() != 1 {
			t.Fatalf("got excluded_count %d, want 1 (vault is isolated)", res.GetExcludedCount())
		}
		for _, s := range got {
			if s == "vault-retry" {
				t.Fatalf("an isolated brain's doctrine crossed: %v", got)
			}
		}
	})
	t.Run("filters", func(t *testing.T) {
		cases := []struct {
			name string
			req  *medullav1.RecallRequest
			want []string
		}{
			{"kind", &medullav1.RecallRequest{Brain: "loja", Query: "retry", Kinds: []medullav1.ClaimKind{medullav1.ClaimKind_CLAIM_KIND_DECISION}}, []string{"retry-owner"}},
			{"tier project", &medullav1.RecallRequest{Brain: "loja", Query: "jitter", Tiers: []medullav1.Tier{medullav1.Tier_TIER_PROJECT}}, []string{"retry-budget"}},
			{"tier medulla", &medullav1.RecallRequest{Brain: "loja", Query: "jitter", Tiers: []medullav1.Tier{medullav1.Tier_TIER_MEDULLA}}, []string{"retry-doctrine"}},
			{"state verified", &medullav1.RecallRequest{Brain: "loja", Query: "retry", States: []medullav1.ClaimState{medullav1.ClaimState_CLAIM_STATE_VERIFIED}}, []string{"retry-doctrine"}},
			{"since excludes older", &medullav1.RecallRequest{Brain: "loja", Query: "cache", Since: timestamppb.New(t0.Add(time.Hour))}, nil},
			{"query syntax is not an error", &medullav1.RecallRequest{Brain: "loja", Query: `cache" OR NEAR(( *`}, []string{"cache-ttl"}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				got := slugs(recall(t, f.agent, tc.req))
				if strings.Join(got, ",") != strings.Join(tc.want, ",") {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			})
		}
	})
	t.Run("age overlay sinks old claims and never flags unknown age", func(t *testing.T) {
		f.clock.Advance(800 * time.Hour)
		f.memorize(f.agent, fact("retry-new", "Retry jitter is full jitter now."))
		res := recall(t, f.agent, &medullav1.RecallRequest{Brain: "loja", Query: "retry jitter"})
		if got := slugs(res); len(got) == 0 || got[0] != "retry-new" {
			t.Fatalf("got %v, want the fresh claim first", got)
		}
		for _, h := range res.GetHits() {
			age := h.GetClaim().GetAge()
			switch h.GetClaim().GetSlug() {
			case "retry-new":
				if !age.GetKnown() || age.GetAgedOut() || age.GetWeight() != 1 {
					t.Fatalf("got age %+v for a new claim, want known, weight 1, not aged out", age)
				}
			case "retry-budget":
				if !age.GetKnown() || !age.GetAgedOut() || age.GetWeight() >= 0.5 {
					t.Fatalf("got age %+v at 800h, want aged out with weight under 0.5", age)
				}
			}
		}
	})
	t.Run("refusals", func(t *testing.T) {
		_, err := f.agent.Recall(ctx(), &medullav1.RecallRequest{Brain: "vault", Query: "retry"})
		wantRefusal(t, err, codes.PermissionDenied, "FOREIGN_BRAIN")
		_, err = f.agent.Recall(ctx(), &medullav1.RecallRequest{Brain: "loja", Query: "!!!"})
		wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
		_, err = f.agent.Recall(ctx(), &medullav1.RecallRequest{Brain: "loja", States: []medullav1.ClaimState{medullav1.ClaimState_CLAIM_STATE_SUPERSEDED}})
		wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
	})
}

func TestRecallIsolatedBrainGetsNoDoctrineButAnHonestCount(t *testing.T) {
	f := newFixture(t)
	f.register("vault", medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED)
	if _, err := f.owner.ImportClaims(ctx(), &medullav1.ImportClaimsRequest{Brain: "medulla", Files: []*medullav1.ClaimFile{promoted("tls-doctrine", "loja", "Rotate TLS certificates monthly.")}}); err != nil {
		t.Fatal(err)
	}
	vault := f.agentIn("agent-v", "vault")
	f.memorize(vault, &medullav1.MemorizeRequest{Brain: "vault", Slug: "vault-tls", Body: "Vault TLS is pinned."})
	res := recall(t, vault, &medullav1.RecallRequest{Brain: "vault", Query: "tls"})
	if got := slugs(res); len(got) != 1 || got[0] != "vault-tls" {
		t.Fatalf("got %v, want only vault's own claim", got)
	}
	if res.GetExcludedCount() != 1 || !strings.Contains(res.GetNote(), "withheld") {
		t.Fatalf("got excluded_count %d note %q, want 1 withheld doctrine claim said out loud", res.GetExcludedCount(), res.GetNote())
	}
}

// TestRecallNeverAnswersNoMemoryOverAFullStore is the false-absence defect, tested explicitly:
// a query that matches nothing must still say the store holds live claims, and a match that
// exists must be found whatever words surround it.
func TestRecallNeverAnswersNoMemoryOverAFullStore(t *testing.T) {
	f := newFixture(t)
	empty := recall(t, f.agent, &medullav1.RecallRequest{Brain: "loja", Query: "deploy"})
	if empty.GetLiveClaims() != 0 || !strings.Contains(empty.GetNote(), "no live claims") {
		t.Fatalf("got %d live, note %q; want an honest empty store", empty.GetLiveClaims(), empty.GetNote())
	}
	for i, body := range []string{"Deploys go out Tuesdays.", "Rollbacks take one click.", "Déploiement: the staging gate is green-only."} {
		f.memorize(f.agent, fact("c"+string(rune('a'+i)), body))
	}
	cases := []struct {
		name       string
		query      string
		wantHits   int
		wantInNote string
	}{
		{"no match over a full store", "kubernetes", 0, "memory is not empty"},
		{"case and punctuation", "DEPLOYS?!", 1, "1 hit"},
		{"diacritics fold", "deploiement", 1, "1 hit"},
		{"slug words match", "cb", 1, "1 hit"},
		{"empty query lists newest", "", 3, "3 hit"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := recall(t, f.agent, &medullav1.RecallRequest{Brain: "loja", Query: tc.query})
			if len(res.GetHits()) != tc.wantHits || res.GetLiveClaims() != 3 || !strings.Contains(res.GetNote(), tc.wantInNote) {
				t.Fatalf("got %d hits, %d live, note %q; want %d hits, 3 live, note with %q", len(res.GetHits()), res.GetLiveClaims(), res.GetNote(), tc.wantHits, tc.wantInNote)
			}
		})
	}
	// Superseding must move the index with the live version, never leave the slug unfindable.
	f.memorize(f.agent, fact("ca", "Deploys go out Thursdays."))
	res := recall(t, f.agent, &medullav1.RecallRequest{Brain: "loja", Query: "thursdays"})
	if len(res.GetHits()) != 1 || res.GetHits()[0].GetClaim().GetVersion() != 2 {
		t.Fatalf("got %v, want the superseding version found", slugs(res))
	}
	if res := recall(t, f.agent, &medullav1.RecallRequest{Brain: "loja", Query: "tuesdays"}); len(res.GetHits()) != 0 || res.GetLiveClaims() != 3 {
		t.Fatalf("got %v hits / %d live for the superseded wording, want 0 hits over 3 live", slugs(res), res.GetLiveClaims())
	}
}
