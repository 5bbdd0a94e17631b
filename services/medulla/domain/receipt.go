package domain

import (
	"context"
	"errors"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// ReceiptKind says which decision a receipt records.
type ReceiptKind string

// The receipt kinds.
const (
	ReceiptCommit    ReceiptKind = "commit"
	ReceiptRejection ReceiptKind = "rejection"
	// ReceiptAdoption records foreign (global-verse) material admitted by the owner.
	ReceiptAdoption ReceiptKind = "adoption"
)

// Effects a proposal can ask for.
const (
	EffectMemorize         = "memorize"
	EffectVerify           = "verify"
	EffectImport           = "import"
	EffectBumpStoreVersion = "bump-store-version"
	EffectPromote          = "promote"
	EffectConsolidate      = "consolidate"
	EffectLearn            = "learn"
	EffectAdopt            = "adopt"
)

// Receipt is one entry of a brain's append-only ledger.
type Receipt struct {
	Seq         int64 // ledger order, assigned by the store
	ID          string
	Brain       string
	Kind        ReceiptKind
	ProposalID  string
	Effect      string
	Subject     string
	Gates       []string
	Reason      refusal.Reason
	Message     string
	VersionFrom int64 // store version before (commit) or unchanged (rejection)
	VersionTo   int64
	Details     map[string]string
	By          principal.Principal
	At          time.Time
	Verse       Verse
}

// proposal is a requested durable effect on its way through the gates.
type proposal struct {
	id      string
	brain   string
	effect  string
	subject string
	by      principal.Principal
	gates   []string
}

func (s *Service) propose(brain, effect, subject string, by principal.Principal) *proposal {
	return &proposal{id: s.ids.New("prop_"), brain: brain, effect: ledgerSafe(effect), subject: ledgerSafe(subject), by: by}
}

func (p *proposal) pass(gate string) { p.gates = append(p.gates, gate) }

// commit appends the commit receipt (id rid, allocated before the effect so the effect can
// point at it) after advancing the brain's store version.
func (s *Service) commit(tx Tx, p *proposal, rid string, details map[string]string) (*Receipt, error) {
	return s.commitVerse(tx, p, rid, VerseInternal, details)
}

// commitVerse is commit with the receipt placed in verse: a crossing into the medulla tier is
// owner-safe sharing (local), not private organ state.
func (s *Service) commitVerse(tx Tx, p *proposal, rid string, verse Verse, details map[string]string) (*Receipt, error) {
	before, after, err := tx.BumpStoreVersion(p.brain)
	if err != nil {
		return nil, err
	}
	r := &Receipt{
		ID: rid, Brain: p.brain, Kind: ReceiptCommit, ProposalID: p.id,
		Effect: p.effect, Subject: p.subject, Gates: p.gates, VersionFrom: before, VersionTo: after,
		Details: details, By: p.by, At: s.now(), Verse: verse,
	}
	return r, tx.AppendReceipt(r)
}

// reject appends a rejection receipt inside tx; nothing else in tx may have changed. The receipt
// goes to the ledger ledgerOf picks, never to a brain the caller stands outside of.
func (s *Service) reject(tx Tx, p *proposal, ref *refusal.Error) error {
	target := ledgerOf(p)
	if _, err := tx.Brain(target); errors.Is(err, ErrNotFound) && target != p.brain {
		// The caller's own brain is not registered: the owner's security ledger takes it.
		target = SecurityLedger
	}
	_, err := s.appendRejection(tx, p, ref, target, nil)
	return err
}

// appendRejection appends ref's rejection receipt to target's ledger and stamps ref with its id.
// details, when given, become the receipt's (it adds target_brain when target is not p's brain).
func (s *Service) appendRejection(tx Tx, p *proposal, ref *refusal.Error, target string, details map[string]string) (*Receipt, error) {
	b, err := tx.Brain(target)
	if err != nil {
		return nil, err
	}
	r := &Receipt{
		ID: s.ids.New("rcpt_"), Brain: target, Kind: ReceiptRejection, ProposalID: p.id,
		Effect: p.effect, Subject: ledgerSafe(p.subject), Gates: append(append([]string(nil), p.gates...), "refused:"+string(ref.Reason)),
		Reason: ref.Reason, Message: ledgerSafe(ref.Message), VersionFrom: b.StoreVersion, VersionTo: b.StoreVersion,
		Details: details, By: p.by, At: s.now(), Verse: VerseInternal,
	}
	if target != p.brain {
		if r.Details == nil {
			r.Details = map[string]string{}
		}
		r.Details["target_brain"] = ledgerSafe(p.brain)
	}
	if err := tx.AppendReceipt(r); err != nil {
		return nil, err
	}
	stampReceipt(ref, r.ID)
	return r, nil
}

// ledgerOf is the brain whose ledger records a refusal. A caller acting inside the target brain
// (its bound agents, services, the owner) is recorded there. A caller outside it (FOREIGN_BRAIN
// and the like) is recorded in its own brain's ledger, so that an outsider can never grow
// another brain's ledger; a caller bound to no brain, in the medulla tier's ledger, which only
// the owner reads (the deployment's security ledger for medulla).
func ledgerOf(p *proposal) string {
	switch {
	case mayAct(p.by, p.brain):
		return p.brain
	case p.by.Agent() && p.by.Brain != "" && ValidBrainName(p.by.Brain):
		return p.by.Brain
	}
	return MedullaBrain
}

// refuseLogged records a refusal in its own write (recordRefusal) and returns it. A federation
// peer's refusals are recorded too, in the security ledger, where identical ones coalesce: a
// peer grows no brain's ledger and the security ledger only by one receipt per kind and window.
func (s *Service) refuseLogged(ctx context.Context, p *proposal, ref *refusal.Error) error {
	if err := s.recordRefusal(ctx, p, ref); err != nil {
		return err
	}
	return ref
}

// ListReceipts pages a brain's ledger newest first. A ledger is private organ state (the
// internal verse): only the brain's own agents, services and the owner read it.
func (s *Service) ListReceipts(ctx context.Context, c principal.Principal, brain string, before int64, limit int) ([]Receipt, error) {
	if _, err := s.readable(ctx, c, brain); err != nil {
		return nil, err
	}
	if !mayAct(c, brain) {
		return nil, refusal.Field(ReasonForeignBrain, "brain", "credential is bound to brain %q; the %s ledger is not yours to read", c.Brain, brain)
	}
	return s.store.Receipts(ctx, brain, before, limit)
}

// readable resolves a brain the caller may read. The medulla tier is readable by every agent
// except one bound to an isolated brain: nothing crosses into an isolated brain.
func (s *Service) readable(ctx context.Context, c principal.Principal, brain string) (Brain, error) {
	if err := s.mayReadBrain(ctx, c, brain); err != nil {
		return Brain{}, err
	}
	return s.brain(ctx, brain)
}

// mayReadBrain is readable's refusals short of the brain's existence: a malformed name, a
// foreign brain, the medulla tier asked for by an agent of an isolated brain.
func (s *Service) mayReadBrain(ctx context.Context, c principal.Principal, brain string) error {
	if !ValidBrainName(brain) {
		return refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	if !mayRead(c, brain) {
		return refusal.Field(ReasonForeignBrain, "brain", "credential is bound to brain %q, not %q", c.Brain, brain)
	}
	if brain == MedullaBrain && c.Agent() {
		own, err := s.brainSettings(ctx, c.Brain)
		if err != nil {
			return err
		}
		if own.Policy == PolicyIsolated {
			return refusal.Field(ReasonIsolatedBrain, "brain", "brain %q is isolated: the medulla tier does not cross into it", c.Brain)
		}
	}
	return nil
}

// crossesTo reports whether a claim may be shown to the caller: doctrine born in an isolated
// brain never leaves it, whichever door is asked.
func (s *Service) crossesTo(ctx context.Context, c principal.Principal, cl Claim) (bool, error) {
	if cl.Brain != MedullaBrain || mayAct(c, MedullaBrain) || cl.Provenance.OriginBrain == "" || cl.Provenance.OriginBrain == c.Brain {
		return true, nil
	}
	origin, err := s.store.Brain(ctx, cl.Provenance.OriginBrain)
	if errors.Is(err, ErrNotFound) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return origin.Policy != PolicyIsolated, nil
}
