package domain

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/organism-dev/organism/platform/idgen"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// The ledger (mind-contracts: every durable effect is accepted or refused, and has a receipt).
// Presence's durable effects are registrations and leaves: each leaves a commit receipt in the
// presence's brain, each refusal of one a rejection receipt. A beat is liveness, not a durable
// effect, and leaves none; nor does the sweep, which only removes what is already not live.

// SecurityLedger is the per-deployment ledger of refusals of callers bound to no brain (the
// owner, services, federation peers). Its leading "_" is reserved: no credential binding, no
// medulla brain and no presence brain (RESERVED_BRAIN) can carry it, so it is never a brain's
// ledger. Only the owner reads it.
const SecurityLedger = "_security"

// reservedBrain reports whether a brain name belongs to the service's own ledgers.
func reservedBrain(b string) bool { return strings.HasPrefix(b, "_") }

// ReceiptKind says which decision a receipt records.
type ReceiptKind string

// The receipt kinds.
const (
	ReceiptCommit    ReceiptKind = "commit"
	ReceiptRejection ReceiptKind = "rejection"
)

// The effects a receipt can record. Other RPC names appear as effects only on a peer's refusal.
const (
	EffectRegister = "register"
	EffectLeave    = "leave"
)

// MetaReceiptID is the refusal metadata key naming the rejection receipt that records it.
const MetaReceiptID = "receipt_id"

// DefaultRefusalWindow is how long identical refusals of one caller coalesce into one receipt.
const DefaultRefusalWindow = 10 * time.Minute

// Receipt is one entry of a ledger.
type Receipt struct {
	// Seq orders the ledgers (assigned by the store).
	Seq int64
	ID  string
	// Ledger is the ledger the receipt is listed in: the presence's brain for a commit; the
	// caller's own brain, or SecurityLedger, for a rejection.
	Ledger     string
	Kind       ReceiptKind
	ProposalID string
	// Brain is the brain the proposal aimed at, as far as the caller named or owned it.
	Brain   string
	Effect  string
	Subject string
	// Gates passed, in order; a rejection ends with "refused:<REASON>".
	Gates   []string
	Reason  refusal.Reason
	Message string
	Details map[string]string
	By      principal.Principal
	At      time.Time
	// Count is how many identical refusals this receipt stands for (1 for a commit), the
	// newest at LastAt.
	Count  int64
	LastAt time.Time
	// Key groups identical refusals for coalescing; empty on commits.
	Key string
}

// refusalLedger names the ledger a refusal of p's goes to: an agent's own bound brain whatever
// brain it aimed at (an outsider can never grow another brain's ledger), else the security
// ledger.
func refusalLedger(p principal.Principal) string {
	if p.Agent() && p.Brain != "" {
		return p.Brain
	}
	return SecurityLedger
}

// coalesceKey: identical refusals are those of one credential identity, effect and reason.
// The subject and the target brain stay out of it, so varying them cannot defeat the bound;
// the receipt keeps the first occurrence's.
func coalesceKey(p principal.Principal, effect string, reason refusal.Reason) string {
	return strings.Join([]string{string(p.Origin), p.AgentID, p.Seat, p.Brain, effect, string(reason)}, "\x1f")
}

// proposal is a durable effect on its way through the gates.
type proposal struct {
	effect  string
	brain   string
	subject string
	by      principal.Principal
	gates   []string
}

func propose(effect, brain, subject string, by principal.Principal) *proposal {
	return &proposal{effect: effect, brain: ledgerText(brain, MaxBrainBytes), subject: ledgerText(subject, 64), by: by}
}

func (p *proposal) pass(gate string) { p.gates = append(p.gates, gate) }

// commitReceipt is the receipt of an admitted effect, written with the effect itself.
func (p *proposal) commitReceipt(brain string, at time.Time, evs []Event, details map[string]string) *Receipt {
	if len(evs) > 0 {
		details["event_seqs"] = fmt.Sprintf("%d-%d", evs[0].Seq, evs[len(evs)-1].Seq)
	}
	return &Receipt{ID: idgen.Hex("rcpt_", 8), Ledger: brain, Kind: ReceiptCommit, ProposalID: idgen.Hex("prop_", 8),
		Brain: brain, Effect: p.effect, Subject: p.subject, Gates: p.gates, Details: details, By: p.by,
		At: at, Count: 1, LastAt: at}
}

// refused records err, when it is a refusal, as a rejection receipt in the caller's ledger and
// returns it carrying the receipt id. Any other error passes unchanged. A refusal that cannot
// be recorded is answered as the internal failure it is: nothing is refused unrecorded.
func (r *Registry) refused(ctx context.Context, p *proposal, err error) error {
	ref, ok := refusal.As(err)
	if !ok {
		return err
	}
	now := r.opts.Clock.Now().UTC()
	rc := Receipt{ID: idgen.Hex("rcpt_", 8), Ledger: refusalLedger(p.by), Kind: ReceiptRejection,
		ProposalID: idgen.Hex("prop_", 8), Brain: p.brain, Effect: p.effect, Subject: p.subject,
		Gates: append(append([]string(nil), p.gates...), "refused:"+string(ref.Reason)), Reason: ref.Reason,
		Message: ledgerText(ref.Message, 240), By: p.by, At: now, Count: 1, LastAt: now,
		Key: coalesceKey(p.by, p.effect, ref.Reason)}
	id, werr := r.recordRefusal(ctx, rc, now.Add(-r.opts.RefusalWindow))
	if werr != nil {
		return fmt.Errorf("record refusal %s: %w", ref.Reason, werr)
	}
	return ref.With(MetaReceiptID, id)
}

// recordRefusal writes rc under lmu, released by defer: a store that panics must not leave
// every later refusal waiting.
func (r *Registry) recordRefusal(ctx context.Context, rc Receipt, since time.Time) (string, error) {
	r.lmu.Lock()
	defer r.lmu.Unlock()
	return r.opts.Store.RecordRefusal(ctx, rc, since)
}

// Receipts pages a ledger newest first, before the given seq (0 = from the newest). An agent
// reads its own brain's ledger (empty names it); the owner any, the security ledger included;
// a service any brain's but not the security ledger.
func (r *Registry) Receipts(ctx context.Context, c principal.Principal, brain string, before int64, limit int) ([]Receipt, error) {
	switch {
	case brain == SecurityLedger:
		if !c.Owner() {
			return nil, refusal.Field(ReasonOwnerOnly, "brain", "only the owner reads the security ledger")
		}
	case unbound(c):
		if brain == "" {
			return nil, invalid(violation("brain", "required for callers without a brain binding"))
		}
		if v := checkBrainName(brain); v != "" {
			return nil, invalid(violation("brain", "%s", v))
		}
	default:
		b, err := boundBrain(c, brain)
		if err != nil {
			return nil, err
		}
		brain = b
	}
	return r.opts.Store.Receipts(ctx, brain, before, limit)
}

// ledgerText keeps caller-supplied text fit for a ledger line: control characters become
// spaces and it is cut to at most max bytes on a rune boundary.
func ledgerText(s string, max int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "?")
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// countText renders a count for receipt details.
func countText(n int) string { return strconv.Itoa(n) }
