// Package transport serves the soul organ over gRPC: validate, call the domain, map errors once.
package transport

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
)

// ErrorDomain is the ErrorInfo domain of the soul's refusals.
const ErrorDomain = "soul.organism"

// Server implements soulv1.SoulServiceServer.
type Server struct {
	soulv1.UnimplementedSoulServiceServer
	organ  *domain.Organ
	logger *slog.Logger
}

var _ soulv1.SoulServiceServer = (*Server)(nil)

// New returns a Server over organ.
func New(organ *domain.Organ, logger *slog.Logger) *Server {
	if logger == nil {
		logger = slog.Default()
	}
	return &Server{organ: organ, logger: logger}
}

func reason(r soulv1.SoulReason) string { return rpcstatus.Reason(r) }

// brainOf resolves the brain a request acts in (the credential's own binding when empty) and refuses a foreign one.
func brainOf(ctx context.Context, requested string) (string, domain.Actor, error) {
	if requested != "" && !auth.ValidName(requested) {
		return "", domain.Actor{}, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "brain", Description: "must be a brain name"})
	}
	brain, id, err := auth.ResolveBrain(ctx, requested)
	if err != nil {
		return "", domain.Actor{}, err
	}
	if brain == "" {
		return "", domain.Actor{}, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "brain", Description: "required: the owner names the brain"})
	}
	return brain, actorOf(id), nil
}

func actorOf(id auth.Identity) domain.Actor {
	return domain.Actor{AgentID: id.AgentID, Seat: id.Seat, Brain: id.Brain, Origin: id.OriginName(), Owner: id.IsOwner()}
}

// CheckSoul verifies a brain's soul and stores the receipt.
func (s *Server) CheckSoul(ctx context.Context, req *soulv1.CheckSoulRequest) (*soulv1.CheckSoulResponse, error) {
	tissues, err := parseTissues(req.GetTissues())
	if err != nil {
		return nil, err
	}
	brain, actor, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, err
	}
	if len(tissues) > 0 && !req.GetDryRun() && !actor.Owner {
		// a recorded receipt judged by a map the agent chose would let it declare its way to fresh
		return nil, rpcstatus.New(codes.PermissionDenied, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_OWNER_ONLY), "only the owner may record a check with tissue overrides; agents may pass them on a dry run")
	}
	rep, rcpt, err := s.organ.Check(ctx, actor, brain, domain.CheckRequest{IncludeClaims: req.GetIncludeClaims(), Tissues: tissues, DryRun: req.GetDryRun()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &soulv1.CheckSoulResponse{Report: ReportToProto(rep), Receipt: ReceiptToProto(rcpt)}, nil
}

// ReadSoul returns the soul, a section, or the headline, with the last receipt.
func (s *Server) ReadSoul(ctx context.Context, req *soulv1.ReadSoulRequest) (*soulv1.ReadSoulResponse, error) {
	if len(req.GetSection()) > 500 {
		return nil, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "section", Description: "at most 500 bytes"})
	}
	brain, _, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, err
	}
	res, err := s.organ.Read(ctx, brain, req.GetSection(), req.GetHeadlineOnly())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &soulv1.ReadSoulResponse{Brain: brain, SoulPath: res.SoulPath, Headline: res.Headline, Markdown: res.Markdown, LastReceipt: ReceiptToProto(res.LastReceipt)}, nil
}

// ListReceipts pages the brain's receipts, newest first.
func (s *Server) ListReceipts(ctx context.Context, req *soulv1.ListReceiptsRequest) (*soulv1.ListReceiptsResponse, error) {
	if n := req.GetPage().GetPageSize(); n < 0 || n > 200 {
		return nil, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "page.page_size", Description: "between 0 and 200"})
	}
	brain, _, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, err
	}
	rs, next, err := s.organ.ListReceipts(ctx, brain, int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &soulv1.ListReceiptsResponse{Page: pageOf(next)}
	for i := range rs {
		out.Receipts = append(out.Receipts, ReceiptToProto(&rs[i]))
	}
	return out, nil
}

