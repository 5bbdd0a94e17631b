// Package peers adapts the generated clients of other organs to the ports the mission domain
// owns: one adapter per organ, named after it and built with New<Organ>(client). Conversion
// is package wire's; what a peer's answer means to the domain is decided here (see
// domain/ports.go).
package peers

import (
	"context"
	"fmt"
	"time"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

// Medulla implements domain.Brains and domain.Memory over medulla's gRPC client.
type Medulla struct {
	client medullav1.MedullaServiceClient
	// DebriefTimeout bounds one memorize call of the debrief; default 10s.
	DebriefTimeout time.Duration
}

// NewMedulla returns the adapter over client. Its connection should carry the mission
// service's own credential as the fallback, so debriefs are written as the mission service.
func NewMedulla(client medullav1.MedullaServiceClient) *Medulla { return &Medulla{client: client} }

var (
	_ domain.Brains = (*Medulla)(nil)
	_ domain.Memory = (*Medulla)(nil)
)

// Brain looks a brain up; it runs with the caller's own credential.
func (m *Medulla) Brain(ctx context.Context, name string) (domain.Brain, error) {
	resp, err := m.client.GetBrain(ctx, &medullav1.GetBrainRequest{Name: name})
	if err != nil {
		if status.Code(err) == codes.NotFound {
			return domain.Brain{}, domain.ErrNoBrain
		}
		return domain.Brain{}, answer("medulla GetBrain "+name, err)
	}
	return wire.BrainFromMedulla(resp.GetBrain()), nil
}

// BumpStoreVersion advances the store version with the owner's own credential, so medulla
// applies its human-origin gate to the real stamp.
func (m *Medulla) BumpStoreVersion(ctx context.Context, b domain.Bump) (domain.Receipt, error) {
	resp, err := m.client.BumpStoreVersion(ctx, wire.BumpToMedulla(b))
	if err != nil {
		if rpcstatus.ReasonOf(err) == "STORE_VERSION_MISMATCH" {
			return domain.Receipt{}, domain.ErrStoreVersion
		}
		return domain.Receipt{}, answer("medulla BumpStoreVersion "+b.Brain, err)
	}
	return wire.ReceiptFromMedulla(resp.GetReceipt()), nil
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
	resp, err := m.client.Memorize(own, wire.DebriefToMedulla(brain, slug, body, evidence))
	if err != nil {
		switch status.Code(err) {
		case codes.InvalidArgument, codes.FailedPrecondition, codes.PermissionDenied:
			return "", fmt.Errorf("medulla Memorize %s/%s: %w: %v", brain, slug, domain.ErrMemoryRefused, err)
		}
		return "", fmt.Errorf("medulla Memorize %s/%s: %v", brain, slug, err)
	}
	return resp.GetClaim().GetSlug(), nil
}

// answer is how a peer's failure reaches the domain. A typed refusal of the caller's own
// request (medulla judging the credential it was handed) passes unchanged, so the caller sees
// it as medulla gave it; anything else (unreachable, internal, a status without a reason)
// becomes a plain error, which transport logs and answers as a bare Internal.
func answer(op string, err error) error {
	return answerFrom(domain.ReasonMedullaUnavailable, "medulla", op, err)
}

// answerFrom is answer for the peer named peer: a peer that cannot be reached or did not answer
// in time (Unavailable, DeadlineExceeded) is the typed refusal unavailable, which transport
// answers as Unavailable naming the organ (never its address, which is only logged), so a
// caller knows to retry.
func answerFrom(unavailable refusal.Reason, peer, op string, err error) error {
	st, ok := status.FromError(err)
	if ok && st.Code() != codes.Internal && rpcstatus.ReasonOf(err) != "" {
		return st.Err()
	}
	if ok && (st.Code() == codes.Unavailable || st.Code() == codes.DeadlineExceeded) {
		return fmt.Errorf("%s: %v: %w", op, err, refusal.New(unavailable, "%s is unavailable; retry later", peer))
	}
	return fmt.Errorf("%s: %v", op, err)
}
