package transport

import (
	"context"
	"encoding/base64"
	"log/slog"
	"strconv"

	"github.com/organism-dev/organism/platform/auth"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// Server is the MedullaService gRPC handler set.
type Server struct {
	medullav1.UnimplementedMedullaServiceServer
	svc    *domain.Service
	logger *slog.Logger
}

var _ medullav1.MedullaServiceServer = (*Server)(nil)

// New returns a Server over svc.
func New(svc *domain.Service, logger *slog.Logger) *Server {
	if logger == nil {
		logger = slog.Default()
	}
	return &Server{svc: svc, logger: logger}
}

// Paging bounds.
const (
	defaultPageSize = 50
	maxPageSize     = 500
)

func (s *Server) caller(ctx context.Context) (domain.Caller, error) {
	id, err := auth.Caller(ctx)
	if err != nil {
		return domain.Caller{}, err
	}
	return callerOf(id), nil
}

func (s *Server) fail(ctx context.Context, err error) error { return toStatus(ctx, s.logger, err) }

func required(field, value string) error {
	if value == "" {
		return invalid(field, field+" is required")
	}
	return nil
}

// page decodes a PageRequest into a cursor and a size.
func page(p *commonv1.PageRequest) (int64, int, error) {
	size := int(p.GetPageSize())
	switch {
	case size < 0:
		return 0, 0, invalid("page.page_size", "page_size must not be negative")
	case size == 0:
		size = defaultPageSize
	case size > maxPageSize:
		size = maxPageSize
	}
	if p.GetPageToken() == "" {
		return 0, size, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(p.GetPageToken())
	if err != nil {
		return 0, 0, invalid("page.page_token", "page_token is not one this server issued")
	}
	cur, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || cur <= 0 {
		return 0, 0, invalid("page.page_token", "page_token is not one this server issued")
	}
	return cur, size, nil
}

func nextToken(cursor int64, got, size int) *commonv1.PageResponse {
	if got < size || cursor <= 0 {
		return &commonv1.PageResponse{}
	}
	return &commonv1.PageResponse{NextPageToken: base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(cursor, 10)))}
}

// RegisterBrain implements MedullaServiceServer.
func (s *Server) RegisterBrain(ctx context.Context, req *medullav1.RegisterBrainRequest) (*medullav1.RegisterBrainResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	policy := domain.Policy("")
	if req.GetPolicy() != medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED {
		p, ok := policyFromProto[req.GetPolicy()]
		if !ok {
			return nil, s.fail(ctx, invalid("policy", "unknown federation policy"))
		}
		policy = p
	}
	b, created, err := s.svc.RegisterBrain(ctx, c, domain.RegisterBrainInput{Name: req.GetName(), RepoRoot: req.GetRepoRoot(), SoulPath: req.GetSoulPath(), Policy: policy})
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	return &medullav1.RegisterBrainResponse{Brain: brainToProto(b), Created: created}, nil
}

// GetBrain implements MedullaServiceServer.
func (s *Server) GetBrain(ctx context.Context, req *medullav1.GetBrainRequest) (*medullav1.GetBrainResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("name", req.GetName()); err != nil {
		return nil, s.fail(ctx, err)
	}
	if !domain.ValidBrainName(req.GetName()) {
		return nil, s.fail(ctx, invalid("name", "brain name is malformed"))
	}
	b, err := s.svc.GetBrain(ctx, c, req.GetName())
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	return &medullav1.GetBrainResponse{Brain: brainToProto(b)}, nil
}

// ListBrains implements MedullaServiceServer.
func (s *Server) ListBrains(ctx context.Context, _ *medullav1.ListBrainsRequest) (*medullav1.ListBrainsResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	bs, err := s.svc.ListBrains(ctx, c)
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.ListBrainsResponse{}
	for _, b := range bs {
		out.Brains = append(out.Brains, brainToProto(b))
	}
	return out, nil
}

