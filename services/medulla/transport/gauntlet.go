package transport

import (
	"context"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/wire"
)

// Promote implements MedullaServiceServer.
func (s *Server) Promote(ctx context.Context, req *medullav1.PromoteRequest) (*medullav1.PromoteResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("brain", req.GetBrain()), required("slug", req.GetSlug())); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.svc.Promote(ctx, c, domain.PromoteInput{Brain: req.GetBrain(), Slug: req.GetSlug(), Reason: req.GetReason()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.PromoteResponse{Claim: s.claim(res.Claim), AlreadyPromoted: res.AlreadyPromoted,
		Reanchored: int32(res.Reanchored), Unverifiable: int32(res.Unverifiable), Note: res.Note}
	if !res.AlreadyPromoted {
		out.Receipt = wire.Commit(res.Receipt)
	}
	return out, nil
}

// Consolidate implements MedullaServiceServer.
func (s *Server) Consolidate(ctx context.Context, req *medullav1.ConsolidateRequest) (*medullav1.ConsolidateResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.svc.Consolidate(ctx, c, domain.ConsolidateInput{Sources: req.GetSources(), Slug: req.GetSlug(), Summary: req.GetSummary(), RaiseConfidenceTo: req.GetRaiseConfidenceTo()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.ConsolidateResponse{Claim: s.claim(res.Claim), Receipt: wire.Commit(res.Receipt), ConfidenceCap: res.Cap}
	for _, src := range res.Sources {
		out.Sources = append(out.Sources, s.claim(src))
	}
	return out, nil
}

// Learn implements MedullaServiceServer.
func (s *Server) Learn(ctx context.Context, req *medullav1.LearnRequest) (*medullav1.LearnResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("brain", req.GetBrain()), required("slug", req.GetSlug())); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	fb, ok := wire.FeedbackFromProto(req.GetFeedback())
	if !ok {
		return nil, s.toStatus(ctx, invalid("feedback", "feedback must be FEEDBACK_NOT_WRONG or FEEDBACK_WRONG"))
	}
	res, err := s.svc.Learn(ctx, c, domain.LearnInput{Brain: req.GetBrain(), Slug: req.GetSlug(), Feedback: fb, Note: req.GetNote()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.LearnResponse{Counted: res.Counted, ReuseCount: res.Reuse, WrongCount: res.Wrong, Note: res.Note}
	if res.Counted {
		out.Receipt = wire.Commit(res.Receipt)
	}
	return out, nil
}

// Portfolio implements MedullaServiceServer.
func (s *Server) Portfolio(ctx context.Context, _ *medullav1.PortfolioRequest) (*medullav1.PortfolioResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.svc.Portfolio(ctx, c)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.PortfolioResponse{IsolatedCount: int32(res.IsolatedCount), MedullaLive: res.MedullaLive, Note: res.Note}
	for _, r := range res.Rows {
		out.Rows = append(out.Rows, wire.PortfolioRow(r))
	}
	return out, nil
}

// PeerDoctrine implements MedullaServiceServer.
func (s *Server) PeerDoctrine(ctx context.Context, req *medullav1.PeerDoctrineRequest) (*medullav1.PeerDoctrineResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	after, size, err := page(req.GetPage())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	cls, next, excluded, err := s.svc.PeerDoctrine(ctx, c, after, size)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.PeerDoctrineResponse{ExcludedCount: int32(excluded), Page: nextToken(next, size, size)}
	for _, cl := range cls {
		out.Claims = append(out.Claims, s.claim(cl))
	}
	return out, nil
}

// FollowPeer implements MedullaServiceServer.
func (s *Server) FollowPeer(ctx context.Context, req *medullav1.FollowPeerRequest) (*medullav1.FollowPeerResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("name", req.GetName()), required("addr", req.GetAddr()), required("credential", req.GetCredential())); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	p, created, err := s.svc.FollowPeer(ctx, c, req.GetName(), req.GetAddr(), req.GetCredential())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.FollowPeerResponse{Peer: wire.Peer(p), Created: created}, nil
}

// ListPeers implements MedullaServiceServer.
func (s *Server) ListPeers(ctx context.Context, req *medullav1.ListPeersRequest) (*medullav1.ListPeersResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	after, size, err := namePage(req.GetPage(), "peer", domain.ValidBrainName)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	ps, next, err := s.svc.ListPeers(ctx, c, after, size)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.ListPeersResponse{Page: nextName("peer", next)}
	for _, p := range ps {
		out.Peers = append(out.Peers, wire.Peer(p))
	}
	return out, nil
}

// SyncPeer implements MedullaServiceServer.
func (s *Server) SyncPeer(ctx context.Context, req *medullav1.SyncPeerRequest) (*medullav1.SyncPeerResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("name", req.GetName()); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.svc.SyncPeer(ctx, c, req.GetName())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.SyncPeerResponse{Fetched: int32(res.Fetched), Added: int32(res.Added), Refused: int32(res.Refused), Note: res.Note, Peer: wire.Peer(res.Peer)}, nil
}

// UnfollowPeer implements MedullaServiceServer.
func (s *Server) UnfollowPeer(ctx context.Context, req *medullav1.UnfollowPeerRequest) (*medullav1.UnfollowPeerResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("name", req.GetName()); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	kept, err := s.svc.UnfollowPeer(ctx, c, req.GetName())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.UnfollowPeerResponse{Name: req.GetName(), ForeignClaimsKept: kept}, nil
}

// ListForeign implements MedullaServiceServer.
func (s *Server) ListForeign(ctx context.Context, req *medullav1.ListForeignRequest) (*medullav1.ListForeignResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	after, size, err := page(req.GetPage())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	fs, next, err := s.svc.ListForeign(ctx, c, req.GetPeer(), req.GetIncludeAdopted(), after, size)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.ListForeignResponse{Page: nextToken(next, size, size)}
	for _, f := range fs {
		out.Claims = append(out.Claims, s.foreign(f))
	}
	return out, nil
}

// Adopt implements MedullaServiceServer.
func (s *Server) Adopt(ctx context.Context, req *medullav1.AdoptRequest) (*medullav1.AdoptResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("foreign_id", req.GetForeignId()); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.svc.Adopt(ctx, c, domain.AdoptInput{ForeignID: req.GetForeignId(), Brain: req.GetBrain(), Slug: req.GetSlug()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.AdoptResponse{Claim: s.claim(res.Claim), Receipt: wire.Adoption(res.Adoption, &res.Commit)}, nil
}
