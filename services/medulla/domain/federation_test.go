package domain

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestAcceptableForeign(t *testing.T) {
	good := func() Claim {
		return Claim{Brain: MedullaBrain, Slug: "loja.retry", Version: 2, Kind: KindFact, Body: "Retries carry jitter.", Confidence: 0.8,
			Tier: TierMedulla, Verse: VerseLocal, State: StateVerified,
			Evidence:   []Anchor{{Kind: AnchorFile, Path: "pay/retry.go", SHA256: strings.Repeat("a", 64), Origin: "loja"}},
			Provenance: Provenance{OriginBrain: "loja", PromotedBy: "agent-7", PromotedReason: "herds", PromotedAt: time.Unix(0, 0)}}
	}
	cases := []struct {
		name   string
		mutate func(c *Claim)
		want   bool
	}{
		{"promoted doctrine", func(*Claim) {}, true},
		{"a project claim", func(c *Claim) { c.Brain, c.Tier = "loja", TierProject }, false},
		{"a secret in the body", func(c *Claim) { c.Body = "key AKIAABCDEFGHIJKLMNOP" }, false},
		{"a home path in the body", func(c *Claim) { c.Body = "see /home/alice/notes" }, false},
		{"a letter as evidence", func(c *Claim) { c.Evidence = []Anchor{{Kind: AnchorCommit, Ref: "ltr_01"}} }, false},
		{"an escaping anchor", func(c *Claim) { c.Evidence[0].Path = "../../etc/passwd" }, false},
		{"no origin brain", func(c *Claim) { c.Provenance.OriginBrain = "" }, false},
		{"a malformed slug", func(c *Claim) { c.Slug = "../x" }, false},
		{"confidence out of range", func(c *Claim) { c.Confidence = 7 }, false},
		{"confidence not a number", func(c *Claim) { c.Confidence = math.NaN() }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := good()
			tc.mutate(&c)
			if got := acceptableForeign(&c); got != tc.want {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			if tc.want && (c.Verse != VerseGlobal || c.State != StateAuthored) {
				t.Fatalf("got verse %s state %s, want global and authored: foreign material is a proposal", c.Verse, c.State)
			}
		})
	}
}

// FuzzForeignBoundary feeds arbitrary peer-served claims to the boundary: it must never panic,
// and whatever it admits must pass the same floor the write door applies.
func FuzzForeignBoundary(f *testing.F) {
	f.Add("loja.retry", "Retries carry jitter.", "loja", "herds", "pay/retry.go", "v1.0.0", int64(1), 0.5)
	f.Add("x", "", "", "", "", "", int64(0), -1.0)
	f.Add("a..b", "/home/u/x", "Loja", "AKIAABCDEFGHIJKLMNOP", "../x", "ltr_1", int64(3), 2.0)
	f.Fuzz(func(t *testing.T, slug, body, origin, reason, path, ref string, version int64, conf float64) {
		c := Claim{Brain: MedullaBrain, Tier: TierMedulla, Slug: slug, Body: body, Version: version, Kind: KindFact, Confidence: conf,
			Evidence:   []Anchor{{Kind: AnchorFile, Path: path, Origin: origin}, {Kind: AnchorCommit, Ref: ref}},
			Provenance: Provenance{OriginBrain: origin, PromotedReason: reason}}
		if !acceptableForeign(&c) {
			return
		}
		if !ValidSlug(c.Slug) || checkBody(c.Body) != nil || !ValidBrainName(c.Provenance.OriginBrain) || c.Verse != VerseGlobal {
			t.Fatalf("admitted %+v", c)
		}
		if MedullaSlug("peer", c.Slug) == "" || !ValidSlug(MedullaSlug("peer", c.Slug)) {
			t.Fatalf("adoption slug of %q is not a slug", c.Slug)
		}
	})
}

func TestMedullaSlug(t *testing.T) {
	long := strings.Repeat("a", 128)
	cases := []struct {
		name, brain, slug, want string
	}{
		{"short", "loja", "retry", "loja.retry"},
		{"too long keeps a hash", "loja", long, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := MedullaSlug(tc.brain, tc.slug)
			if !ValidSlug(got) || len(got) > 128 {
				t.Fatalf("got %q, want a legal slug", got)
			}
			if tc.want != "" && got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
	if MedullaSlug("loja", long+"b") == MedullaSlug("loja", long+"c") {
		t.Fatal("got the same slug for two long names, want the hash to tell them apart")
	}
}