// VerifyCuratorReport is the curator seat check.
func (s *Server) VerifyCuratorReport(ctx context.Context, req *soulv1.VerifyCuratorReportRequest) (*soulv1.VerifyCuratorReportResponse, error) {
	rep := req.GetReport()
	if rep == nil {
		return nil, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "report", Description: "required"})
	}
	if strings.TrimSpace(rep.GetCuratedBy()) == "" {
		return nil, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "report.curated_by", Description: "required: who curated"})
	}
	brain, actor, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, err
	}
	sc, rcpt, err := s.organ.VerifyCurator(ctx, actor, brain, curatorFromProto(rep))
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &soulv1.VerifyCuratorReportResponse{Schema: sc.Schema, Verdict: sc.Verdict, Grader: sc.Grader, CuratedBy: sc.CuratedBy,
		Pruned: int32(sc.Pruned), Proposed: int32(sc.Proposed), StillStale: int32(sc.StillStale), Receipt: ReceiptToProto(rcpt)}, nil
}

// NorthAtom is the bounded soul beat; absent when the brain has no soul.
func (s *Server) NorthAtom(ctx context.Context, req *soulv1.NorthAtomRequest) (*soulv1.NorthAtomResponse, error) {
	brain, actor, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, err
	}
	res, err := s.organ.North(ctx, actor, brain)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &soulv1.NorthAtomResponse{HonestGaps: res.Gaps}
	if res.Atom != nil {
		out.Soul = &soulv1.SoulAtom{Headline: res.Atom.Headline, Receipt: res.Atom.Receipt, Read: res.Atom.Read}
	}
	return out, nil
}

// UpdateSoulClaim writes one soul claim through medulla's memorize door.
func (s *Server) UpdateSoulClaim(ctx context.Context, req *soulv1.UpdateSoulClaimRequest) (*soulv1.UpdateSoulClaimResponse, error) {
	var bad []rpcstatus.Violation
	if strings.TrimSpace(req.GetSection()) == "" || strings.ContainsAny(req.GetSection(), "\n\r") || len(req.GetSection()) > 200 {
		bad = append(bad, rpcstatus.Violation{Field: "section", Description: "required: one line naming the soul section"})
	}
	if strings.TrimSpace(req.GetBody()) == "" {
		bad = append(bad, rpcstatus.Violation{Field: "body", Description: "required"})
	}
	if c := req.GetConfidence(); c < 0 || c > 1 {
		bad = append(bad, rpcstatus.Violation{Field: "confidence", Description: "between 0 and 1"})
	}
	if req.GetExpectedVersion() < 0 {
		bad = append(bad, rpcstatus.Violation{Field: "expected_version", Description: "not negative"})
	}
	if len(bad) > 0 {
		return nil, rpcstatus.Invalid(ErrorDomain, bad...)
	}
	brain, _, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, err
	}
	res, source, err := s.organ.UpdateClaim(ctx, brain, domain.UpdateRequest{Section: req.GetSection(), Body: req.GetBody(), Slug: req.GetSlug(), Confidence: req.GetConfidence(), ExpectedVersion: req.GetExpectedVersion()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &soulv1.UpdateSoulClaimResponse{Slug: res.Slug, Version: res.Version, SoulSource: source}
	if r, ok := res.Receipt.(*commonReceipt); ok {
		out.Receipt = r
	}
	return out, nil
}

// SetTissues stores the brain's heading-to-tissue map (owner only).
func (s *Server) SetTissues(ctx context.Context, req *soulv1.SetTissuesRequest) (*soulv1.SetTissuesResponse, error) {
	tissues, err := parseTissues(req.GetTissues())
	if err != nil {
		return nil, err
	}
	brain, actor, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, err
	}
	if !actor.Owner {
		return nil, rpcstatus.New(codes.PermissionDenied, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_OWNER_ONLY), "only the owner may change how a soul's tissue is judged")
	}
	stored, rcpt, err := s.organ.SetTissues(ctx, actor, brain, tissues)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &soulv1.SetTissuesResponse{Brain: brain, Tissues: stored, Receipt: ReceiptToProto(rcpt)}, nil
}

