package gateway

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"

	"github.com/organism-dev/organism/gateway/hall"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// newHall builds the owner's web console on the gateway's own upstream connections and
// session store: one session serves the Hall's pages and the JSON API alike.
func (g *Gateway) newHall() (*hall.Hall, error) {
	return hall.New(hall.Options{
		Soul:         g.conns[soulv1.SoulService_ServiceDesc.ServiceName],
		Medulla:      g.conns[medullav1.MedullaService_ServiceDesc.ServiceName],
		Mission:      g.conns[missionv1.MissionService_ServiceDesc.ServiceName],
		Presence:     g.conns[presencev1.PresenceService_ServiceDesc.ServiceName],
		Sessions:     hallSessions{g},
		CookieName:   SessionCookie,
		SecureCookie: g.opts.SecureCookie,
		Logger:       g.opts.Logger,
		Clock:        g.opts.Clock,
	})
}

// hallSessions is the gateway's session store as the Hall sees it.
type hallSessions struct{ g *Gateway }

// Open applies the same rule as POST /v1/session: the credential must verify and be the owner's.
func (s hallSessions) Open(ctx context.Context, credential string) (hall.Session, error) {
	if credential == "" {
		return hall.Session{}, rpcstatus.New(codes.InvalidArgument, Domain, "INVALID_ARGUMENT", "credential is required")
	}
	sess, err := s.g.openOwnerSession(ctx, credential)
	if err != nil {
		return hall.Session{}, err
	}
	return hall.Session{ID: sess.id, CSRF: sess.csrf, Expires: sess.expires}, nil
}

func (s hallSessions) Get(id string) (hall.Session, bool) {
	sess, ok := s.g.sessions.get(id)
	if !ok {
		return hall.Session{}, false
	}
	return hall.Session{ID: sess.id, CSRF: sess.csrf, Expires: sess.expires}, true
}

func (s hallSessions) Close(id string) { s.g.sessions.delete(id) }

// Upstream carries the gateway credential and the owner's session: the organs see origin
// human-ui. Without a live session it carries nothing, and the organs refuse.
func (s hallSessions) Upstream(ctx context.Context, hs hall.Session) context.Context {
	sess, ok := s.g.sessions.get(hs.ID)
	if !ok {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, auth.AuthorizationHeader, "Bearer "+s.g.opts.GatewayToken, auth.SessionHeader, sess.ownerToken)
}
