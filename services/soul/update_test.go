package soul_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// memoryReceipt is the commit receipt the registry answers Memorize with, every part set, so a
// test sees that soul hands medulla's receipt back whole.
func memoryReceipt(brain, slug string) *commonv1.CommitReceipt {
	at := timestamppb.New(t0.Add(time.Minute))
	agent := &commonv1.AgentRef{AgentId: "agent-7", Seat: "curator", Brain: brain, Origin: commonv1.Origin_ORIGIN_AGENT}
	return &commonv1.CommitReceipt{
		ReceiptId: "rcpt_" + slug, Brain: brain,
		Proposal:           &commonv1.Proposal{ProposalId: "prop_" + slug, Brain: brain, Effect: "memorize", Subject: slug, ProposedBy: agent, ProposedAt: at},
		Review:             &commonv1.Review{ProposalId: "prop_" + slug, Decision: commonv1.Decision_DECISION_COMMIT, Gates: []string{"hygiene", "downgrade"}, ReviewedAt: at},
		StoreVersionBefore: 4, StoreVersionAfter: 5,
		Details: map[string]string{"slug": slug, "version": "1"},
		By:      agent, At: at, Verse: commonv1.Verse_VERSE_INTERNAL,
	}
}

func TestUpdateSoulClaimGoesThroughTheSink(t *testing.T) {
	f := newFixture(t)
	resp, err := f.agent.UpdateSoulClaim(ctx(), &soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "The cart moved to `src/main.go`.", Slug: "cart-home", Confidence: 0.8})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetSoulSource() != "docs/PATHOS.md#Current State" || resp.GetSlug() != "cart-home" || resp.GetVersion() != 1 {
		t.Errorf("got %v, want cart-home v1 from docs/PATHOS.md#Current State", resp)
	}
	if want := memoryReceipt("loja", "cart-home"); !proto.Equal(resp.GetReceipt(), want) {
		t.Errorf("receipt: got %v, want medulla's receipt whole: %v", resp.GetReceipt(), want)
	}
	writes := f.registry.written()
	if len(writes) != 1 {
		t.Fatalf("memorize calls: got %d, want 1", len(writes))
	}
	w := writes[0]
	checks := []struct {
		name      string
		got, want any
	}{
		{"kind", w.req.GetKind(), medullav1.ClaimKind_CLAIM_KIND_FACT},
		{"soul source", w.req.GetSoulSource(), "docs/PATHOS.md#Current State"},
		{"brain", w.req.GetBrain(), "loja"},
		{"body", w.req.GetBody(), "The cart moved to `src/main.go`."},
		{"confidence", w.req.GetConfidence(), 0.8},
		{"caller medulla saw", w.caller, "agent-7"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("memorize %s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestUpdateSoulClaimRefusals(t *testing.T) {
	secret := "disk full at /srv/organism/medulla.db"
	tests := []struct {
		name       string
		client     func(f *fixture) soulv1.SoulServiceClient
		req        *soulv1.UpdateSoulClaimRequest
		medulla    error
		wantCode   codes.Code
		wantReason string
		wantFields []string
		wantWrites int
	}{
		{"foreign brain", func(f *fixture) soulv1.SoulServiceClient { return f.agentIn("agent-9", "other") },
			&soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "x"}, nil, codes.PermissionDenied, "FOREIGN_BRAIN", nil, 0},
		{"bad input", func(f *fixture) soulv1.SoulServiceClient { return f.agent },
			&soulv1.UpdateSoulClaimRequest{Brain: "loja", Confidence: 2, ExpectedVersion: -1}, nil, codes.InvalidArgument, "INVALID_ARGUMENT", []string{"section", "body", "confidence", "expected_version"}, 0},
		{"unknown brain", func(f *fixture) soulv1.SoulServiceClient { return f.owner },
			&soulv1.UpdateSoulClaimRequest{Brain: "nobody", Section: "Current State", Body: "x"}, nil, codes.NotFound, "BRAIN_NOT_FOUND", nil, 0},
		{"medulla's own refusal passes through", func(f *fixture) soulv1.SoulServiceClient { return f.agent },
			&soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "x", ExpectedVersion: 3},
			rpcstatus.New(codes.FailedPrecondition, "medulla.organism", "WOULD_DOWNGRADE", "claim is verified"), codes.FailedPrecondition, "WOULD_DOWNGRADE", nil, 1},
		{"medulla unreachable", func(f *fixture) soulv1.SoulServiceClient { return f.agent },
			&soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "x"},
			status.Error(codes.Unavailable, "connection refused"), codes.Unavailable, "MEDULLA_SINK_UNAVAILABLE", nil, 1},
		{"medulla failing inside is a bare internal", func(f *fixture) soulv1.SoulServiceClient { return f.agent },
			&soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "x"},
			status.Error(codes.Internal, secret), codes.Internal, "INTERNAL", nil, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.registry.refuse = tc.medulla
			_, err := tc.client(f).UpdateSoulClaim(ctx(), tc.req)
			code, reason, fields := refusalOf(t, err)
			if code != tc.wantCode || reason != tc.wantReason {
				t.Errorf("got %v/%s, want %v/%s (%v)", code, reason, tc.wantCode, tc.wantReason, err)
			}
			for _, want := range tc.wantFields {
				if !slices.Contains(fields, want) {
					t.Errorf("field violations: got %v, want %s among them", fields, want)
				}
			}
			if strings.Contains(status.Convert(err).Message(), "/srv/organism") {
				t.Errorf("message: got %q, want nothing of medulla's internals", status.Convert(err).Message())
			}
			if n := len(f.registry.written()); n != tc.wantWrites {
				t.Errorf("memorize calls: got %d, want %d", n, tc.wantWrites)
			}
		})
	}
}
