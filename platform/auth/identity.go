package auth

import (
	"context"

	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
)

// ErrorDomain is the ErrorInfo domain of refusals raised by authentication and authorization.
const ErrorDomain = "auth.organism"

// Identity is who is calling, as derived from verified credentials.
type Identity struct {
	Kind    Kind
	AgentID string
	Seat    string
	// Brain is the credential's brain binding; empty for the owner, services and peers.
	Brain   string
	Origin  commonv1.Origin
	TokenID string

	credential string
	session    string
}

// IsOwner reports whether the caller is the owner (through the CLI credential or a Hall session).
func (i Identity) IsOwner() bool {
	return i.Origin == commonv1.Origin_ORIGIN_HUMAN_CLI || i.Origin == commonv1.Origin_ORIGIN_HUMAN_UI
}

// IsHuman reports whether the request carries a human origin. Only the owner is human.
func (i Identity) IsHuman() bool { return i.IsOwner() }

// IsService reports whether the caller is an Organism service acting for itself.
func (i Identity) IsService() bool { return i.Kind == KindService }

// Ref renders the identity for receipts.
func (i Identity) Ref() *commonv1.AgentRef {
	return &commonv1.AgentRef{AgentId: i.AgentID, Seat: i.Seat, Brain: i.Brain, Origin: i.Origin}
}

// Principal is the identity in the terms every organ's domain uses: the one place a verified
// credential becomes a domain caller.
func (i Identity) Principal() principal.Principal {
	return principal.Principal{AgentID: i.AgentID, Seat: i.Seat, Brain: i.Brain, Origin: principal.Origin(i.OriginName())}
}

// PrincipalFrom returns the verified caller as a principal, or an Unauthenticated refusal.
func PrincipalFrom(ctx context.Context) (principal.Principal, error) {
	id, err := Caller(ctx)
	if err != nil {
		return principal.Principal{}, err
	}
	return id.Principal(), nil
}

// OriginName is the seed's spelling of the origin: human-ui, human-cli, agent, service, peer.
func (i Identity) OriginName() string { return OriginName(i.Origin) }

// OriginName spells an origin the way the seeds and receipts do.
func OriginName(o commonv1.Origin) string {
	switch o {
	case commonv1.Origin_ORIGIN_HUMAN_UI:
		return "human-ui"
	case commonv1.Origin_ORIGIN_HUMAN_CLI:
		return "human-cli"
	case commonv1.Origin_ORIGIN_AGENT:
		return "agent"
	case commonv1.Origin_ORIGIN_SERVICE:
		return "service"
	case commonv1.Origin_ORIGIN_PEER:
		return "peer"
	}
	return "unknown"
}

type identityKey struct{}

// WithIdentity returns ctx carrying id.
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, identityKey{}, id)
}

// FromContext returns the caller's identity and whether one was verified.
func FromContext(ctx context.Context) (Identity, bool) {
	id, ok := ctx.Value(identityKey{}).(Identity)
	return id, ok
}

// Caller returns the verified identity or an Unauthenticated refusal.
func Caller(ctx context.Context) (Identity, error) {
	id, ok := FromContext(ctx)
	if !ok {
		return Identity{}, rpcstatus.New(codes.Unauthenticated, ErrorDomain, "UNAUTHENTICATED", "no verified credential")
	}
	return id, nil
}

// RequireBrain allows the owner and Organism services any brain and an agent only its bound brain.
// Anything else is FOREIGN_BRAIN: cross-brain writes are the one damage class that must never happen.
func RequireBrain(ctx context.Context, brain string) (Identity, error) {
	id, err := Caller(ctx)
	if err != nil {
		return id, err
	}
	if id.IsOwner() || id.IsService() {
		return id, nil
	}
	if id.Kind == KindAgent && id.Brain == brain {
		return id, nil
	}
	return id, rpcstatus.Newf(codes.PermissionDenied, ErrorDomain, "FOREIGN_BRAIN",
		"credential is bound to brain %q, not %q", id.Brain, brain)
}

// RequireOwner allows only the owner (either human origin).
func RequireOwner(ctx context.Context) (Identity, error) {
	id, err := Caller(ctx)
	if err != nil {
		return id, err
	}
	if !id.IsOwner() {
		return id, rpcstatus.New(codes.PermissionDenied, ErrorDomain, "OWNER_ONLY", "only the owner may do this")
	}
	return id, nil
}

// RequireHuman allows only a human origin (human-ui through a gateway session, human-cli through the owner credential).
func RequireHuman(ctx context.Context) (Identity, error) {
	id, err := Caller(ctx)
	if err != nil {
		return id, err
	}
	if !id.IsHuman() {
		return id, rpcstatus.Newf(codes.PermissionDenied, ErrorDomain, "ORIGIN_NOT_HUMAN",
			"origin %s is not human; only the owner may do this", id.OriginName())
	}
	return id, nil
}

// ResolveBrain returns the brain a request acts in: the requested one (checked against the
// binding) or, when empty, the credential's own binding.
func ResolveBrain(ctx context.Context, requested string) (string, Identity, error) {
	id, err := Caller(ctx)
	if err != nil {
		return "", id, err
	}
	if requested == "" {
		requested = id.Brain
	}
	if _, err := RequireBrain(ctx, requested); err != nil {
		return "", id, err
	}
	return requested, id, nil
}
