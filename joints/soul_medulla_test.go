package joints

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// TestSoulResolvesBrainsInMedulla: soul owns no brain registry; where a brain's repository and
// soul live is what medulla says, asked with the caller's own credential.
func TestSoulResolvesBrainsInMedulla(t *testing.T) {
	f := newSoulFixture(t)
	f.register("gone", filepath.Join(t.TempDir(), "vanished"), "PATHOS.md")
	other := f.agentIn("agent-9", "other")
	tests := []struct {
		name       string
		client     soulv1.SoulServiceClient
		brain      string
		wantCode   codes.Code
		wantReason string
	}{
		{"agent in its own brain", f.agent, "loja", codes.OK, ""},
		{"owner names the brain", f.owner, "loja", codes.OK, ""},
		{"brain medulla does not know", f.owner, "nobody", codes.NotFound, "BRAIN_NOT_FOUND"},
		{"repository medulla names is gone", f.owner, "gone", codes.FailedPrecondition, "REPO_NOT_FOUND"},
		{"agent in a foreign brain", other, "loja", codes.PermissionDenied, "FOREIGN_BRAIN"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := tc.client.CheckSoul(context.Background(), &soulv1.CheckSoulRequest{Brain: tc.brain})
			if tc.wantCode == codes.OK {
				if err != nil {
					t.Fatalf("got %v, want a report", err)
				}
				if got := resp.GetReport().GetSoulPath(); got != "docs/PATHOS.md" {
					t.Errorf("soul path: got %q, want docs/PATHOS.md, the path medulla registered", got)
				}
				if got := resp.GetReport().GetByState().GetVerifiedFresh(); got != 2 {
					t.Errorf("fresh: got %d, want 2", got)
				}
				return
			}
			code, reason, _ := soulRefusalOf(t, err)
			if code != tc.wantCode || reason != tc.wantReason {
				t.Errorf("got %v/%s, want %v/%s (%v)", code, reason, tc.wantCode, tc.wantReason, err)
			}
		})
	}
}

// TestSoulUpdateClaimWritesThroughMemorize: a soul claim becomes memory only through medulla's
// door (SOUL-INV-8), recorded there with its Soul-Source and the real author, and medulla's own
// refusals reach the caller as medulla gave them.
func TestSoulUpdateClaimWritesThroughMemorize(t *testing.T) {
	f := newSoulFixture(t)
	resp, err := f.agent.UpdateSoulClaim(context.Background(), &soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "The cart moved to `src/main.go`.", Slug: "cart-home", Confidence: 0.8})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetSoulSource() != "docs/PATHOS.md#Current State" || resp.GetSlug() != "cart-home" || resp.GetVersion() != 1 {
		t.Errorf("got %v, want cart-home v1 from docs/PATHOS.md#Current State", resp)
	}
	if r := resp.GetReceipt(); r.GetReceiptId() == "" || r.GetBrain() != "loja" || r.GetBy().GetAgentId() != "agent-7" {
		t.Errorf("receipt: got %v, want medulla's commit receipt for loja by agent-7", r)
	}
	claim, err := f.medulla.GetClaim(context.Background(), &medullav1.GetClaimRequest{Brain: "loja", Slug: "cart-home"})
	if err != nil {
		t.Fatal(err)
	}
	prov := claim.GetClaim().GetProvenance()
	if prov.GetSoulSource() != "docs/PATHOS.md#Current State" || prov.GetSourceAgent() != "agent-7" {
		t.Errorf("provenance: got %v, want Soul-Source docs/PATHOS.md#Current State by agent-7", prov)
	}

	tests := []struct {
		name       string
		req        *soulv1.UpdateSoulClaimRequest
		wantReason string
		wantField  string
	}{
		{"stale expected version", &soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "The cart moved again.", Slug: "cart-home", ExpectedVersion: 7},
			"VERSION_MISMATCH", "expected_version"},
		{"a secret in the body", &soulv1.UpdateSoulClaimRequest{Brain: "loja", Section: "Current State", Body: "deploy key AKIAIOSFODNN7EXAMPLE", Slug: "deploy-key"},
			"SECRET_DETECTED", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.agent.UpdateSoulClaim(context.Background(), tc.req)
			_, reason, fields := soulRefusalOf(t, err)
			if reason != tc.wantReason || (tc.wantField != "" && !slices.Contains(fields, tc.wantField)) {
				t.Errorf("got %s %v, want medulla's %s (%v)", reason, fields, tc.wantReason, err)
			}
			if d := errorInfoDomain(err); d != "medulla.organism" {
				t.Errorf("ErrorInfo domain: got %q, want medulla.organism (the refusal passes through)", d)
			}
		})
	}
	after, err := f.medulla.GetClaim(context.Background(), &medullav1.GetClaimRequest{Brain: "loja", Slug: "cart-home"})
	if err != nil {
		t.Fatal(err)
	}
	if got := after.GetClaim().GetVersion(); got != 1 {
		t.Errorf("cart-home after refused writes: got version %d, want 1 (a refusal changes nothing)", got)
	}
}

func errorInfoDomain(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetDomain()
		}
	}
	return ""
}
