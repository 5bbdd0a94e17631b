package transport

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/soul/domain"
)

// PeerRefusal carries a peer's typed refusal through the domain unchanged, so the caller sees the
// reason the peer gave (FOREIGN_BRAIN, WOULD_DOWNGRADE, ...) rather than a generic failure.
type PeerRefusal struct{ Status error }

func (p *PeerRefusal) Error() string { return "peer refused: " + p.Status.Error() }

// Medulla adapts medulla's generated client to the domain's Brains and Sink.
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
		return domain.Brain{}, domain.ErrPeerUnavailable
	}
	resp, err := m.Client.GetBrain(ctx, &medullav1.GetBrainRequest{Name: name})
	if err != nil {
		return domain.Brain{}, peerError(err, domain.ErrPeerUnavailable)
	}
	b := resp.GetBrain()
	return domain.Brain{Name: b.GetName(), RepoRoot: b.GetRepoRoot(), SoulPath: b.GetSoulPath()}, nil
}

// MemorizeSoulClaim writes through medulla.Memorize with the Soul-Source provenance.
func (m Medulla) MemorizeSoulClaim(ctx context.Context, w domain.SoulClaimWrite) (domain.SinkResult, error) {
	if m.Client == nil {
		return domain.SinkResult{}, domain.ErrSinkUnavailable
	}
	resp, err := m.Client.Memorize(ctx, &medullav1.MemorizeRequest{Brain: w.Brain, Slug: w.Slug, Kind: medullav1.ClaimKind_CLAIM_KIND_FACT,
		Body: w.Body, Confidence: w.Confidence, SoulSource: w.SoulSource, ExpectedVersion: w.ExpectedVersion})
	if err != nil {
		return domain.SinkResult{}, peerError(err, domain.ErrSinkUnavailable)
	}
	return domain.SinkResult{Slug: resp.GetClaim().GetSlug(), Version: resp.GetClaim().GetVersion(), Receipt: resp.GetReceipt()}, nil
}

// peerError turns a peer failure into a domain error: unreachable is unavailable, not found is
// ErrBrainNotFound, and any other typed refusal passes through as the peer's own.
func peerError(err error, unavailable error) error {
	st, ok := status.FromError(err)
	if !ok {
		return errors.Join(unavailable, err)
	}
	switch st.Code() {
	case codes.Unavailable, codes.Unimplemented, codes.DeadlineExceeded:
		return errors.Join(unavailable, err)
	case codes.NotFound:
		if unavailable == domain.ErrPeerUnavailable {
			return domain.ErrBrainNotFound
		}
	case codes.Internal, codes.Unknown:
		return err
	}
	return &PeerRefusal{Status: st.Err()}
}