func parseTissues(in map[string]string) (map[string]domain.Tissue, error) {
	var bad []rpcstatus.Violation
	out := map[string]domain.Tissue{}
	for k, v := range in {
		t, ok := domain.ParseTissue(strings.ToLower(v))
		if !ok || strings.TrimSpace(k) == "" || len(k) > 200 {
			bad = append(bad, rpcstatus.Violation{Field: "tissues[" + k + "]", Description: "a non-empty heading fragment mapped to verifiable, declared, mixed or history"})
			continue
		}
		out[strings.ToLower(strings.TrimSpace(k))] = t
	}
	if len(bad) > 0 {
		return nil, rpcstatus.Invalid(ErrorDomain, bad...)
	}
	if len(out) > 100 {
		return nil, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "tissues", Description: "at most 100 entries"})
	}
	return out, nil
}

// toStatus is the one place domain errors become typed refusals.
func (s *Server) toStatus(ctx context.Context, err error) error {
	var seat *domain.SeatError
	switch {
	case errors.As(err, &seat):
		return seatStatus(seat)
	case errors.Is(err, domain.ErrBrainNotFound):
		return rpcstatus.New(codes.NotFound, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_BRAIN_NOT_FOUND), "no such brain")
	case errors.Is(err, domain.ErrSectionNotFound):
		return rpcstatus.New(codes.NotFound, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_SECTION_NOT_FOUND), "no such section in the soul")
	case errors.Is(err, domain.ErrSoulNotFound), errors.Is(err, domain.ErrInvalidPath):
		return rpcstatus.New(codes.NotFound, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_SOUL_NOT_FOUND), "the brain has no soul at its soul path (docs/PATHOS.md or PATHOS.md by default)")
	case errors.Is(err, domain.ErrSoulTooLarge):
		return rpcstatus.New(codes.FailedPrecondition, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_SOUL_TOO_LARGE), "the soul is larger than the size limit")
	case errors.Is(err, domain.ErrSoulNotText):
		return rpcstatus.New(codes.FailedPrecondition, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_SOUL_NOT_TEXT), "the soul is not a text file")
	case errors.Is(err, domain.ErrSoulIsDirectory):
		return rpcstatus.New(codes.FailedPrecondition, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_SOUL_IS_DIRECTORY), "the soul path names a directory")
	case errors.Is(err, domain.ErrRepoNotFound):
		return rpcstatus.New(codes.FailedPrecondition, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_REPO_NOT_FOUND), "the brain's repository is not on this machine")
	case errors.Is(err, domain.ErrSinkUnavailable):
		return rpcstatus.New(codes.Unavailable, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_MEDULLA_SINK_UNAVAILABLE), "medulla's memorize sink is unavailable")
	case errors.Is(err, domain.ErrPeerUnavailable):
		return rpcstatus.New(codes.Unavailable, ErrorDomain, reason(soulv1.SoulReason_SOUL_REASON_MEDULLA_UNAVAILABLE), "medulla is unavailable")
	case errors.Is(err, domain.ErrBadCursor):
		return rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "page.page_token", Description: "not a token this service issued"})
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, "canceled")
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, "deadline exceeded")
	}
	var peer *PeerRefusal
	if errors.As(err, &peer) {
		return peer.Status
	}
	return rpcstatus.Internal(ctx, s.logger, err)
}

// seatStatus renders a refused seat check: its reason, and every violation as a field violation.
func seatStatus(e *domain.SeatError) error {
	code := codes.FailedPrecondition
	switch e.Reason {
	case domain.SeatGraderIsAuthor:
		code = codes.PermissionDenied
	case domain.SeatStillStaleMissing:
		code = codes.InvalidArgument
	}
	violations := make([]rpcstatus.Violation, 0, len(e.Violations))
	for _, v := range e.Violations {
		violations = append(violations, rpcstatus.Violation{Field: v.Field, Description: v.Description})
	}
	return rpcstatus.Build(code, ErrorDomain, e.Reason, e.Error(), nil, violations...)
}
