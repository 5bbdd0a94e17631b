package transport

import (
	"context"
	"log/slog"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/wire"
)

// Server is the MedullaService gRPC handler set.
type Server struct {
	medullav1.UnimplementedMedullaServiceServer
	svc   *domain.Service
	table rpcstatus.Table
}

var _ medullav1.MedullaServiceServer = (*Server)(nil)

// New returns a Server over svc.
func New(svc *domain.Service, logger *slog.Logger) *Server {
	if logger == nil {
		logger = slog.Default()
	}
	return &Server{svc: svc, table: statusTable(logger)}
}

// caller is the verified principal of a request; identity never comes from request fields.
func (s *Server) caller(ctx context.Context) (principal.Principal, error) {
	return auth.PrincipalFrom(ctx)
}

// claim renders a claim version with its age on the service clock.
func (s *Server) claim(c domain.Claim) *medullav1.Claim { return wire.Claim(c, s.svc.AgeOf(c)) }

func (s *Server) foreign(f domain.ForeignClaim) *medullav1.ForeignClaim {
	return wire.Foreign(f, s.svc.AgeOf(f.Claim))
}

func required(field, value string) error {
	if value == "" {
		return invalid(field, field+" is required")
	}
	return nil
}

// RegisterBrain implements MedullaServiceServer.
func (s *Server) RegisterBrain(ctx context.Context, req *medullav1.RegisterBrainRequest) (*medullav1.RegisterBrainResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	policy := domain.Policy("")
	if req.GetPolicy() != medullav1.FederationPolicy_FEDERATION_POLICY_UNSPECIFIED {
		p, ok := wire.PolicyFromProto(req.GetPolicy())
		if !ok {
			return nil, s.toStatus(ctx, invalid("policy", "unknown federation policy"))
		}
		policy = p
	}
	b, created, err := s.svc.RegisterBrain(ctx, c, domain.RegisterBrainInput{Name: req.GetName(), RepoRoot: req.GetRepoRoot(), SoulPath: req.GetSoulPath(), Policy: policy})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.RegisterBrainResponse{Brain: wire.Brain(b), Created: created}, nil
}

// GetBrain implements MedullaServiceServer.
func (s *Server) GetBrain(ctx context.Context, req *medullav1.GetBrainRequest) (*medullav1.GetBrainResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("name", req.GetName()); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	if !domain.ValidBrainName(req.GetName()) {
		return nil, s.toStatus(ctx, invalid("name", "brain name is malformed"))
	}
	b, err := s.svc.GetBrain(ctx, c, req.GetName())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.GetBrainResponse{Brain: wire.Brain(b)}, nil
}

// ListBrains implements MedullaServiceServer.
func (s *Server) ListBrains(ctx context.Context, req *medullav1.ListBrainsRequest) (*medullav1.ListBrainsResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	after, size, err := namePage(req.GetPage(), "brain", domain.ValidBrainName)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	bs, next, err := s.svc.ListBrains(ctx, c, after, size)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.ListBrainsResponse{Page: nextName("brain", next)}
	for _, b := range bs {
		out.Brains = append(out.Brains, wire.Brain(b))
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
		return nil, s.toStatus(ctx, err)
	}
	// An unknown kind reaches the door as such, so that its refusal is logged like any other.
	kind := domain.Kind("")
	if req.GetKind() != medullav1.ClaimKind_CLAIM_KIND_UNSPECIFIED {
		k, ok := wire.KindFromProto(req.GetKind())
		if !ok {
			k = domain.Kind(req.GetKind().String())
		}
		kind = k
	}
	res, err := s.svc.Memorize(ctx, c, domain.MemorizeInput{
		Brain: req.GetBrain(), Slug: req.GetSlug(), Kind: kind, Body: req.GetBody(), Evidence: wire.AnchorsFromProto(req.GetEvidence()),
		Confidence: req.GetConfidence(), SoulSource: req.GetSoulSource(), ExpectedVersion: req.GetExpectedVersion(),
		AllowDowngrade: req.GetAllowDowngrade(),
	})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.MemorizeResponse{Claim: s.claim(res.Claim), Receipt: wire.Commit(res.Receipt)}, nil
}

// GetClaim implements MedullaServiceServer.
func (s *Server) GetClaim(ctx context.Context, req *medullav1.GetClaimRequest) (*medullav1.GetClaimResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("brain", req.GetBrain()), required("slug", req.GetSlug())); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	cl, err := s.svc.GetClaim(ctx, c, req.GetBrain(), req.GetSlug(), req.GetVersion())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.GetClaimResponse{Claim: s.claim(cl)}, nil
}

