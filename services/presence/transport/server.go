// Package transport serves the presence domain over gRPC: thin handlers that take identity from
// the credential, validate input, call the registry and map its errors to typed refusals.
package transport

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/presence/domain"
)

// ErrorDomain is the ErrorInfo domain of presence refusals.
const ErrorDomain = "presence.organism"

// Options configure a Server.
type Options struct {
	Registry *domain.Registry
	Logger   *slog.Logger
}

// Server implements presencev1.PresenceServiceServer.
type Server struct {
	presencev1.UnimplementedPresenceServiceServer
	reg    *domain.Registry
	logger *slog.Logger
}

var _ presencev1.PresenceServiceServer = (*Server)(nil)

// New returns a server over opts.Registry.
func New(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Server{reg: opts.Registry, logger: opts.Logger}
}

// Attach adds the server to r.
func (s *Server) Attach(r grpc.ServiceRegistrar) { presencev1.RegisterPresenceServiceServer(r, s) }

// caller derives the domain caller from the verified credential.
func caller(ctx context.Context) (domain.Caller, error) {
	id, err := auth.Caller(ctx)
	if err != nil {
		return domain.Caller{}, err
	}
	return domain.Caller{
		AgentID: id.AgentID,
		Brain:   id.Brain,
		Owner:   id.IsOwner(),
		Service: id.IsService(),
		HumanUI: id.Origin == commonv1.Origin_ORIGIN_HUMAN_UI,
	}, nil
}

func reason(r presencev1.PresenceReason) string { return rpcstatus.Reason(r) }

// toStatus maps every domain error to one status and reason; anything unknown is internal.
func (s *Server) toStatus(ctx context.Context, err error) error {
	var inv *domain.InvalidError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &inv):
		vs := make([]rpcstatus.Violation, len(inv.Violations))
		for i, v := range inv.Violations {
			vs[i] = rpcstatus.Violation{Field: v.Field, Description: v.Description}
		}
		return rpcstatus.Invalid(ErrorDomain, vs...)
	case errors.Is(err, domain.ErrForeignBrain):
		return rpcstatus.New(codes.PermissionDenied, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_FOREIGN_BRAIN), err.Error())
	case errors.Is(err, domain.ErrNotFound):
		return rpcstatus.New(codes.NotFound, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_PRESENCE_NOT_FOUND), err.Error())
	case errors.Is(err, domain.ErrExpired):
		return rpcstatus.New(codes.NotFound, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_PRESENCE_EXPIRED), err.Error())
	case errors.Is(err, domain.ErrNotHolder):
		return rpcstatus.New(codes.PermissionDenied, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_NOT_PRESENCE_HOLDER), err.Error())
	case errors.Is(err, domain.ErrHumanKindOnly):
		return rpcstatus.New(codes.PermissionDenied, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_KIND_RESERVED), err.Error())
	case errors.Is(err, domain.ErrCursorExpired):
		return rpcstatus.New(codes.OutOfRange, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_CURSOR_EXPIRED), err.Error())
	case errors.Is(err, domain.ErrCursorAhead):
		return rpcstatus.New(codes.OutOfRange, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_CURSOR_AHEAD), err.Error())
	case errors.Is(err, context.Canceled):
		return rpcstatus.New(codes.Canceled, ErrorDomain, "CANCELED", "request canceled")
	case errors.Is(err, context.DeadlineExceeded):
		return rpcstatus.New(codes.DeadlineExceeded, ErrorDomain, "DEADLINE_EXCEEDED", "deadline exceeded")
	}
	return rpcstatus.Internal(ctx, s.logger, err)
}

