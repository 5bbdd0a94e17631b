package transport

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

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
	// RecordRefusal appends r to the security ledger, or counts it into the receipt of the same
	// key first recorded after since, and returns the receipt's id.
	RecordRefusal(ctx context.Context, r domain.Receipt, key string, since time.Time) (string, error)
	// RefusalRepeats returns the counts of those of ids that are security-ledger refusals.
	RefusalRepeats(ctx context.Context, ids []string) (map[string]domain.RefusalRepeat, error)
}

// DoorOptions arm the recording of door refusals.
type DoorOptions struct {
	Ledger DoorLedger
	IDs    domain.IDs
	Clock  domain.Clock
	// RefusalWindow is how long identical refusals in the security ledger coalesce into one
	// receipt; 0 means domain.DefaultRefusalWindow.
	RefusalWindow time.Duration
}

// RecordDoorRefusals makes the server record the refusals the platform's door makes of soul's
// RPCs (auth.DoorRecorder). Without it the door answers them unrecorded.
func (s *Server) RecordDoorRefusals(o DoorOptions) {
	if o.RefusalWindow <= 0 {
		o.RefusalWindow = domain.DefaultRefusalWindow
	}
	s.door = &door{DoorOptions: o}
}

// door is the armed recorder; mu makes identical refusals take turns, so each finds the
// receipt the one before it wrote.
type door struct {
	DoorOptions
	mu sync.Mutex
}

var _ auth.DoorRecorder = (*Server)(nil)

// RecordDoorRefusal implements auth.DoorRecorder. A refused agent's refusal is a receipt in its
// own brain's soul ledger, never in the brain its request named (an outsider could otherwise
// grow another brain's ledger), as soul's other receipts carry its principal. A caller bound to
// no brain (a federation peer, a service, the owner) is recorded in the security ledger, which
// only the owner reads; there identical refusals (one credential, RPC and reason) within the
// refusal window are one receipt whose count grows, so no caller can grow it without bound.
func (s *Server) RecordDoorRefusal(ctx context.Context, fullMethod string, _ any, ref *refusal.Error) (*refusal.Error, error) {
	if s.door == nil {
		return ref, nil
	}
	p, err := auth.PrincipalFrom(ctx)
	if err != nil {
		return nil, err
	}
	method := fullMethod
	if i := strings.LastIndexByte(method, '/'); i >= 0 {
		method = method[i+1:]
	}
	now := s.door.Clock.Now()
	r := domain.Receipt{ID: s.door.IDs.New("srcpt"), Brain: p.Brain, Kind: ReceiptDoorRefusal, At: now,
		Line: fmt.Sprintf("door refused %s: %s", method, ref.Reason), By: p, Verdict: "refused"}
	if p.Agent() && auth.ValidName(p.Brain) {
		if err := s.door.Ledger.AppendReceipt(ctx, r); err != nil {
			return nil, err
		}
		return ref.With(metaReceiptID, r.ID), nil
	}
	r.Brain = domain.SecurityLedger
	key := strings.Join([]string{string(p.Origin), p.AgentID, p.Seat, p.Brain, method, string(ref.Reason)}, "\x1f")
	s.door.mu.Lock()
	id, err := s.door.Ledger.RecordRefusal(ctx, r, key, now.Add(-s.door.RefusalWindow))
	s.door.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return ref.With(metaReceiptID, id), nil
}
