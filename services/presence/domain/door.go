package domain

import (
	"context"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// RecordDoorRefusal records a refusal the platform's door made (the caller × RPC matrix) of a
// presence RPC as a rejection receipt, in the caller's own ledger or the security ledger, and
// returns it carrying the receipt id, as the organ's own refusals are recorded.
func (r *Registry) RecordDoorRefusal(ctx context.Context, c principal.Principal, rpc string, ref *refusal.Error) error {
	return r.refused(ctx, propose(rpc, "", "", c), ref)
}
