package transport

import (
	"context"
	"errors"
	"io"
	"regexp"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/refusal"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

// logChunk is the size GetLog streams in.
const logChunk = 256 << 10

// SpawnMission implements missionv1.MissionServiceServer.
func (s *Server) SpawnMission(ctx context.Context, req *missionv1.SpawnMissionRequest) (*missionv1.SpawnMissionResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.missionID("mission_id", req.GetMissionId())
	if id := req.GetRunnerId(); id != "" && !runnerIDPattern.MatchString(id) {
		v.add("runner_id", "must be a runner id (lowercase letters, digits, . _ -; at most 64)")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	m, err := s.svc.SpawnMission(ctx, a, req.GetMissionId(), req.GetRunnerId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.SpawnMissionResponse{Mission: s.mission(m)}, nil
}

// ClaimWork implements missionv1.MissionServiceServer.
func (s *Server) ClaimWork(ctx context.Context, req *missionv1.ClaimWorkRequest) (*missionv1.ClaimWorkResponse, error) {
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
	w, ok, err := s.svc.ClaimWork(ctx, a, req.GetWait().AsDuration())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	if !ok {
		return &missionv1.ClaimWorkResponse{}, nil
	}
	return &missionv1.ClaimWorkResponse{Work: wire.WorkToProto(w, s.svc.Options().Clock.Now())}, nil
}

// RenewLease implements missionv1.MissionServiceServer.
func (s *Server) RenewLease(ctx context.Context, req *missionv1.RenewLeaseRequest) (*missionv1.RenewLeaseResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	if !leaseIDPattern.MatchString(req.GetLeaseId()) {
		v.add("lease_id", "must be a lease id (lse_ + 16 hex)")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	l, err := s.svc.RenewLease(ctx, a, req.GetLeaseId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.RenewLeaseResponse{Lease: wire.LeaseToProto(l)}, nil
}

// PutLog implements missionv1.MissionServiceServer. It reads at most the configured log size
// plus one byte, so an oversized upload is refused without being buffered whole.
func (s *Server) PutLog(stream grpc.ClientStreamingServer[missionv1.PutLogRequest, missionv1.PutLogResponse]) error {
	ctx := stream.Context()
	a, err := caller(ctx)
	if err != nil {
		return err
	}
	limit := s.svc.Options().MaxLogBytes
	var missionID string
	var buf []byte
	first := true
	for {
		msg, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if first {
			missionID, first = msg.GetMissionId(), false
			var v invalid
			v.missionID("mission_id", missionID)
			if err := v.err(); err != nil {
				return err
			}
		} else if id := msg.GetMissionId(); id != "" && id != missionID {
			var v invalid
			v.add("mission_id", "every chunk names the same mission as the first")
			return v.err()
		}
		if int64(len(buf)+len(msg.GetChunk())) > limit {
			return s.toStatus(ctx, refusal.New(domain.ReasonLogTooLarge, "log exceeds the configured maximum of %d bytes", limit))
		}
		buf = append(buf, msg.GetChunk()...)
	}
	if first {
		var v invalid
		v.add("mission_id", "required on the first chunk")
		return v.err()
	}
	sha, err := s.svc.PutLog(ctx, a, missionID, buf)
	if err != nil {
		return s.toStatus(ctx, err)
	}
	return stream.SendAndClose(&missionv1.PutLogResponse{LogSha256: sha, Size: int64(len(buf))})
}

// GetLog implements missionv1.MissionServiceServer.
func (s *Server) GetLog(req *missionv1.GetLogRequest, stream grpc.ServerStreamingServer[missionv1.GetLogResponse]) error {
	ctx := stream.Context()
	a, err := caller(ctx)
	if err != nil {
		return err
	}
	var v invalid
	v.missionID("mission_id", req.GetMissionId())
	if !shaPattern.MatchString(req.GetLogSha256()) {
		v.add("log_sha256", "must be a lowercase hex sha256")
	}
	if err := v.err(); err != nil {
		return err
	}
	data, err := s.svc.GetLog(ctx, a, req.GetMissionId(), req.GetLogSha256())
	if err != nil {
		return s.toStatus(ctx, err)
	}
	for off := 0; off < len(data) || off == 0; off += logChunk {
		end := min(off+logChunk, len(data))
		if err := stream.Send(&missionv1.GetLogResponse{Chunk: data[off:end]}); err != nil {
			return err
		}
		if end == len(data) {
			break
		}
	}
	return nil
}

// ImportReceipt implements missionv1.MissionServiceServer.
func (s *Server) ImportReceipt(ctx context.Context, req *missionv1.ImportReceiptRequest) (*missionv1.ImportReceiptResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	v.missionID("mission_id", req.GetMissionId())
	if !letterIDPattern.MatchString(req.GetCandidateLetterId()) {
		v.add("candidate_letter_id", "must be a letter id (ltr_ + 16 hex)")
	}
	if req.GetExpectedStoreVersion() < 0 {
		v.add("expected_store_version", "must not be negative")
	}
	if c := req.GetLandedCommit(); c != "" && !commitPattern.MatchString(c) {
		v.add("landed_commit", "must be a full commit id")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	out, err := s.svc.ImportReceipt(ctx, a, domain.Stamp{MissionID: req.GetMissionId(), CandidateLetterID: req.GetCandidateLetterId(),
		ExpectedStoreVersion: req.GetExpectedStoreVersion(), LandedCommit: req.GetLandedCommit()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.ImportReceiptResponse{Letter: wire.LetterToProto(out.Letter), Mission: s.mission(out.Mission),
		Receipt: wire.ReceiptToProto(out.Receipt)}, nil
}

// commitPattern is a full commit id (SHA-1 or SHA-256).
var commitPattern = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)

// ListReceipts implements missionv1.MissionServiceServer.
func (s *Server) ListReceipts(ctx context.Context, req *missionv1.ListReceiptsRequest) (*missionv1.ListReceiptsResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var v invalid
	if b := req.GetBrain(); b != "" && !domain.ValidBrainName(b) {
		v.add("brain", "not a brain name")
	}
	if n := req.GetPage().GetPageSize(); n < 0 {
		v.add("page.page_size", "must not be negative")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	es, next, err := s.svc.ListReceipts(ctx, a, req.GetBrain(), req.GetSecurity(), int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &missionv1.ListReceiptsResponse{Page: &commonv1.PageResponse{NextPageToken: next}}
	for _, e := range es {
		out.Receipts = append(out.Receipts, wire.EntryToProto(e))
	}
	return out, nil
}

// WatchBoard implements missionv1.MissionServiceServer.
func (s *Server) WatchBoard(req *missionv1.WatchBoardRequest, stream grpc.ServerStreamingServer[missionv1.WatchBoardResponse]) error {
	ctx := stream.Context()
	a, err := caller(ctx)
	if err != nil {
		return err
	}
	var v invalid
	if b := req.GetBrain(); b != "" && !domain.ValidBrainName(b) {
		v.add("brain", "not a brain name")
	}
	if req.GetCursor() < 0 {
		v.add("cursor", "must not be negative")
	}
	if err := v.err(); err != nil {
		return err
	}
	err = s.svc.WatchBoard(ctx, a, req.GetBrain(), req.GetCursor(), func(e domain.BoardEvent) error {
		return stream.Send(&missionv1.WatchBoardResponse{Event: wire.EventToProto(e)})
	})
	if err != nil && ctx.Err() == nil {
		return s.toStatus(ctx, err)
	}
	return nil
}
