package transport

import (
	"context"
	"regexp"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

var (
	skeletonIDPattern = regexp.MustCompile(`^skl_[0-9a-f]{16}$`)
	curationIDPattern = regexp.MustCompile(`^cur_[0-9a-f]{16}$`)
	// revPattern admits branch names, tags, shas and rev suffixes; never an option.
	revPattern = regexp.MustCompile(`^[0-9A-Za-z_./~^@{}][0-9A-Za-z_./~^@{}-]{0,199}$`)
)

func (v *invalid) brain(b string) {
	if !domain.ValidBrainName(b) {
		v.add("brain", "required: a brain name")
	}
}

func (v *invalid) skeletonID(field, id string, required bool) {
	if (required || id != "") && !skeletonIDPattern.MatchString(id) {
		v.add(field, "must be a skeleton id (skl_ + 16 hex)")
	}
}

func (v *invalid) version(field string, n int64) {
	if n < 0 {
		v.add(field, "must be the store version you read (0 or more)")
	}
}

// ScanSkeleton implements missionv1.MissionServiceServer.
func (s *Server) ScanSkeleton(ctx context.Context, req *missionv1.ScanSkeletonRequest) (*missionv1.ScanSkeletonResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.brain(req.GetBrain())
	if c := req.GetCommit(); c != "" && !revPattern.MatchString(c) {
		v.add("commit", "must be a commit, branch or tag")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	k, rid, err := s.svc.ScanSkeleton(ctx, a, req.GetBrain(), req.GetCommit())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.ScanSkeletonResponse{Skeleton: wire.SkeletonToProto(k), ReceiptId: rid}, nil
}

// GetSkeleton implements missionv1.MissionServiceServer.
func (s *Server) GetSkeleton(ctx context.Context, req *missionv1.GetSkeletonRequest) (*missionv1.GetSkeletonResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.brain(req.GetBrain())
	v.skeletonID("skeleton_id", req.GetSkeletonId(), false)
	if err := v.err(); err != nil {
		return nil, err
	}
	k, err := s.svc.GetSkeleton(ctx, a, req.GetBrain(), req.GetSkeletonId(), req.GetRatified())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.GetSkeletonResponse{Skeleton: wire.SkeletonToProto(k)}, nil
}

// ListSkeletons implements missionv1.MissionServiceServer.
func (s *Server) ListSkeletons(ctx context.Context, req *missionv1.ListSkeletonsRequest) (*missionv1.ListSkeletonsResponse, error) {
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
	ks, next, err := s.svc.ListSkeletons(ctx, a, req.GetBrain(), int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &missionv1.ListSkeletonsResponse{Page: &commonv1.PageResponse{NextPageToken: next}}
	for _, k := range ks {
		out.Skeletons = append(out.Skeletons, wire.SkeletonToProto(k))
	}
	return out, nil
}

// EditCandidate implements missionv1.MissionServiceServer.
func (s *Server) EditCandidate(ctx context.Context, req *missionv1.EditCandidateRequest) (*missionv1.EditCandidateResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.brain(req.GetBrain())
	v.version("expected_store_version", req.GetExpectedStoreVersion())
	if n := len(req.GetOps()); n == 0 || n > domain.MaxOps {
		v.add("ops", "must hold 1 to 500 ops")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	ops := make([]domain.Op, len(req.GetOps()))
	for i, o := range req.GetOps() {
		ops[i] = wire.OpFromProto(o)
	}
	k, rid, err := s.svc.EditCandidate(ctx, a, req.GetBrain(), req.GetExpectedStoreVersion(), ops)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.EditCandidateResponse{Skeleton: wire.SkeletonToProto(k), ReceiptId: rid}, nil
}

// DiscardCandidate implements missionv1.MissionServiceServer.
func (s *Server) DiscardCandidate(ctx context.Context, req *missionv1.DiscardCandidateRequest) (*missionv1.DiscardCandidateResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.brain(req.GetBrain())
	v.skeletonID("skeleton_id", req.GetSkeletonId(), true)
	v.version("expected_store_version", req.GetExpectedStoreVersion())
	if err := v.err(); err != nil {
		return nil, err
	}
	k, rid, err := s.svc.DiscardCandidate(ctx, a, req.GetBrain(), req.GetSkeletonId(), req.GetExpectedStoreVersion())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.DiscardCandidateResponse{Skeleton: wire.SkeletonToProto(k), ReceiptId: rid}, nil
}

// RatifySkeleton implements missionv1.MissionServiceServer.
func (s *Server) RatifySkeleton(ctx context.Context, req *missionv1.RatifySkeletonRequest) (*missionv1.RatifySkeletonResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.brain(req.GetBrain())
	v.skeletonID("skeleton_id", req.GetSkeletonId(), true)
	v.version("expected_store_version", req.GetExpectedStoreVersion())
	if err := v.err(); err != nil {
		return nil, err
	}
	k, rid, err := s.svc.RatifySkeleton(ctx, a, req.GetBrain(), req.GetSkeletonId(), req.GetExpectedStoreVersion())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.RatifySkeletonResponse{Skeleton: wire.SkeletonToProto(k), ReceiptId: rid}, nil
}
