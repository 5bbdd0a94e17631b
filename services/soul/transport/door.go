package transport

import (
	"context"
	"fmt"
	"strings"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/soul/domain"
)

// ReceiptDoorRefusal is the kind of the receipt a refusal at soul's door leaves.
const ReceiptDoorRefusal = "refusal"

// metaReceiptID is where a recorded refusal carries its receipt id, as the other organs' do.
const metaReceiptID = "receipt_id"

// DoorLedger is where door refusals are written: soul's receipt store.
type DoorLedger interface {
	AppendReceipt(ctx context.Context, r domain.Receipt) error
}

// DoorOptions arm the recording of door refusals.
type DoorOptions struct {
	Ledger DoorLedger
	IDs    domain.IDs
	Clock  domain.Clock
}

// RecordDoorRefusals makes the server record the refusals the platform's door makes of soul's
// RPCs (auth.DoorRecorder). Without it the door answers them unrecorded.
func (s *Server) RecordDoorRefusals(o DoorOptions) { s.door = &o }

var _ auth.DoorRecorder = (*Server)(nil)

// RecordDoorRefusal implements auth.DoorRecorder. A refused agent's refusal is a receipt in its
// own brain's soul ledger, never in the brain its request named (an outsider could otherwise
// grow another brain's ledger), as soul's other receipts carry its principal. Soul keeps no
// security ledger: a caller bound to no brain (a federation peer, a service) is answered and
// not written, as medulla answers a peer, so that nothing outside the owner's brains writes here.
func (s *Server) RecordDoorRefusal(ctx context.Context, fullMethod string, _ any, ref *refusal.Error) (*refusal.Error, error) {
	if s.door == nil {
		return ref, nil
	}
	p, err := auth.PrincipalFrom(ctx)
	if err != nil {
		return nil, err
	}
	if !p.Agent() || !auth.ValidName(p.Brain) {
		return ref, nil
	}
	method := fullMethod
	if i := strings.LastIndexByte(method, '/'); i >= 0 {
		method = method[i+1:]
	}
	r := domain.Receipt{ID: s.door.IDs.New("srcpt"), Brain: p.Brain, Kind: ReceiptDoorRefusal, At: s.door.Clock.Now(),
		Line: fmt.Sprintf("door refused %s: %s", method, ref.Reason), By: p, Verdict: "refused"}
	if err := s.door.Ledger.AppendReceipt(ctx, r); err != nil {
		return nil, err
	}
	return ref.With(metaReceiptID, r.ID), nil
}
