package domain

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/organism-dev/organism/platform/refusal"
)

// The security ledger (mind-contracts: every refusal has a receipt). A refusal of a caller bound
// to no brain (a federation peer, a service or the owner naming a brain that is not registered,
// an agent whose own brain is not) has no brain of its own to be recorded in: it goes to the
// medulla tier's ledger, which only the owner reads, and is medulla's part of the deployment's
// security ledger. Such a caller could otherwise grow that ledger without bound, so identical
// refusals coalesce there.

// SecurityLedger is the brain whose ledger is medulla's security ledger.
const SecurityLedger = MedullaBrain

// DefaultRefusalWindow is how long identical refusals of one caller coalesce into one receipt,
// counted from the first of them.
const DefaultRefusalWindow = 10 * time.Minute

// The details a coalesced rejection receipt carries: how many identical refusals it stands for
// and when the newest was refused (RFC 3339, UTC).
const (
	DetailCount  = "count"
	DetailLastAt = "last_at"
)

// tally remembers the security ledger's open rejection receipts, one per coalescing key, until
// their window closes. It is held across the write that records a refusal, so identical
// refusals take turns and each sees the receipt the one before it wrote.
type tally struct {
	mu     sync.Mutex
	window time.Duration
	open   map[string]*openRefusal
}

type openRefusal struct {
	id      string
	first   time.Time
	count   int64
	details map[string]string
}

// expire forgets the receipts whose window closed before now.
func (t *tally) expire(now time.Time) {
	for k, o := range t.open {
		if !now.Before(o.first.Add(t.window)) {
			delete(t.open, k)
		}
	}
}

// coalesceKey: identical refusals are those of one credential identity, effect and reason.
// The subject and the brain aimed at stay out of it, so varying them cannot defeat the bound;
// the receipt keeps the first occurrence's.
func coalesceKey(p *proposal, reason refusal.Reason) string {
	return strings.Join([]string{string(p.by.Origin), p.by.AgentID, p.by.Seat, p.by.Brain, p.effect, string(reason)}, "\x1f")
}

// recordRefusal writes ref's rejection receipt in its own write: in the ledger ledgerOf picks
// when that brain is registered, else coalesced into the security ledger.
func (s *Service) recordRefusal(ctx context.Context, p *proposal, ref *refusal.Error) error {
	target, err := s.landing(ctx, p)
	if err != nil {
		return err
	}
	if target != SecurityLedger {
		return s.store.Write(ctx, func(tx Tx) error { return s.reject(tx, p, ref) })
	}
	return s.secure(ctx, p, ref)
}

// landing is the ledger a refusal of p lands in: ledgerOf's, or the security ledger when that
// brain is not registered.
func (s *Service) landing(ctx context.Context, p *proposal) (string, error) {
	target := ledgerOf(p)
	if target == SecurityLedger {
		return target, nil
	}
	if _, err := s.store.Brain(ctx, target); errors.Is(err, ErrNotFound) {
		return SecurityLedger, nil
	} else if err != nil {
		return "", err
	}
	return target, nil
}

// secure records ref in the security ledger: a new receipt for the first refusal of its kind in
// the window, else the open receipt's count and newest time grow. Either way ref names it.
func (s *Service) secure(ctx context.Context, p *proposal, ref *refusal.Error) error {
	key := coalesceKey(p, ref.Reason)
	now := s.now()
	s.tally.mu.Lock()
	defer s.tally.mu.Unlock()
	if o := s.tally.open[key]; o != nil && now.Before(o.first.Add(s.tally.window)) {
		d := make(map[string]string, len(o.details))
		for k, v := range o.details {
			d[k] = v
		}
		d[DetailCount] = strconv.FormatInt(o.count+1, 10)
		d[DetailLastAt] = now.Format(time.RFC3339Nano)
		err := s.store.Write(ctx, func(tx Tx) error { return tx.RecountRefusal(o.id, d) })
		switch {
		case err == nil:
			o.count, o.details = o.count+1, d
			stampReceipt(ref, o.id)
			return nil
		case !errors.Is(err, ErrNotFound):
			return err
		}
		// The receipt is gone from under us (a restored store): start a new one.
	}
	s.tally.expire(now)
	var rc *Receipt
	err := s.store.Write(ctx, func(tx Tx) error {
		var err error
		rc, err = s.appendRejection(tx, p, ref, SecurityLedger, map[string]string{DetailCount: "1", DetailLastAt: now.Format(time.RFC3339Nano)})
		return err
	})
	if err != nil {
		return err
	}
	s.tally.open[key] = &openRefusal{id: rc.ID, first: now, count: 1, details: rc.Details}
	return nil
}
