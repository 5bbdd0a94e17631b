// Package peers adapts the generated clients of other organs to the interfaces the mission
// domain owns.
package peers

import (
	"context"
	"fmt"
	"time"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// Medulla implements domain.Brains and domain.Memory over medulla's gRPC client.
type Medulla struct {
	Client medullav1.MedullaServiceClient
	// DebriefTimeout bounds one memorize call of the debrief; default 10s.
	DebriefTimeout time.Duration
}

var (
	_ domain.Brains = (*Medulla)(nil)
	_ domain.Memory = (*Medulla)(nil)
)

// Brain looks a brain up; it runs with the caller's own credential.
func (m *Medulla) Brain(ctx context.Context, name string) (domain.Brain, error) {
	resp, err := m.Client.GetBrain(ctx, &medullav1.GetBrainRequest{Name: name})
	if err != nil {
		if status.Code(err) == codes.NotFound {
			return domain.Brain{}, &domain.Error{Reason: domain.ReasonBrainNotFound, Message: fmt.Sprintf("medulla has no brain %q", name)}
		}
		return domain.Brain{}, fmt.Errorf("medulla GetBrain %s: %w", name, err)
	}
	b := resp.GetBrain()
	return domain.Brain{Name: b.GetName(), RepoRoot: b.GetRepoRoot(), StoreVersion: b.GetStoreVersion()}, nil
}

// BumpStoreVersion advances the store version with the owner's own credential, so medulla
// applies its human-origin gate to the real stamp.
func (m *Medulla) BumpStoreVersion(ctx context.Context, b domain.Bump) (domain.Receipt, error) {
	resp, err := m.Client.BumpStoreVersion(ctx, &medullav1.BumpStoreVersionRequest{
		Brain: b.Brain, ExpectedStoreVersion: b.Expected, Effect: "land", Subject: b.Subject, Details: b.Details})
	if err != nil {
		if rpcstatus.ReasonOf(err) == "STORE_VERSION_MISMATCH" {
			return domain.Receipt{}, domain.ErrStoreVersion
		}
		return domain.Receipt{}, fmt.Errorf("medulla BumpStoreVersion %s: %w", b.Brain, err)
	}
	r := resp.GetReceipt()
	return domain.Receipt{ReceiptID: r.GetReceiptId(), StoreVersionBefore: r.GetStoreVersionBefore(),
		StoreVersionAfter: r.GetStoreVersionAfter(), At: r.GetAt().AsTime(), Details: r.GetDetails()}, nil
}

// MemorizeProcess writes a debrief through medulla's door as the mission service itself: the
// request's identity is dropped (the trace is kept) so the connection's own service credential
// applies, the same whether the debrief runs inside a request or on a later retry.
func (m *Medulla) MemorizeProcess(ctx context.Context, brain, slug, body string, evidence []domain.Evidence) (string, error) {
	timeout := m.DebriefTimeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	own, cancel := context.WithTimeout(trace.ContextWithSpanContext(context.Background(), trace.SpanContextFromContext(ctx)), timeout)
	defer cancel()
	req := &medullav1.MemorizeRequest{Brain: brain, Slug: slug, Kind: medullav1.ClaimKind_CLAIM_KIND_PROCESS, Body: body, Confidence: 0.5}
	for _, e := range evidence {
		a := &medullav1.EvidenceAnchor{Ref: e.Ref}
		switch e.Kind {
		case domain.EvidenceCommit:
			a.Kind = medullav1.EvidenceKind_EVIDENCE_KIND_COMMIT
		case domain.EvidenceReceipt:
			a.Kind = medullav1.EvidenceKind_EVIDENCE_KIND_RECEIPT
		default:
			continue
		}
		req.Evidence = append(req.Evidence, a)
	}
	resp, err := m.Client.Memorize(own, req)
	if err != nil {
		switch status.Code(err) {
		case codes.InvalidArgument, codes.FailedPrecondition, codes.PermissionDenied:
			return "", fmt.Errorf("medulla Memorize %s/%s: %w: %w", brain, slug, domain.ErrMemoryRefused, err)
		}
		return "", fmt.Errorf("medulla Memorize %s/%s: %w", brain, slug, err)
	}
	return resp.GetClaim().GetSlug(), nil
}
