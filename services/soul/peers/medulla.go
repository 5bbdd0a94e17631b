// Package peers adapts the generated clients of other organs to the interfaces the soul domain
// owns. Each call runs with the original caller's credential (the connection carries
// auth.Credentials), so medulla applies its own rules to the real caller.
package peers

import (
	"context"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/refusal"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/wire"
)

// Medulla implements domain.Brains and domain.Sink over medulla's gRPC client. A nil Client is
// a deployment without medulla: every call answers unavailable.
type Medulla struct {
	Client medullav1.MedullaServiceClient
}

var (
	_ domain.Brains = Medulla{}
	_ domain.Sink   = Medulla{}
)

// Brain resolves a brain through medulla.GetBrain.
func (m Medulla) Brain(ctx context.Context, name string) (domain.Brain, error) {
	if m.Client == nil {
		return domain.Brain{}, unavailable()
	}
	resp, err := m.Client.GetBrain(ctx, &medullav1.GetBrainRequest{Name: name})
	if err != nil {
		if status.Code(err) == codes.NotFound {
			return domain.Brain{}, refusal.New(domain.RefuseBrainNotFound, "no such brain")
		}
		return domain.Brain{}, peerError(err, unavailable())
	}
	return wire.BrainFromProto(resp.GetBrain()), nil
}

// MemorizeSoulClaim writes through medulla.Memorize with the Soul-Source provenance.
func (m Medulla) MemorizeSoulClaim(ctx context.Context, w domain.SoulClaimWrite) (domain.SinkResult, error) {
	if m.Client == nil {
		return domain.SinkResult{}, sinkUnavailable()
	}
	resp, err := m.Client.Memorize(ctx, wire.MemorizeRequest(w))
	if err != nil {
		return domain.SinkResult{}, peerError(err, sinkUnavailable())
	}
	return wire.SinkResultFromProto(resp), nil
}

func unavailable() *refusal.Error {
	return refusal.New(domain.RefuseMedullaUnavailable, "medulla is unavailable")
}

func sinkUnavailable() *refusal.Error {
	return refusal.New(domain.RefuseMedullaSinkUnavailable, "medulla's memorize sink is unavailable")
}

// peerError sorts a failed call: medulla out of reach is the given unavailable refusal; a
// failure inside medulla is a plain error (the soul logs it and answers a bare Internal); any
// other status is medulla's own typed refusal (FOREIGN_BRAIN, WOULD_DOWNGRADE, ...) and passes
// through untouched, so the caller sees the reason medulla gave.
func peerError(err error, unavailable *refusal.Error) error {
	st, ok := status.FromError(err)
	if !ok {
		return unavailable
	}
	switch st.Code() {
	case codes.Unavailable, codes.Unimplemented, codes.DeadlineExceeded:
		return unavailable
	case codes.Internal, codes.Unknown:
		return fmt.Errorf("medulla: %s", st.Message())
	}
	return st.Err()
}
