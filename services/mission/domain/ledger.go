package domain

import (
	"context"
	"strconv"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// The mission ledger (mind-contracts): every letter appended, every landing, and every
// refusal of one of them leaves a receipt in the same shape as medulla's, listable per brain.
// A refusal belongs to the ledger of the caller's own brain when the caller reached outside
// it, so an outsider can never grow the target brain's ledger; callers bound to no brain (a
// peer, a stray service credential) are recorded in the per-deployment security ledger the
// owner reads.

// SecurityLedger is the ledger name of refusals of callers bound to no brain.
const SecurityLedger = ""

// Effects a mission receipt records.
const (
	EffectOpen   = "open"
	EffectLetter = "letter"
	EffectLand   = "land"
)

// Decision is a receipt's verdict.
type Decision string

// The two verdicts of the ledger.
const (
	DecisionCommit Decision = "commit"
	DecisionReject Decision = "reject"
)

// Entry is one receipt of the mission ledger.
type Entry struct {
	ReceiptID string `json:"receipt_id"`
	// Ledger is the brain whose ledger holds the receipt (SecurityLedger for none).
	Ledger string `json:"ledger"`
	// Brain is the brain the proposal was about.
	Brain     string   `json:"brain"`
	MissionID string   `json:"mission_id"`
	Effect    string   `json:"effect"`
	Subject   string   `json:"subject"`
	Decision  Decision `json:"decision"`
	// Gates the proposal passed, in order (for a rejection, the last one failed).
	Gates              []string          `json:"gates,omitempty"`
	Reason             refusal.Reason    `json:"reason,omitempty"`
	Message            string            `json:"message,omitempty"`
	StoreVersionBefore int64             `json:"store_version_before,omitempty"`
	StoreVersionAfter  int64             `json:"store_version_after,omitempty"`
	Details            map[string]string `json:"details,omitempty"`
	By                 Author            `json:"by"`
	At                 time.Time         `json:"at"`
}

// LedgerFilter selects one ledger page: receipts older than Before (0 = newest), newest first.
type LedgerFilter struct {
	Ledger string
	Before int64
	Limit  int
}

// ledgerFor names the ledger a refusal of a's proposal about brain belongs to.
func ledgerFor(a principal.Principal, brain string) string {
	switch {
	case a.Brain != "":
		// An agent's refusals stay in its own brain, whatever it reached for.
		return a.Brain
	case (a.Human() || a.Service()) && brain != "":
		return brain
	}
	return SecurityLedger
}

// committed is the commit receipt of an accepted letter.
func (s *Service) committed(a principal.Principal, effect string, l Letter, gates ...string) *Entry {
	return &Entry{ReceiptID: s.o.IDs.New("rcpt_"), Ledger: l.Brain, Brain: l.Brain, MissionID: l.MissionID, Effect: effect,
		Subject: l.MissionID, Decision: DecisionCommit, Gates: gates, By: AuthorOf(a), At: l.PostedAt,
		Details: map[string]string{"letter": l.LetterID, "seq": strconv.FormatInt(l.Seq, 10), "phase": string(l.Phase)}}
}

// rejected records a refused letter or landing in the ledger it belongs to. Only refusals are
// recorded; an internal failure is logged by transport and leaves no receipt.
func (s *Service) rejected(ctx context.Context, a principal.Principal, effect, brain, missionID string, err error) {
	e, ok := refusal.As(err)
	if !ok {
		return
	}
	en := Entry{ReceiptID: s.o.IDs.New("rcpt_"), Ledger: ledgerFor(a, brain), Brain: brain, MissionID: missionID,
		Effect: effect, Subject: missionID, Decision: DecisionReject, Reason: e.Reason, Message: e.Message,
		By: AuthorOf(a), At: s.o.Clock.Now()}
	if err := s.o.Store.AddEntry(ctx, en); err != nil {
		s.log.ErrorContext(ctx, "record rejection receipt", "mission", missionID, "reason", e.Reason, "err", err)
	}
}

// ListReceipts lists one page of a ledger, newest first: brain's (the caller's own when
// empty), or with security the per-deployment security ledger, which only the owner reads.
func (s *Service) ListReceipts(ctx context.Context, a principal.Principal, brain string, security bool, size int, token string) ([]Entry, string, error) {
	f := LedgerFilter{Limit: pageSize(size, DefaultPageSize)}
	switch {
	case security:
		if !a.Human() {
			return nil, "", refusal.New(ReasonOriginNotHuman, "the security ledger is the owner's to read; origin %s is not human", a.Origin)
		}
		if brain != "" {
			return nil, "", refusal.Field(ReasonInvalidArgument, "brain", "name a brain or the security ledger, not both")
		}
		f.Ledger = SecurityLedger
	default:
		if brain == "" {
			brain = a.Brain
		}
		if brain == "" {
			return nil, "", refusal.Field(ReasonInvalidArgument, "brain", "name the brain whose ledger to list")
		}
		if !MayUse(a, brain) {
			return nil, "", foreign(a, brain)
		}
		f.Ledger = brain
	}
	if token != "" {
		n, err := strconv.ParseInt(token, 10, 64)
		if err != nil || n <= 0 || strconv.FormatInt(n, 10) != token {
			return nil, "", refusal.Field(ReasonInvalidArgument, "page.page_token", "not a token this server issued")
		}
		f.Before = n
	}
	es, last, err := s.o.Store.Ledger(ctx, f)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(es) == f.Limit && last > 1 {
		next = strconv.FormatInt(last, 10)
	}
	return es, next, nil
}
