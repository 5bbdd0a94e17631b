package auth

import (
	"context"
	"errors"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"

	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
)

// Metadata keys. SessionHeader is honoured only beside a gateway credential.
const (
	AuthorizationHeader = "authorization"
	SessionHeader       = "x-organism-session"
)

// Exempt reports whether a method is served without credentials: health and reflection only.
func Exempt(fullMethod string) bool {
	return strings.HasPrefix(fullMethod, "/grpc.health.v1.Health/") ||
		strings.HasPrefix(fullMethod, "/grpc.reflection.")
}

// Authenticate derives the caller's identity from incoming metadata.
func (v *Verifier) Authenticate(ctx context.Context) (Identity, error) {
	// ValueFromIncomingContext reads without copying the whole metadata map on every call.
	auths := metadata.ValueFromIncomingContext(ctx, AuthorizationHeader)
	if len(auths) == 0 {
		return Identity{}, rpcstatus.New(codes.Unauthenticated, ErrorDomain, "UNAUTHENTICATED", "missing bearer credential")
	}
	if len(auths) > 1 {
		return Identity{}, rpcstatus.New(codes.Unauthenticated, ErrorDomain, "TOKEN_MALFORMED", "more than one authorization header")
	}
	token, ok := strings.CutPrefix(auths[0], "Bearer ")
	if !ok {
		return Identity{}, rpcstatus.New(codes.Unauthenticated, ErrorDomain, "TOKEN_MALFORMED", "authorization must be a Bearer credential")
	}
	c, err := v.Verify(strings.TrimSpace(token))
	if err != nil {
		return Identity{}, tokenRefusal(err)
	}
	id := Identity{Kind: c.Kind, AgentID: c.Subject, Seat: c.Seat, Brain: c.Brain, TokenID: c.ID, credential: token}
	switch c.Kind {
	case KindOwner:
		id.Origin = commonv1.Origin_ORIGIN_HUMAN_CLI
	case KindAgent:
		id.Origin = commonv1.Origin_ORIGIN_AGENT
	case KindService:
		id.Origin = commonv1.Origin_ORIGIN_SERVICE
	case KindPeer:
		id.Origin = commonv1.Origin_ORIGIN_PEER
	case KindGateway:
		id.Origin = commonv1.Origin_ORIGIN_SERVICE
		if sessions := metadata.ValueFromIncomingContext(ctx, SessionHeader); len(sessions) > 0 {
			return v.sessionIdentity(token, sessions)
		}
	}
	if c.Kind != KindGateway && len(metadata.ValueFromIncomingContext(ctx, SessionHeader)) > 0 {
		return Identity{}, rpcstatus.New(codes.PermissionDenied, ErrorDomain, "ORIGIN_NOT_HUMAN",
			"only the gateway may carry an owner session")
	}
	return id, nil
}

// sessionIdentity turns a gateway-carried owner session into the human-ui origin.
func (v *Verifier) sessionIdentity(gatewayToken string, sessions []string) (Identity, error) {
	if len(sessions) != 1 {
		return Identity{}, rpcstatus.New(codes.Unauthenticated, ErrorDomain, "TOKEN_MALFORMED", "more than one session")
	}
	s, err := v.Verify(sessions[0])
	if err != nil {
		return Identity{}, tokenRefusal(err)
	}
	if s.Kind != KindOwner {
		return Identity{}, rpcstatus.New(codes.PermissionDenied, ErrorDomain, "ORIGIN_NOT_HUMAN", "session is not the owner's")
	}
	return Identity{Kind: KindOwner, AgentID: s.Subject, Seat: s.Seat, Origin: commonv1.Origin_ORIGIN_HUMAN_UI,
		TokenID: s.ID, credential: gatewayToken, session: sessions[0]}, nil
}

func tokenRefusal(err error) error {
	switch {
	case errors.Is(err, ErrExpired):
		return rpcstatus.New(codes.Unauthenticated, ErrorDomain, "TOKEN_EXPIRED", "credential expired")
	case errors.Is(err, ErrBadSignature):
		return rpcstatus.New(codes.Unauthenticated, ErrorDomain, "BAD_SIGNATURE", "credential signature does not verify")
	default:
		return rpcstatus.New(codes.Unauthenticated, ErrorDomain, "TOKEN_MALFORMED", "credential is malformed")
	}
}

// UnaryServerInterceptor verifies every call except Exempt ones, puts the identity in the
// context, and applies the caller × RPC matrix (matrix.go) before the handler runs.
func (v *Verifier) UnaryServerInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if Exempt(info.FullMethod) {
			return handler(ctx, req)
		}
		id, err := v.Authenticate(ctx)
		if err != nil {
			return nil, err
		}
		ctx = WithIdentity(ctx, id)
		if err := admit(ctx, id, info.FullMethod, info.Server, req); err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

// StreamServerInterceptor is the streaming counterpart of UnaryServerInterceptor.
func (v *Verifier) StreamServerInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if Exempt(info.FullMethod) {
			return handler(srv, ss)
		}
		id, err := v.Authenticate(ss.Context())
		if err != nil {
			return err
		}
		ctx := WithIdentity(ss.Context(), id)
		if err := admit(ctx, id, info.FullMethod, srv, nil); err != nil {
			return err
		}
		return handler(srv, &identityStream{ServerStream: ss, ctx: ctx})
	}
}

type identityStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *identityStream) Context() context.Context { return s.ctx }
