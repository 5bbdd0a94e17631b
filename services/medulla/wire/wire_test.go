package wire

import (
	"reflect"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// TestClaimRoundTrip: a claim rendered for the wire and read back (as a peer's pull and an
// export do) is the same claim, crossing stamps and trust included.
func TestClaimRoundTrip(t *testing.T) {
	at := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	base := domain.Claim{
		Brain: "medulla", Slug: "loja.jitter", Version: 3, Kind: domain.KindDoctrine, Body: "Retries carry jitter.",
		Evidence: []domain.Anchor{
			{Kind: domain.AnchorFile, Path: "pay/retry.go", SHA256: "ab", Origin: "loja"},
			{Kind: domain.AnchorCommit, Ref: "abc123", Origin: "loja", Unverifiable: true},
		},
		Confidence: 0.7, State: domain.StateVerified, Tier: domain.TierMedulla, Verse: domain.VerseLocal,
		Provenance: domain.Provenance{Created: at, SourceAgent: "agent-7", OriginBrain: "loja", SoulSource: "docs/PATHOS.md#x",
			PromotedBy: "agent-7", PromotedReason: "held up", PromotedAt: at, VerifiedBy: "agent-7", VerifiedVia: "evidence", VerifiedAt: at},
		WrittenAt: at, ReceiptID: "rcpt_1",
	}
	superseded := base
	superseded.SupersededAt = at.Add(time.Hour)
	cases := []struct {
		name string
		in   domain.Claim
	}{
		{"live verified", base},
		{"superseded keeps its stored trust", superseded},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ClaimFromProto(Claim(tc.in, domain.AgeAt(tc.in.Provenance.Created, at)))
			if !reflect.DeepEqual(got, tc.in) {
				t.Fatalf("got %+v, want %+v", got, tc.in)
			}
		})
	}
}
