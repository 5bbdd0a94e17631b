package transport

import (
	"context"

	"github.com/organism-dev/organism/platform/refusal"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

// The charter composer's RPCs. Who may call them is the domain's rule: FileReport any agent,
// the owner or a service (not a federation peer); the other three the owner only.

// FileReport implements missionv1.MissionServiceServer.
func (s *Server) FileReport(ctx context.Context, req *missionv1.FileReportRequest) (*missionv1.FileReportResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.svc.FileReport(ctx, a, wire.ReportInputFromProto(req))
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.FileReportResponse{Report: wire.ReportToProto(r)}, nil
}

// ListReports implements missionv1.MissionServiceServer.
func (s *Server) ListReports(ctx context.Context, req *missionv1.ListReportsRequest) (*missionv1.ListReportsResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	rs, next, err := s.svc.ListReports(ctx, a, req.GetUnread(), int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.ListReportsResponse{Reports: wire.ReportsToProto(rs), Page: page(next)}, nil
}

// SweepCharter implements missionv1.MissionServiceServer.
func (s *Server) SweepCharter(ctx context.Context, _ *missionv1.SweepCharterRequest) (*missionv1.SweepCharterResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.svc.SweepCharter(ctx, a)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &missionv1.SweepCharterResponse{Screened: wire.ReportsToProto(res.Screened), Chartered: int32(res.Chartered), Refused: int32(res.Refused)}, nil
}

// charterReasons are the reasons a charter refusal can carry, for the listing's filter.
var charterReasons = map[refusal.Reason]bool{
	domain.ReasonIneligibleClass: true, domain.ReasonNoGateDerivable: true, domain.ReasonUnknownBlock: true,
	domain.ReasonForeignBrain: true, domain.ReasonCapReached: true, domain.ReasonDuplicateReport: true,
}

// ListCharterRefusals implements missionv1.MissionServiceServer.
func (s *Server) ListCharterRefusals(ctx context.Context, req *missionv1.ListCharterRefusalsRequest) (*missionv1.ListCharterRefusalsResponse, error) {
	a, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	reason := refusal.Reason(req.GetReason())
	if reason != "" && !charterReasons[reason] {
		var v invalid
		v.add("reason", "not a charter refusal (INELIGIBLE_CLASS, NO_GATE_DERIVABLE, UNKNOWN_BLOCK, FOREIGN_BRAIN, CAP_REACHED, DUPLICATE_REPORT)")
		return nil, v.err()
	}
	rs, counts, next, err := s.svc.ListCharterRefusals(ctx, a, reason, int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &missionv1.ListCharterRefusalsResponse{Refusals: wire.ReportsToProto(rs), Counts: map[string]int64{}, Page: page(next)}
	for r, n := range counts {
		out.Counts[wire.Reason(r)] = n
		out.Total += n
	}
	return out, nil
}

func page(next string) *commonv1.PageResponse { return &commonv1.PageResponse{NextPageToken: next} }
