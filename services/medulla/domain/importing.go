package domain

import (
	"context"
	"sort"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// ImportResult reports each file's fate.
type ImportResult struct {
	Receipts []Receipt
	Imported int
	Refused  int
}

// Import re-admits exported claim files through the memorize door (owner only). Each version
// replays in order, so a slug's history arrives as history; every file ends in a commit or a
// rejection receipt.
func (s *Service) Import(ctx context.Context, c principal.Principal, brain string, files []ClaimFile) (ImportResult, error) {
	if !ValidBrainName(brain) {
		return ImportResult{}, refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	if _, err := s.brain(ctx, brain); err != nil {
		return ImportResult{}, err
	}
	if !c.Owner() {
		p := s.propose(brain, EffectImport, "", c)
		return ImportResult{}, s.refuseLogged(ctx, p, refusal.New(ReasonOwnerOnly, "only the owner imports claim files"))
	}
	if len(files) > 1000 {
		return ImportResult{}, refusal.Field(ReasonInvalidArgument, "files", "at most 1000 files per call")
	}
	type entry struct {
		claim Claim
		name  string
	}
	var res ImportResult
	var entries []entry
	for _, f := range files {
		cl, err := DecodeClaimFile(f.Content)
		if err != nil {
			p := s.propose(brain, EffectImport, f.Name, c)
			ref := refusal.Field(ReasonMalformedClaimFile, "files", "%s: %v", f.Name, err)
			if err := s.refuseLogged(ctx, p, ref); err != ref {
				return res, err
			}
			res.Refused++
			res.Receipts = append(res.Receipts, s.rejection(brain, p, ref))
			continue
		}
		entries = append(entries, entry{claim: cl, name: f.Name})
	}
	// Replay oldest first per slug; the live version (never superseded) last.
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i].claim, entries[j].claim
		if a.Slug != b.Slug {
			return a.Slug < b.Slug
		}
		if a.Live() != b.Live() {
			return !a.Live()
		}
		return a.Version < b.Version
	})
	for _, e := range entries {
		cl := e.claim
		// Verified state that arrives carried was granted elsewhere: it stays verified only if
		// it passes the rule a Verify here would apply. A version its own author verified
		// arrives authored, and its commit receipt says so. Replay is sequential, so the
		// versions already imported are in History.
		reMarked := false
		if cl.State == StateVerified {
			hist, err := s.store.History(ctx, brain, cl.Slug)
			if err != nil {
				return res, err
			}
			if selfVerified(append(hist, cl)) {
				reMarked = true
				cl.State = StateAuthored
				cl.Provenance.VerifiedBy, cl.Provenance.VerifiedVia, cl.Provenance.VerifiedAt, cl.Provenance.VerifiedCommit = "", "", time.Time{}, ""
			}
		}
		out, err := s.Memorize(ctx, c, MemorizeInput{
			Brain: brain, Slug: cl.Slug, Kind: cl.Kind, Body: cl.Body, Evidence: cl.Evidence,
			Confidence: cl.Confidence, SoulSource: cl.Provenance.SoulSource, carried: &cl, reMarked: reMarked,
		})
		if ref, ok := refusal.As(err); ok {
			res.Refused++
			p := &proposal{brain: brain, effect: EffectImport, subject: cl.Slug, by: c}
			res.Receipts = append(res.Receipts, s.rejection(brain, p, ref))
			continue
		}
		if err != nil {
			return res, err
		}
		res.Imported++
		res.Receipts = append(res.Receipts, out.Receipt)
	}
	return res, nil
}

// rejection rebuilds the receipt a refusal was logged under, for the import report.
func (s *Service) rejection(brain string, p *proposal, ref *refusal.Error) Receipt {
	return Receipt{ID: ref.Metadata[MetaReceiptID], Brain: brain, Kind: ReceiptRejection, ProposalID: p.id, Effect: p.effect, Subject: p.subject,
		Reason: ref.Reason, Message: ref.Message, By: p.by, Verse: VerseInternal}
}