// Memorize implements MedullaServiceServer.
func (s *Server) Memorize(ctx context.Context, req *medullav1.MemorizeRequest) (*medullav1.MemorizeResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.fail(ctx, err)
	}
	// An unknown kind reaches the door as such, so that its refusal is logged like any other.
	kind := domain.Kind("")
	if req.GetKind() != medullav1.ClaimKind_CLAIM_KIND_UNSPECIFIED {
		k, ok := kindFromProto[req.GetKind()]
		if !ok {
			k = domain.Kind(req.GetKind().String())
		}
		kind = k
	}
	res, err := s.svc.Memorize(ctx, c, domain.MemorizeInput{
		Brain: req.GetBrain(), Slug: req.GetSlug(), Kind: kind, Body: req.GetBody(), Evidence: anchorsFromProto(req.GetEvidence()),
		Confidence: req.GetConfidence(), SoulSource: req.GetSoulSource(), ExpectedVersion: req.GetExpectedVersion(),
		AllowDowngrade: req.GetAllowDowngrade(),
	})
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	return &medullav1.MemorizeResponse{Claim: s.claimToProto(res.Claim), Receipt: commitToProto(res.Receipt)}, nil
}

// GetClaim implements MedullaServiceServer.
func (s *Server) GetClaim(ctx context.Context, req *medullav1.GetClaimRequest) (*medullav1.GetClaimResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("brain", req.GetBrain()), required("slug", req.GetSlug())); err != nil {
		return nil, s.fail(ctx, err)
	}
	cl, err := s.svc.GetClaim(ctx, c, req.GetBrain(), req.GetSlug(), req.GetVersion())
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	return &medullav1.GetClaimResponse{Claim: s.claimToProto(cl)}, nil
}

// History implements MedullaServiceServer.
func (s *Server) History(ctx context.Context, req *medullav1.HistoryRequest) (*medullav1.HistoryResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("brain", req.GetBrain()), required("slug", req.GetSlug())); err != nil {
		return nil, s.fail(ctx, err)
	}
	vs, err := s.svc.History(ctx, c, req.GetBrain(), req.GetSlug())
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.HistoryResponse{}
	for _, v := range vs {
		out.Versions = append(out.Versions, s.claimToProto(v))
	}
	return out, nil
}

// ListClaims implements MedullaServiceServer.
func (s *Server) ListClaims(ctx context.Context, req *medullav1.ListClaimsRequest) (*medullav1.ListClaimsResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.fail(ctx, err)
	}
	after, size, err := page(req.GetPage())
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	cls, next, err := s.svc.ListClaims(ctx, c, req.GetBrain(), req.GetIncludeHistory(), after, size)
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.ListClaimsResponse{}
	for _, cl := range cls {
		out.Claims = append(out.Claims, s.claimToProto(cl))
	}
	out.Page = nextToken(next, size, size)
	return out, nil
}

// Verify implements MedullaServiceServer.
func (s *Server) Verify(ctx context.Context, req *medullav1.VerifyRequest) (*medullav1.VerifyResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("brain", req.GetBrain()), required("slug", req.GetSlug())); err != nil {
		return nil, s.fail(ctx, err)
	}
	res, err := s.svc.Verify(ctx, c, domain.VerifyInput{Brain: req.GetBrain(), Slug: req.GetSlug(), OwnerWord: req.GetOwnerWord(), Note: req.GetNote()})
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.VerifyResponse{Claim: s.claimToProto(res.Claim), Receipt: commitToProto(res.Receipt)}
	for _, chk := range res.Checks {
		out.Checks = append(out.Checks, &medullav1.EvidenceCheck{Anchor: anchorToProtoMsg(chk.Anchor), Status: statusToProto[chk.Status], MeasuredSha256: chk.Measured})
	}
	return out, nil
}

