// Package transport serves the presence domain over gRPC: thin handlers that take identity from
// the credential, validate input, call the registry and map its refusals to typed statuses.
package transport

import (
	"context"
	"errors"
	"log/slog"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/wire"
)

// ErrorDomain is the ErrorInfo domain of presence refusals.
const ErrorDomain = "presence.organism"

// reasonCodes gives every presence refusal reason its status code; CheckEnum holds it to the
// PresenceReason enum.
var reasonCodes = map[refusal.Reason]codes.Code{
	refusal.InvalidArgument:     codes.InvalidArgument,
	domain.ReasonForeignBrain:   codes.PermissionDenied,
	domain.ReasonNotFound:       codes.NotFound,
	domain.ReasonExpired:        codes.NotFound,
	domain.ReasonNotHolder:      codes.PermissionDenied,
	domain.ReasonKindReserved:   codes.PermissionDenied,
	domain.ReasonCursorExpired:  codes.OutOfRange,
	domain.ReasonCursorAhead:    codes.OutOfRange,
	domain.ReasonShuttingDown:   codes.Unavailable,
	domain.ReasonPeerNotAllowed: codes.PermissionDenied,
	domain.ReasonOwnerOnly:      codes.PermissionDenied,
	domain.ReasonReservedBrain:  codes.PermissionDenied,
	// The database cannot serve now: the caller retries, as after SHUTTING_DOWN.
	domain.ReasonStoreUnavailable: codes.Unavailable,
}

// Options configure a Server.
type Options struct {
	Registry *domain.Registry
	Logger   *slog.Logger
}

// Server implements presencev1.PresenceServiceServer.
type Server struct {
	presencev1.UnimplementedPresenceServiceServer
	reg    *domain.Registry
	table  rpcstatus.Table
	logger *slog.Logger
	// pairs holds the encoding of each colliding pair while the roster stands.
	pairs wire.CollisionEncoder
}

var _ presencev1.PresenceServiceServer = (*Server)(nil)

// New returns a server over opts.Registry.
func New(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Server{reg: opts.Registry, logger: opts.Logger,
		table: rpcstatus.Table{Domain: ErrorDomain, Codes: reasonCodes, Logger: opts.Logger}}
}

// Attach adds the server to r.
func (s *Server) Attach(r grpc.ServiceRegistrar) { presencev1.RegisterPresenceServiceServer(r, s) }

// toStatus is the one mapping from domain errors to statuses: a refusal gets its code from the
// table; a store whose database cannot serve now (domain.ErrStoreUnavailable anywhere in the
// chain) is UNAVAILABLE with reason STORE_UNAVAILABLE, the cause logged; anything else is
// logged and answered as a bare Internal.
func (s *Server) toStatus(ctx context.Context, err error) error {
	if _, isRefusal := refusal.As(err); !isRefusal && errors.Is(err, domain.ErrStoreUnavailable) {
		s.logger.WarnContext(ctx, "presence: store unavailable", "err", err)
		err = refusal.New(domain.ReasonStoreUnavailable, "presence's store is unavailable; retry shortly")
	}
	return s.table.Status(ctx, err)
}

// caller is the verified principal of ctx. Who may call which presence RPC at all (a
// federation peer may call none) is the caller × RPC matrix, applied at the platform's door
// before any handler runs; presence records the door's refusals (door.go).
func (s *Server) caller(ctx context.Context) (principal.Principal, error) {
	return auth.PrincipalFrom(ctx)
}

// Register upserts the caller's presence.
func (s *Server) Register(ctx context.Context, req *presencev1.RegisterRequest) (*presencev1.RegisterResponse, error) {
	p, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	if req.GetTtlSeconds() < 0 {
		return nil, s.toStatus(ctx, refusal.Invalid(refusal.Violation{Field: "ttl_seconds", Description: "must not be negative"}))
	}
	rec, cols, err := s.reg.Register(ctx, p, wire.RegisterInput(req))
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &presencev1.RegisterResponse{Presence: wire.Presence(rec, cols)}, nil
}

// Beat refreshes the caller's presence.
func (s *Server) Beat(ctx context.Context, req *presencev1.BeatRequest) (*presencev1.BeatResponse, error) {
	p, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	rec, err := s.reg.Beat(p, req.GetPresenceId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	var cols []domain.Collision
	if req.GetIncludeCollisions() {
		if cols, err = s.reg.CollisionsOf(p, rec.ID); err != nil {
			return nil, s.toStatus(ctx, err)
		}
	}
	return &presencev1.BeatResponse{Presence: wire.Presence(rec, cols)}, nil
}

// Leave ends a presence.
func (s *Server) Leave(ctx context.Context, req *presencev1.LeaveRequest) (*presencev1.LeaveResponse, error) {
	p, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	rec, err := s.reg.Leave(ctx, p, req.GetPresenceId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &presencev1.LeaveResponse{Presence: wire.Presence(rec, nil)}, nil
}

// Get reads one live presence.
func (s *Server) Get(ctx context.Context, req *presencev1.GetRequest) (*presencev1.GetResponse, error) {
	p, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	row, err := s.reg.Get(p, req.GetPresenceId())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return &presencev1.GetResponse{Presence: wire.Presence(row.Presence, row.Collisions)}, nil
}

const maxPageSize = 1000

// List returns live presences.
func (s *Server) List(ctx context.Context, req *presencev1.ListRequest) (*presencev1.ListResponse, error) {
	p, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	var bad []refusal.Violation
	if req.GetPageSize() < 0 || req.GetPageSize() > maxPageSize {
		bad = append(bad, refusal.Violation{Field: "page_size", Description: "must be between 0 and 1000"})
	}
	if t := req.GetPageToken(); t != "" && !domain.ValidID(t) {
		bad = append(bad, refusal.Violation{Field: "page_token", Description: "is not a token this service issued"})
	}
	if len(bad) > 0 {
		return nil, s.toStatus(ctx, refusal.Invalid(bad...))
	}
	rows, next, cursor, err := s.reg.List(p, domain.ListFilter{Brain: req.GetBrain(), Kind: req.GetKind(),
		AgentID: req.GetAgentId(), After: req.GetPageToken(), Limit: int(req.GetPageSize())})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &presencev1.ListResponse{NextPageToken: next, Cursor: cursor, Presences: make([]*presencev1.Presence, len(rows))}
	for i, r := range rows {
		out.Presences[i] = wire.Presence(r.Presence, r.Collisions)
	}
	return out, nil
}

// Collisions answers one page of colliding pairs.
func (s *Server) Collisions(ctx context.Context, req *presencev1.CollisionsRequest) (*presencev1.CollisionsResponse, error) {
	p, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	after, err := wire.ParsePairToken(req.GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, refusal.Invalid(refusal.Violation{Field: "page_token", Description: err.Error()}))
	}
	page, err := s.reg.Collisions(p, domain.CollisionQuery{Brain: req.GetBrain(), ID: req.GetPresenceId(),
		After: after, Limit: int(req.GetPageSize())})
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	return s.pairs.Response(page), nil
}

// Gc sweeps expired presences now.
func (s *Server) Gc(ctx context.Context, _ *presencev1.GcRequest) (*presencev1.GcResponse, error) {
	p, err := s.caller(ctx)
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
		if p.Owner() || p.Service() || (p.Brain != "" && r.Brain == p.Brain) {
			out.Removed = append(out.Removed, wire.Presence(r, nil))
		}
	}
	return out, nil
}