// Register upserts the caller's presence.
func (s *Server) Register(ctx context.Context, req *presencev1.RegisterRequest) (*presencev1.RegisterResponse, error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	intent := domain.Intent("")
	switch req.GetIntent() {
	case presencev1.Intent_INTENT_READ:
		intent = domain.IntentRead
	case presencev1.Intent_INTENT_MUTATE:
		intent = domain.IntentMutate
	}
	if req.GetTtlSeconds() < 0 {
		return nil, rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "ttl_seconds", Description: "must not be negative"})
	}
	rec, cols, err := s.reg.Register(ctx, c, domain.RegisterInput{
		ID: req.GetPresenceId(), Brain: req.GetBrain(), Kind: req.GetKind(), Theme: req.GetTheme(), Intent: intent,
		WorkingSet: req.GetWorkingSet(), Worktree: req.GetWorktree(), TTL: time.Duration(req.GetTtlSeconds()) * time.Second,
	})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &presencev1.RegisterResponse{Presence: toPresence(rec, cols)}, nil
}

// Beat refreshes the caller's presence.
func (s *Server) Beat(ctx context.Context, req *presencev1.BeatRequest) (*presencev1.BeatResponse, error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	rec, err := s.reg.Beat(c, req.GetPresenceId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	var cols []domain.Collision
	if req.GetIncludeCollisions() {
		if cols, err = s.reg.Collisions(c, "", rec.ID); err != nil {
			return nil, s.toStatus(ctx, err)
		}
	}
	return &presencev1.BeatResponse{Presence: toPresence(rec, cols)}, nil
}

// Leave ends a presence.
func (s *Server) Leave(ctx context.Context, req *presencev1.LeaveRequest) (*presencev1.LeaveResponse, error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	rec, err := s.reg.Leave(ctx, c, req.GetPresenceId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &presencev1.LeaveResponse{Presence: toPresence(rec, nil)}, nil
}

// Get reads one live presence.
func (s *Server) Get(ctx context.Context, req *presencev1.GetRequest) (*presencev1.GetResponse, error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	row, err := s.reg.Get(c, req.GetPresenceId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &presencev1.GetResponse{Presence: toPresence(row.Presence, row.Collisions)}, nil
}

const maxPageSize = 1000

// List returns live presences.
func (s *Server) List(ctx context.Context, req *presencev1.ListRequest) (*presencev1.ListResponse, error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	var bad []rpcstatus.Violation
	if req.GetPageSize() < 0 || req.GetPageSize() > maxPageSize {
		bad = append(bad, rpcstatus.Violation{Field: "page_size", Description: "must be between 0 and 1000"})
	}
	if t := req.GetPageToken(); t != "" && !domain.ValidID(t) {
		bad = append(bad, rpcstatus.Violation{Field: "page_token", Description: "is not a token this service issued"})
	}
	if len(bad) > 0 {
		return nil, rpcstatus.Invalid(ErrorDomain, bad...)
	}
	rows, next, cursor, err := s.reg.List(c, domain.ListFilter{Brain: req.GetBrain(), Kind: req.GetKind(),
		AgentID: req.GetAgentId(), After: req.GetPageToken(), Limit: int(req.GetPageSize())})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &presencev1.ListResponse{NextPageToken: next, Cursor: cursor}
	for _, r := range rows {
		out.Presences = append(out.Presences, toPresence(r.Presence, r.Collisions))
	}
	return out, nil
}

// Collisions derives colliding pairs.
func (s *Server) Collisions(ctx context.Context, req *presencev1.CollisionsRequest) (*presencev1.CollisionsResponse, error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	cols, err := s.reg.Collisions(c, req.GetBrain(), req.GetPresenceId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &presencev1.CollisionsResponse{Collisions: toCollisions(cols)}, nil
}

// Gc sweeps expired presences now.
func (s *Server) Gc(ctx context.Context, _ *presencev1.GcRequest) (*presencev1.GcResponse, error) {
	c, err := caller(ctx)
	if err != nil {
		return nil, err
	}
	removed, err := s.reg.Sweep(ctx)
	if err == nil {
		err = s.reg.PruneEvents(ctx)
	}
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &presencev1.GcResponse{}
	for _, r := range removed {
		if c.Owner || c.Service || r.Brain == c.Brain {
			out.Removed = append(out.Removed, toPresence(r, nil))
		}
	}
	return out, nil
}
