package domain

import (
	"context"
	"errors"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// RecordDoorRefusal records a refusal the platform's door made (the caller × RPC matrix) of a
// medulla RPC as a rejection receipt, routed as the organ's own refusals are (ledgerOf): the
// named brain's ledger for a caller acting inside it, the caller's own brain's ledger for an
// agent outside it, the medulla tier's ledger (the owner's security ledger) for a caller bound
// to no brain. brain is what the request named, or empty. A federation peer's refusal is
// answered and not written, as every refusal of a peer: a peer causes no write at all, so it
// cannot grow any ledger. The returned refusal carries the receipt id.
func (s *Service) RecordDoorRefusal(ctx context.Context, c principal.Principal, rpc, brain string, ref *refusal.Error) (*refusal.Error, error) {
	if !ValidBrainName(brain) {
		brain = c.Brain
	}
	if !ValidBrainName(brain) {
		brain = MedullaBrain
	}
	if c.Peer() {
		return ref, nil
	}
	out := *ref
	p := s.propose(brain, rpc, brain, c)
	p.pass("door")
	err := s.store.Write(ctx, func(tx Tx) error { return s.reject(tx, p, &out) })
	if errors.Is(err, ErrNotFound) && brain != MedullaBrain {
		// The brain named (or the caller's own) is not registered: the security ledger takes it.
		out = *ref
		p = s.propose(MedullaBrain, rpc, brain, c)
		p.pass("door")
		err = s.store.Write(ctx, func(tx Tx) error { return s.reject(tx, p, &out) })
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}
