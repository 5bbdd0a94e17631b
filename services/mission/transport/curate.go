package transport

import (
	"context"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/wire"
)

// Curate implements missionv1.MissionServiceServer.
func (s *Server) Curate(ctx context.Context, req *missionv1.CurateRequest) (*missionv1.CurateResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.brain(req.GetBrain())
	if r := req.GetRunnerId(); r != "" && !runnerIDPattern.MatchString(r) {
		v.add("runner_id", "not a runner id")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	c, m, err := s.svc.Curate(ctx, a, req.GetBrain(), req.GetLetter(), req.GetRunnerId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.CurateResponse{Curation: wire.CurationToProto(c), Mission: s.mission(m)}, nil
}

// ClaimCuration implements missionv1.MissionServiceServer.
func (s *Server) ClaimCuration(ctx context.Context, req *missionv1.ClaimCurationRequest) (*missionv1.ClaimCurationResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	if req.GetWait() != nil {
		if err := req.GetWait().CheckValid(); err != nil || req.GetWait().AsDuration() < 0 {
			v.add("wait", "must be a non-negative duration")
		}
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	w, ok, err := s.svc.ClaimCuration(ctx, a, req.GetWait().AsDuration())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	if !ok {
		return &missionv1.ClaimCurationResponse{}, nil
	}
	return &missionv1.ClaimCurationResponse{Work: wire.CurationWorkToProto(w)}, nil
}

// SubmitCuration implements missionv1.MissionServiceServer.
func (s *Server) SubmitCuration(ctx context.Context, req *missionv1.SubmitCurationRequest) (*missionv1.SubmitCurationResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	if !curationIDPattern.MatchString(req.GetCurationId()) {
		v.add("curation_id", "must be a curation id (cur_ + 16 hex)")
	}
	if !leaseIDPattern.MatchString(req.GetLeaseId()) {
		v.add("lease_id", "must be a lease id (lse_ + 16 hex)")
	}
	if len(req.GetProposal()) > 0 && req.GetFailure() != "" {
		v.add("failure", "send a proposal or a failure, not both")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	c, l, err := s.svc.SubmitCuration(ctx, a, req.GetCurationId(), req.GetLeaseId(), req.GetProposal(), req.GetFailure())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.SubmitCurationResponse{Curation: wire.CurationToProto(c), Letter: wire.LetterToProto(l)}, nil
}

// GetCuration implements missionv1.MissionServiceServer.
func (s *Server) GetCuration(ctx context.Context, req *missionv1.GetCurationRequest) (*missionv1.GetCurationResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	if !curationIDPattern.MatchString(req.GetCurationId()) {
		v.add("curation_id", "must be a curation id (cur_ + 16 hex)")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	c, err := s.svc.GetCuration(ctx, a, req.GetCurationId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.GetCurationResponse{Curation: wire.CurationToProto(c)}, nil
}

// ListCurations implements missionv1.MissionServiceServer.
func (s *Server) ListCurations(ctx context.Context, req *missionv1.ListCurationsRequest) (*missionv1.ListCurationsResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.brain(req.GetBrain())
	if req.GetPage().GetPageSize() < 0 {
		v.add("page.page_size", "must not be negative")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	cs, next, err := s.svc.ListCurations(ctx, a, req.GetBrain(), int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &missionv1.ListCurationsResponse{Page: page(next)}
	for _, c := range cs {
		out.Curations = append(out.Curations, wire.CurationToProto(c))
	}
	return out, nil
}
