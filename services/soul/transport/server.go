// Package transport serves the soul organ over gRPC: validate, call the domain, map errors once.
package transport

import (
	"context"
	"log/slog"
	"strings"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/wire"
)

// Server implements soulv1.SoulServiceServer.
type Server struct {
	soulv1.UnimplementedSoulServiceServer
	organ *domain.Organ
	table rpcstatus.Table
	door  *door
}

var _ soulv1.SoulServiceServer = (*Server)(nil)

// New returns a Server over organ.
func New(organ *domain.Organ, logger *slog.Logger) *Server {
	if logger == nil {
		logger = slog.Default()
	}
	return &Server{organ: organ, table: table(logger)}
}

func invalid(field, description string) *refusal.Error {
	return refusal.Invalid(refusal.Violation{Field: field, Description: description})
}

// brainOf resolves the brain a request acts in (the credential's own binding when empty),
// refuses a foreign one, and returns the caller as a principal built from the credential.
func brainOf(ctx context.Context, requested string) (string, principal.Principal, error) {
	if requested != "" && !auth.ValidName(requested) {
		return "", principal.Principal{}, invalid("brain", "must be a brain name")
	}
	brain, id, err := auth.ResolveBrain(ctx, requested)
	if err != nil {
		return "", principal.Principal{}, err
	}
	if brain == "" {
		return "", principal.Principal{}, invalid("brain", "required: the owner names the brain")
	}
	return brain, id.Principal(), nil
}

// CheckSoul verifies a brain's soul and stores the receipt.
func (s *Server) CheckSoul(ctx context.Context, req *soulv1.CheckSoulRequest) (*soulv1.CheckSoulResponse, error) {
	tissues, err := parseTissues(req.GetTissues())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	brain, caller, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	rep, rcpt, err := s.organ.Check(ctx, caller, brain, domain.CheckRequest{IncludeClaims: req.GetIncludeClaims(), Tissues: tissues, DryRun: req.GetDryRun()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return wire.CheckResponse(rep, rcpt), nil
}

// ReadSoul returns the soul, a section, or the headline, with the last receipt.
func (s *Server) ReadSoul(ctx context.Context, req *soulv1.ReadSoulRequest) (*soulv1.ReadSoulResponse, error) {
	if len(req.GetSection()) > 500 {
		return nil, s.toStatus(ctx, invalid("section", "at most 500 bytes"))
	}
	brain, _, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.organ.Read(ctx, brain, req.GetSection(), req.GetHeadlineOnly())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return wire.ReadResponse(brain, res), nil
}

// ListReceipts pages the brain's receipts, newest first.
func (s *Server) ListReceipts(ctx context.Context, req *soulv1.ListReceiptsRequest) (*soulv1.ListReceiptsResponse, error) {
	if n := req.GetPage().GetPageSize(); n < 0 || n > 200 {
		return nil, s.toStatus(ctx, invalid("page.page_size", "between 0 and 200"))
	}
	if req.GetBrain() == domain.SecurityLedger {
		return s.securityReceipts(ctx, req)
	}
	brain, _, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	rs, next, err := s.organ.ListReceipts(ctx, brain, int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return wire.ReceiptsResponse(rs, next), nil
}

// VerifyCuratorReport is the curator seat check.
func (s *Server) VerifyCuratorReport(ctx context.Context, req *soulv1.VerifyCuratorReportRequest) (*soulv1.VerifyCuratorReportResponse, error) {
	rep := req.GetReport()
	if rep == nil {
		return nil, s.toStatus(ctx, invalid("report", "required"))
	}
	if strings.TrimSpace(rep.GetCuratedBy()) == "" {
		return nil, s.toStatus(ctx, invalid("report.curated_by", "required: who curated"))
	}
	brain, caller, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	sc, rcpt, err := s.organ.VerifyCurator(ctx, caller, brain, wire.CuratorFromProto(rep))
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return wire.SeatCheckResponse(sc, rcpt), nil
}

// NorthAtom is the bounded soul beat; absent when the brain has no soul.
func (s *Server) NorthAtom(ctx context.Context, req *soulv1.NorthAtomRequest) (*soulv1.NorthAtomResponse, error) {
	brain, caller, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.organ.North(ctx, caller, brain)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return wire.NorthResponse(res), nil
}

// UpdateSoulClaim writes one soul claim through medulla's memorize door.
func (s *Server) UpdateSoulClaim(ctx context.Context, req *soulv1.UpdateSoulClaimRequest) (*soulv1.UpdateSoulClaimResponse, error) {
	var bad []refusal.Violation
	if strings.TrimSpace(req.GetSection()) == "" || strings.ContainsAny(req.GetSection(), "\n\r") || len(req.GetSection()) > 200 {
		bad = append(bad, refusal.Violation{Field: "section", Description: "required: one line naming the soul section"})
	}
	if strings.TrimSpace(req.GetBody()) == "" {
		bad = append(bad, refusal.Violation{Field: "body", Description: "required"})
	}
	if c := req.GetConfidence(); c < 0 || c > 1 {
		bad = append(bad, refusal.Violation{Field: "confidence", Description: "between 0 and 1"})
	}
	if req.GetExpectedVersion() < 0 {
		bad = append(bad, refusal.Violation{Field: "expected_version", Description: "not negative"})
	}
	evidence, badAnchors := domain.ParseEvidence(req.GetAnchors())
	bad = append(bad, badAnchors...)
	if len(bad) > 0 {
		return nil, s.toStatus(ctx, refusal.Invalid(bad...))
	}
	brain, _, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	res, source, err := s.organ.UpdateClaim(ctx, brain, domain.UpdateRequest{Section: req.GetSection(), Body: req.GetBody(), Slug: req.GetSlug(), Confidence: req.GetConfidence(), ExpectedVersion: req.GetExpectedVersion(), Evidence: evidence})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return wire.UpdateResponse(res, source), nil
}

// SetTissues stores the brain's heading-to-tissue map (owner only).
func (s *Server) SetTissues(ctx context.Context, req *soulv1.SetTissuesRequest) (*soulv1.SetTissuesResponse, error) {
	tissues, err := parseTissues(req.GetTissues())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	brain, caller, err := brainOf(ctx, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	stored, rcpt, err := s.organ.SetTissues(ctx, caller, brain, tissues)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return wire.SetTissuesResponse(brain, stored, rcpt), nil
}

// parseTissues validates a heading-to-tissue map, naming every bad entry.
func parseTissues(in map[string]string) (map[string]engine.Tissue, error) {
	var bad []refusal.Violation
	out := map[string]engine.Tissue{}
	for k, v := range in {
		t, ok := engine.ParseTissue(strings.ToLower(v))
		if !ok || strings.TrimSpace(k) == "" || len(k) > 200 {
			bad = append(bad, refusal.Violation{Field: "tissues[" + k + "]", Description: "a non-empty heading fragment mapped to verifiable, declared, mixed or history"})
			continue
		}
		out[strings.ToLower(strings.TrimSpace(k))] = t
	}
	if len(bad) > 0 {
		return nil, refusal.Invalid(bad...)
	}
	if len(out) > 100 {
		return nil, invalid("tissues", "at most 100 entries")
	}
	return out, nil
}
