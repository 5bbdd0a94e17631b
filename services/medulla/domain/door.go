package domain

import (
	"context"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// RecordDoorRefusal records a refusal the platform's door made (the caller × RPC matrix) of a
// medulla RPC as a rejection receipt, routed as the organ's own refusals are (recordRefusal):
// the named brain's ledger for a caller acting inside it, the caller's own brain's ledger for an
// agent outside it, the security ledger (the medulla tier's, which the owner reads) for a caller
// bound to no brain, a federation peer included, or when that brain is not registered. brain is
// what the request named, or empty. The returned refusal carries the receipt id.
func (s *Service) RecordDoorRefusal(ctx context.Context, c principal.Principal, rpc, brain string, ref *refusal.Error) (*refusal.Error, error) {
	if !ValidBrainName(brain) {
		brain = c.Brain
	}
	if !ValidBrainName(brain) {
		brain = MedullaBrain
	}
	out := *ref
	p := s.propose(brain, rpc, brain, c)
	p.pass("door")
	if err := s.recordRefusal(ctx, p, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
