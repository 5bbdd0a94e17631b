package domain

import (
	"context"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// RecordDoorRefusal records a refusal the platform's door made (the caller × RPC matrix) of one
// of this organ's durable effects, in the ledger the organ's laws name for it: the caller's
// own brain, or the security ledger for a caller bound to no brain. brain and missionID are
// what the refused request named, as far as it named them.
func (s *Service) RecordDoorRefusal(ctx context.Context, a principal.Principal, effect, brain, missionID string, ref *refusal.Error) {
	s.rejected(ctx, a, effect, brain, missionID, ref)
}
