package domain

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// Feedback is what a session says about a crossed claim it applied.
type Feedback string

// The feedback values. The reuse meter counts survival, not causation: not_wrong says a
// crossed claim was applied and not found wrong, never that it caused the success.
const (
	FeedbackNotWrong Feedback = "not_wrong"
	FeedbackWrong    Feedback = "wrong"
)

// ReuseEvent is one learn feedback from a learner in one brain on a medulla claim.
type ReuseEvent struct {
	Slug         string
	Version      int64
	OriginBrain  string
	LearnerBrain string
	Learner      string
	Feedback     Feedback
	At           time.Time
	ReceiptID    string
}

// LearnInput reports feedback on a medulla claim.
type LearnInput struct {
	Brain    string
	Slug     string
	Feedback Feedback
	Note     string
}

// LearnResult says whether the event counted and where the meter stands.
type LearnResult struct {
	Counted bool
	Reuse   int64
	Wrong   int64
	Receipt Receipt
	Note    string
}

// Learn records feedback from a session in one brain on a medulla claim born in another: a
// not_wrong feedback is one reuse event. Each learner counts once per claim and feedback, so
// that a loop cannot inflate the meter; the event lands in the learner brain's ledger.
func (s *Service) Learn(ctx context.Context, c principal.Principal, in LearnInput) (LearnResult, error) {
	if !ValidBrainName(in.Brain) {
		return LearnResult{}, refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	if !ValidSlug(in.Slug) {
		return LearnResult{}, refusal.Field(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	if in.Brain == MedullaBrain {
		return LearnResult{}, refusal.Field(ReasonReservedBrain, "brain", "learn reports from the brain whose session applied the claim, not from the medulla tier")
	}
	b, err := s.brainSettings(ctx, in.Brain)
	if err != nil {
		return LearnResult{}, err
	}
	p := s.propose(in.Brain, EffectLearn, in.Slug, c)
	if !mayAct(c, in.Brain) {
		return LearnResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonForeignBrain, "brain", "credential is bound to brain %q, not %q", c.Brain, in.Brain))
	}
	p.pass("brain-binding")
	if r := checkText("slug", in.Slug); r != nil {
		return LearnResult{}, s.refuseLogged(ctx, p, r)
	}
	if in.Feedback != FeedbackNotWrong && in.Feedback != FeedbackWrong {
		return LearnResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonInvalidArgument, "feedback", "feedback must be not_wrong or wrong"))
	}
	if len(in.Note) > 2048 || !utf8Clean(in.Note) {
		return LearnResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonInvalidArgument, "note", "note must be clean text of at most 2048 bytes"))
	}
	if r := checkText("note", in.Note); r != nil {
		return LearnResult{}, s.refuseLogged(ctx, p, r)
	}
	if b.Policy == PolicyIsolated {
		return LearnResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonIsolatedBrain, "brain", "brain %q is isolated: no medulla claim crosses into it, so none can be reused there", in.Brain))
	}
	cl, err := s.store.Claim(ctx, MedullaBrain, in.Slug, 0)
	if errors.Is(err, ErrNotFound) {
		return LearnResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonClaimNotFound, "slug", "no live medulla claim %s", in.Slug))
	}
	if err != nil {
		return LearnResult{}, err
	}
	if ok, err := s.crossesTo(ctx, c, cl); err != nil {
		return LearnResult{}, err
	} else if !ok {
		return LearnResult{}, s.logRefusal(ctx, p, withheld(cl))
	}
	if cl.Provenance.OriginBrain == in.Brain {
		return LearnResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonNotCrossed, "slug", "medulla/%s was born in %s; reuse counts only in another brain", in.Slug, in.Brain))
	}
	p.pass("crossed")

	ev := ReuseEvent{Slug: cl.Slug, Version: cl.Version, OriginBrain: cl.Provenance.OriginBrain, LearnerBrain: in.Brain,
		Learner: c.Name(), Feedback: in.Feedback}
	var res LearnResult
	err = s.store.Write(ctx, func(tx Tx) error {
		res = LearnResult{}
		p := *p
		p.gates = append([]string(nil), p.gates...)
		ev.At, ev.ReceiptID = s.now(), s.ids.New("rcpt_")
		added, err := tx.RecordReuse(ev)
		if err != nil || !added {
			return err
		}
		p.pass("one-event-per-learner")
		details := map[string]string{"slug": cl.Slug, "version": strconv.FormatInt(cl.Version, 10), "origin_brain": ev.OriginBrain, "feedback": string(in.Feedback)}
		if in.Note != "" {
			details["note"] = in.Note
		}
		r, err := s.commit(tx, &p, ev.ReceiptID, details)
		if err != nil {
			return err
		}
		res = LearnResult{Counted: true, Receipt: *r}
		return nil
	})
	if err != nil {
		return LearnResult{}, err
	}
	if res.Reuse, res.Wrong, err = s.store.ReuseCounts(ctx, cl.Slug); err != nil {
		return LearnResult{}, err
	}
	if res.Counted {
		res.Note = fmt.Sprintf("counted one %s event on medulla/%s from %s (survival, not causation)", in.Feedback, cl.Slug, in.Brain)
	} else {
		res.Note = fmt.Sprintf("%s already reported %s on medulla/%s from %s; counted once", c.Name(), in.Feedback, cl.Slug, in.Brain)
	}
	return res, nil
}

// PortfolioRow is one brain's line in the portfolio.
type PortfolioRow struct {
	Brain       string
	Live        int64
	Verified    int64
	PromotedOut int64
	Reused      int64
	Wrong       int64
}

// PortfolioResult lists visible brains; isolated brains are only counted.
type PortfolioResult struct {
	Rows          []PortfolioRow
	IsolatedCount int
	MedullaLive   int64
	Note          string
}

// Portfolio lists per brain its live and verified claims, what it promoted out and how often
// that was reused elsewhere. The owner sees every brain, an agent its own. An isolated brain
// is never itemized, only counted: its numbers are part of what it keeps to itself.
func (s *Service) Portfolio(ctx context.Context, c principal.Principal) (PortfolioResult, error) {
	if !c.Owner() && !c.Agent() && !c.Service() {
		return PortfolioResult{}, refusal.New(ReasonForeignBrain, "the portfolio is for the owner and the owner's agents")
	}
	brains, err := s.store.Brains(ctx)
	if err != nil {
		return PortfolioResult{}, err
	}
	counts, err := s.store.PortfolioCounts(ctx)
	if err != nil {
		return PortfolioResult{}, err
	}
	var res PortfolioResult
	for _, b := range brains {
		switch {
		case b.Name == MedullaBrain:
			res.MedullaLive = b.LiveClaims
			continue
		case b.Policy == PolicyIsolated:
			res.IsolatedCount++
			continue
		case c.Agent() && b.Name != c.Brain:
			continue
		}
		row := counts[b.Name]
		row.Brain, row.Live = b.Name, b.LiveClaims
		res.Rows = append(res.Rows, row)
	}
	sort.Slice(res.Rows, func(i, j int) bool { return res.Rows[i].Brain < res.Rows[j].Brain })
	res.Note = fmt.Sprintf("%d brain(s) listed; %d isolated brain(s) withheld and counted only; reuse counts survival, not causation", len(res.Rows), res.IsolatedCount)
	return res, nil
}
