package gateway

import (
	"fmt"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
)

// benchListBrains is the joints benchmark's ListBrains answer: eleven brains.
func benchListBrains() *medullav1.ListBrainsResponse {
	t0 := time.Date(2026, 6, 12, 9, 30, 0, 123456000, time.UTC)
	r := &medullav1.ListBrainsResponse{Page: &commonv1.PageResponse{}}
	for i := 0; i < 11; i++ {
		r.Brains = append(r.Brains, &medullav1.Brain{
			Name: fmt.Sprintf("brain-%d", i), RepoRoot: "/srv/repos/loja", SoulPath: "docs/PATHOS.md",
			Policy: medullav1.FederationPolicy_FEDERATION_POLICY_OWNER_PERSONAL, Reserved: i == 0, StoreVersion: int64(40 + i),
			CreatedAt: timestamppb.New(t0), UpdatedAt: timestamppb.New(t0.Add(time.Duration(i) * time.Minute)),
		})
	}
	return r
}

// benchRecall is a Recall answer of twenty hits, as the joints benchmark's query finds.
func benchRecall() *medullav1.RecallResponse {
	t0 := time.Date(2026, 6, 12, 9, 30, 0, 0, time.UTC)
	r := &medullav1.RecallResponse{LiveClaims: 50, Note: "20 of 50 live claims", SearchedBrains: []string{"loja", "medulla"}}
	for i := 0; i < 20; i++ {
		r.Hits = append(r.Hits, &medullav1.RecallHit{TierLabel: "project:loja", Score: 3.25 / float64(i+1), Claim: &medullav1.Claim{
			Brain: "loja", Slug: fmt.Sprintf("fact-%02d", i), Version: 1, Kind: medullav1.ClaimKind_CLAIM_KIND_FACT,
			Body:       fmt.Sprintf("Writer %d races on head %d and the compare-and-swap refuses the loser.", i, i),
			Confidence: 0.7, State: medullav1.ClaimState_CLAIM_STATE_AUTHORED, Tier: medullav1.Tier_TIER_PROJECT,
			WrittenAt: timestamppb.New(t0.Add(time.Duration(i) * time.Second)), ReceiptId: fmt.Sprintf("rcpt_%016x", i),
		}})
	}
	return r
}

// BenchmarkJSONEncoder writes the same answers with protojson (the baseline, what the gateway
// used) and with the plan-compiled encoder; the ours sub-benchmark reports its ratio to protojson.
func BenchmarkJSONEncoder(b *testing.B) {
	for _, c := range []struct {
		name string
		msg  proto.Message
	}{{"ListBrains11", benchListBrains()}, {"Recall20", benchRecall()}} {
		var baseline float64
		b.Run(c.name+"/protojson", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := wireJSON.Marshal(c.msg); err != nil {
					b.Fatal(err)
				}
			}
			baseline = float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		})
		b.Run(c.name+"/ours", func(b *testing.B) {
			b.ReportAllocs()
			enc := &jsonEncoder{}
			for b.Loop() {
				if _, err := enc.Marshal(c.msg); err != nil {
					b.Fatal(err)
				}
			}
			if ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N); baseline > 0 {
				b.ReportMetric(ns/baseline, "ours/protojson")
			}
		})
	}
}
