package transport

import (
	"context"
	"fmt"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

// OpenMission implements missionv1.MissionServiceServer.
func (s *Server) OpenMission(ctx context.Context, req *missionv1.OpenMissionRequest) (*missionv1.OpenMissionResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	if req.GetPacket() == nil {
		v.add("packet", "required")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	m, l, err := s.svc.OpenMission(ctx, a, wire.PacketFromProto(req.GetPacket()), req.GetNote())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.OpenMissionResponse{Mission: s.mission(m), Letter: wire.LetterToProto(l)}, nil
}

func (s *Server) mission(m domain.Mission) *missionv1.Mission {
	return wire.MissionToProto(m, s.svc.Options().Clock.Now())
}

// PostLetter implements missionv1.MissionServiceServer.
func (s *Server) PostLetter(ctx context.Context, req *missionv1.PostLetterRequest) (*missionv1.PostLetterResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.missionID("mission_id", req.GetMissionId())
	if req.GetExpectedHead() < 1 {
		v.add("expected_head", "must be the seq of the head you read (1 or more)")
	}
	if req.GetLetter() == nil {
		v.add("letter", "required")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	l, m, err := s.svc.PostLetter(ctx, a, req.GetMissionId(), req.GetExpectedHead(), wire.LetterFromProto(req.GetLetter()))
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.PostLetterResponse{Letter: wire.LetterToProto(l), Mission: s.mission(m)}, nil
}

// GetMission implements missionv1.MissionServiceServer.
func (s *Server) GetMission(ctx context.Context, req *missionv1.GetMissionRequest) (*missionv1.GetMissionResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.missionID("mission_id", req.GetMissionId())
	if err := v.err(); err != nil {
		return nil, err
	}
	view, err := s.svc.GetMission(ctx, a, req.GetMissionId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &missionv1.GetMissionResponse{Mission: s.mission(view.Mission), Head: wire.LetterToProto(view.Head)}
	if view.Candidate != nil {
		out.Candidate = wire.LetterToProto(*view.Candidate)
	}
	for _, r := range view.Refusals {
		out.Refusals = append(out.Refusals, wire.RefusalToProto(r))
	}
	if t := view.Target; t != nil {
		out.LandingTarget = &missionv1.LandingTarget{TargetBranch: t.Branch, Mode: wire.LandingModeToProto(t.Mode)}
	}
	return out, nil
}

// ListLetters implements missionv1.MissionServiceServer.
func (s *Server) ListLetters(ctx context.Context, req *missionv1.ListLettersRequest) (*missionv1.ListLettersResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.missionID("mission_id", req.GetMissionId())
	if req.GetAfterSeq() < 0 {
		v.add("after_seq", "must not be negative")
	}
	// A larger page_size is capped at domain.MaxPageSize; more says whether the chain goes on.
	if req.GetPageSize() < 0 {
		v.add("page_size", "must not be negative")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	ls, more, err := s.svc.ListLetters(ctx, a, req.GetMissionId(), req.GetAfterSeq(), int(req.GetPageSize()))
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &missionv1.ListLettersResponse{More: more}
	for _, l := range ls {
		out.Letters = append(out.Letters, wire.LetterToProto(l))
	}
	return out, nil
}

// ListMissions implements missionv1.MissionServiceServer.
func (s *Server) ListMissions(ctx context.Context, req *missionv1.ListMissionsRequest) (*missionv1.ListMissionsResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	if b := req.GetBrain(); b != "" && !domain.ValidBrainName(b) {
		v.add("brain", "not a brain name")
	}
	var phases []domain.Phase
	for i, p := range req.GetPhases() {
		d, ok := wire.PhaseFromProto(p)
		if !ok {
			v.add("phases", fmt.Sprintf("entry %d is not a phase", i))
			continue
		}
		phases = append(phases, d)
	}
	if req.GetPage().GetPageSize() < 0 {
		v.add("page.page_size", "must not be negative")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	ms, next, err := s.svc.ListMissions(ctx, a, req.GetBrain(), phases, int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &missionv1.ListMissionsResponse{}
	for _, m := range ms {
		out.Missions = append(out.Missions, s.mission(m))
	}
	if next != "" {
		out.Page = &commonv1.PageResponse{NextPageToken: next}
	}
	return out, nil
}