// History implements MedullaServiceServer.
func (s *Server) History(ctx context.Context, req *medullav1.HistoryRequest) (*medullav1.HistoryResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := firstErr(required("brain", req.GetBrain()), required("slug", req.GetSlug())); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	after, size, err := page(req.GetPage())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	vs, next, err := s.svc.History(ctx, c, req.GetBrain(), req.GetSlug(), after, size)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.HistoryResponse{Page: nextToken(next, size, size)}
	for _, v := range vs {
		out.Versions = append(out.Versions, s.claim(v))
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
		return nil, s.toStatus(ctx, err)
	}
	after, size, err := page(req.GetPage())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	cls, next, err := s.svc.ListClaims(ctx, c, req.GetBrain(), req.GetIncludeHistory(), after, size)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.ListClaimsResponse{}
	for _, cl := range cls {
		out.Claims = append(out.Claims, s.claim(cl))
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
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.svc.Verify(ctx, c, domain.VerifyInput{Brain: req.GetBrain(), Slug: req.GetSlug(), OwnerWord: req.GetOwnerWord(), Note: req.GetNote(),
		Commit: req.GetCommit(), GateLogHash: req.GetGateLogHash()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.VerifyResponse{Claim: s.claim(res.Claim), Receipt: wire.Commit(res.Receipt)}
	for _, chk := range res.Checks {
		out.Checks = append(out.Checks, wire.EvidenceCheck(chk))
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
		return nil, s.toStatus(ctx, err)
	}
	in := domain.RecallInput{Brain: req.GetBrain(), Query: req.GetQuery(), Limit: int(req.GetLimit())}
	for _, k := range req.GetKinds() {
		dk, ok := wire.KindFromProto(k)
		if !ok {
			return nil, s.toStatus(ctx, invalid("kinds", "unknown claim kind"))
		}
		in.Kinds = append(in.Kinds, dk)
	}
	for _, st := range req.GetStates() {
		ds, ok := wire.StateFromProto(st)
		if !ok {
			return nil, s.toStatus(ctx, invalid("states", "unknown claim state"))
		}
		in.States = append(in.States, ds)
	}
	for _, t := range req.GetTiers() {
		dt, ok := wire.TierFromProto(t)
		if !ok {
			return nil, s.toStatus(ctx, invalid("tiers", "unknown tier"))
		}
		in.Tiers = append(in.Tiers, dt)
	}
	if req.GetSince() != nil {
		if err := req.GetSince().CheckValid(); err != nil {
			return nil, s.toStatus(ctx, invalid("since", "since is not a valid timestamp"))
		}
		in.Since = req.GetSince().AsTime()
	}
	res, err := s.svc.Recall(ctx, c, in)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.RecallResponse{ExcludedCount: int32(res.ExcludedCount), LiveClaims: res.LiveClaims, Note: res.Note, SearchedBrains: res.SearchedBrains}
	for _, h := range res.Hits {
		out.Hits = append(out.Hits, &medullav1.RecallHit{Claim: s.claim(h.Claim), TierLabel: h.TierLabel, Score: h.Score})
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
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.svc.CrossVerify(ctx, c, req.GetBrain())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.CrossVerifyResponse{ClaimsChecked: int32(res.ClaimsChecked), AnchorsChecked: int32(res.AnchorsChecked), Fresh: int32(res.Fresh), ByReason: map[string]int32{},
		Demoted: int32(res.Demoted), Restored: int32(res.Restored), ExcludedCount: int32(res.Excluded)}
	for k, v := range res.ByReason {
		out.ByReason[k] = int32(v)
	}
	for _, f := range res.Findings {
		out.Findings = append(out.Findings, wire.Finding(f))
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
		return nil, s.toStatus(ctx, err)
	}
	before, size, err := page(req.GetPage())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	rs, err := s.svc.ListReceipts(ctx, c, req.GetBrain(), before, size)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.ListReceiptsResponse{}
	var last int64
	for _, r := range rs {
		out.Receipts = append(out.Receipts, wire.Receipt(r))
		addRepeats(out, r)
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
		return nil, s.toStatus(ctx, err)
	}
	r, err := s.svc.BumpStoreVersion(ctx, c, domain.BumpInput{Brain: req.GetBrain(), ExpectedStoreVersion: req.GetExpectedStoreVersion(), Effect: req.GetEffect(), Subject: req.GetSubject(), Details: req.GetDetails()})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &medullav1.BumpStoreVersionResponse{Receipt: wire.Commit(r)}, nil
}

// ImportClaims implements MedullaServiceServer.
func (s *Server) ImportClaims(ctx context.Context, req *medullav1.ImportClaimsRequest) (*medullav1.ImportClaimsResponse, error) {
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if err := required("brain", req.GetBrain()); err != nil {
		return nil, s.toStatus(ctx, err)
	}
	res, err := s.svc.Import(ctx, c, req.GetBrain(), wire.ClaimFilesFromProto(req.GetFiles()))
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &medullav1.ImportClaimsResponse{Imported: int32(res.Imported), Refused: int32(res.Refused)}
	for _, r := range res.Receipts {
		out.Receipts = append(out.Receipts, wire.Receipt(r))
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
