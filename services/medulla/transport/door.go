package transport

import (
	"context"
	"strings"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/refusal"
)

var _ auth.DoorRecorder = (*Server)(nil)

// RecordDoorRefusal implements auth.DoorRecorder: a refusal at medulla's door leaves its
// rejection receipt where the organ's own refusals of that caller go (domain.RecordDoorRefusal).
func (s *Server) RecordDoorRefusal(ctx context.Context, fullMethod string, req any, ref *refusal.Error) (*refusal.Error, error) {
	p, err := auth.PrincipalFrom(ctx)
	if err != nil {
		return nil, err
	}
	// The brain the request names is the caller's text: the domain keeps it only when it is a
	// valid brain name.
	var brain string
	switch r := req.(type) {
	case interface{ GetBrain() string }:
		brain = r.GetBrain()
	case interface{ GetName() string }:
		brain = r.GetName()
	}
	return s.svc.RecordDoorRefusal(ctx, p, methodName(fullMethod), brain, ref)
}

// methodName is the RPC's own name, the effect a door refusal is recorded under.
func methodName(fullMethod string) string {
	if i := strings.LastIndexByte(fullMethod, '/'); i >= 0 {
		return fullMethod[i+1:]
	}
	return fullMethod
}
