package transport

import (
	"context"
	"strings"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/refusal"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

var _ auth.DoorRecorder = (*Server)(nil)

// RecordDoorRefusal implements auth.DoorRecorder: a refusal at the door of a durable effect
// (opening a chain, posting a letter, landing) leaves its rejection receipt as the organ's own
// refusal of it would. Reads are no durable effect and leave none.
func (s *Server) RecordDoorRefusal(ctx context.Context, _ string, req any, ref *refusal.Error) (*refusal.Error, error) {
	var effect, brain, missionID string
	switch r := req.(type) {
	case *missionv1.OpenMissionRequest:
		effect, brain = domain.EffectOpen, r.GetPacket().GetBrain()
	case *missionv1.PostLetterRequest:
		effect, brain, missionID = domain.EffectLetter, r.GetLetter().GetBrain(), r.GetMissionId()
	case *missionv1.ImportReceiptRequest:
		effect, missionID = domain.EffectLand, r.GetMissionId()
	default:
		return ref, nil
	}
	p, err := auth.PrincipalFrom(ctx)
	if err != nil {
		return nil, err
	}
	// What the request names is the caller's text: it is bounded before it reaches a receipt.
	s.svc.RecordDoorRefusal(ctx, p, effect, bounded(brain), bounded(missionID), ref)
	return ref, nil
}

func bounded(s string) string {
	if len(s) > 64 {
		s = s[:64]
	}
	return strings.ToValidUTF8(s, "?")
}
