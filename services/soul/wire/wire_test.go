package wire_test

import (
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	"github.com/organism-dev/organism/services/soul/wire"
)

// TestMemoryReceiptRoundTrip: medulla's receipt survives the soul's domain unchanged, whichever
// parts medulla filled.
func TestMemoryReceiptRoundTrip(t *testing.T) {
	at := timestamppb.New(time.Date(2026, 7, 6, 9, 1, 0, 0, time.UTC))
	tests := []struct {
		name string
		in   *commonv1.CommitReceipt
	}{
		{"nil", nil},
		{"bare", &commonv1.CommitReceipt{ReceiptId: "r1", Brain: "loja"}},
		{"every part", &commonv1.CommitReceipt{ReceiptId: "r2", Brain: "loja",
			Proposal:           &commonv1.Proposal{ProposalId: "p2", Brain: "loja", Effect: "memorize", Subject: "cart-home", ProposedBy: &commonv1.AgentRef{AgentId: "agent-7", Seat: "curator", Brain: "loja", Origin: commonv1.Origin_ORIGIN_AGENT}, ProposedAt: at},
			Review:             &commonv1.Review{ProposalId: "p2", Decision: commonv1.Decision_DECISION_COMMIT, Gates: []string{"hygiene"}, ReviewedAt: at},
			StoreVersionBefore: 1, StoreVersionAfter: 2, Details: map[string]string{"slug": "cart-home"},
			By: &commonv1.AgentRef{Origin: commonv1.Origin_ORIGIN_HUMAN_CLI}, At: at, Verse: commonv1.Verse_VERSE_LOCAL}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := wire.MemoryReceiptToProto(wire.MemoryReceiptFromProto(tc.in))
			if !proto.Equal(got, tc.in) {
				t.Errorf("round trip: got %v, want %v", got, tc.in)
			}
		})
	}
}

func TestOriginsRoundTrip(t *testing.T) {
	for o := range commonv1.Origin_name {
		in := &commonv1.AgentRef{AgentId: "a", Origin: commonv1.Origin(o)}
		if got := wire.AgentRef(wire.PrincipalOf(in)); !proto.Equal(got, in) {
			t.Errorf("origin %v: got %v, want %v", commonv1.Origin(o), got, in)
		}
	}
}