// Recall implements MedullaServiceServer.
func (s *Server) Recall(ctx context.Context, req *medullav1.RecallRequest) (*medullav1.RecallResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.fail(ctx, err)
	}
	in := domain.RecallInput{Brain: req.GetBrain(), Query: req.GetQuery(), Limit: int(req.GetLimit())}
	for _, k := range req.GetKinds() {
		dk, ok := kindFromProto[k]
		if !ok {
			return nil, s.fail(ctx, invalid("kinds", "unknown claim kind"))
		}
		in.Kinds = append(in.Kinds, dk)
	}
	for _, st := range req.GetStates() {
		ds, ok := stateFromProto[st]
		if !ok {
			return nil, s.fail(ctx, invalid("states", "unknown claim state"))
		}
		in.States = append(in.States, ds)
	}
	for _, t := range req.GetTiers() {
		dt, ok := tierFromProto[t]
		if !ok {
			return nil, s.fail(ctx, invalid("tiers", "unknown tier"))
		}
		in.Tiers = append(in.Tiers, dt)
	}
	if req.GetSince() != nil {
		if err := req.GetSince().CheckValid(); err != nil {
			return nil, s.fail(ctx, invalid("since", "since is not a valid timestamp"))
		}
		in.Since = req.GetSince().AsTime()
	}
	res, err := s.svc.Recall(ctx, c, in)
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.RecallResponse{ExcludedCount: int32(res.ExcludedCount), LiveClaims: res.LiveClaims, Note: res.Note, SearchedBrains: res.SearchedBrains}
	for _, h := range res.Hits {
		out.Hits = append(out.Hits, &medullav1.RecallHit{Claim: s.claimToProto(h.Claim), TierLabel: h.TierLabel, Score: h.Score})
	}
	return out, nil
}

// CrossVerify implements MedullaServiceServer.
func (s *Server) CrossVerify(ctx context.Context, req *medullav1.CrossVerifyRequest) (*medullav1.CrossVerifyResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.fail(ctx, err)
	}
	res, err := s.svc.CrossVerify(ctx, c, req.GetBrain())
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.CrossVerifyResponse{ClaimsChecked: int32(res.ClaimsChecked), AnchorsChecked: int32(res.AnchorsChecked), Fresh: int32(res.Fresh), ByReason: map[string]int32{}}
	for k, v := range res.ByReason {
		out.ByReason[k] = int32(v)
	}
	for _, f := range res.Findings {
		pf := &medullav1.CrossVerifyFinding{Slug: f.Slug, Version: f.Version, Reason: f.Reason, MeasuredSha256: f.Measured}
		if f.Anchor != nil {
			pf.Anchor = anchorToProtoMsg(*f.Anchor)
		}
		out.Findings = append(out.Findings, pf)
	}
	return out, nil
}

// ListReceipts implements MedullaServiceServer.
func (s *Server) ListReceipts(ctx context.Context, req *medullav1.ListReceiptsRequest) (*medullav1.ListReceiptsResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.fail(ctx, err)
	}
	before, size, err := page(req.GetPage())
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	rs, err := s.svc.ListReceipts(ctx, c, req.GetBrain(), before, size)
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.ListReceiptsResponse{}
	var last int64
	for _, r := range rs {
		out.Receipts = append(out.Receipts, receiptToProto(r))
		last = r.Seq
	}
	out.Page = nextToken(last, len(rs), size)
	return out, nil
}

// BumpStoreVersion implements MedullaServiceServer.
func (s *Server) BumpStoreVersion(ctx context.Context, req *medullav1.BumpStoreVersionRequest) (*medullav1.BumpStoreVersionResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.fail(ctx, err)
	}
	r, err := s.svc.BumpStoreVersion(ctx, c, domain.BumpInput{Brain: req.GetBrain(), ExpectedStoreVersion: req.GetExpectedStoreVersion(), Effect: req.GetEffect(), Subject: req.GetSubject(), Details: req.GetDetails()})
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	return &medullav1.BumpStoreVersionResponse{Receipt: commitToProto(r)}, nil
}

// ImportClaims implements MedullaServiceServer.
func (s *Server) ImportClaims(ctx context.Context, req *medullav1.ImportClaimsRequest) (*medullav1.ImportClaimsResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.fail(ctx, err)
	}
	files := make([]domain.ClaimFile, len(req.GetFiles()))
	for i, f := range req.GetFiles() {
		files[i] = domain.ClaimFile{Name: f.GetName(), Content: f.GetContent()}
	}
	res, err := s.svc.Import(ctx, c, req.GetBrain(), files)
	if err != nil {
		return nil, s.fail(ctx, err)
	}
	out := &medullav1.ImportClaimsResponse{Imported: int32(res.Imported), Refused: int32(res.Refused)}
	for _, r := range res.Receipts {
		out.Receipts = append(out.Receipts, receiptToProto(r))
	}
	return out, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
