package domain

import (
	"context"
	"strconv"
	"time"
)

// flagSelfVerified marks the TRUST migration done.
const flagSelfVerified = "trust-2026-self-verified-re-marked"

// reMarkSelfVerified is the one-time TRUST migration: before the independence rule, an agent
// could verify its own claim by re-hashing its own evidence. Every live claim whose verified
// state was granted by one of its own authors (doctrine copies included: a copy carries its
// origin's provenance) gets a new version, authored, with a service-origin receipt per claim in
// its brain's ledger. History keeps the version that said verified.
func (s *Service) reMarkSelfVerified(ctx context.Context) error {
	done, err := s.store.Flag(ctx, flagSelfVerified)
	if err != nil || done {
		return err
	}
	brains, err := s.store.Brains(ctx)
	if err != nil {
		return err
	}
	for _, b := range brains {
		var after int64
		for {
			page, err := s.store.Claims(ctx, b.Name, false, after, crossVerifyPage)
			if err != nil {
				return err
			}
			for _, cl := range page {
				after = cl.ID
				if cl.State != StateVerified || cl.Provenance.VerifiedVia != VerifiedViaEvidence {
					continue
				}
				hist, err := s.store.History(ctx, b.Name, cl.Slug)
				if err != nil {
					return err
				}
				if !selfVerified(hist) {
					continue
				}
				if err := s.reMark(ctx, cl); err != nil {
					return err
				}
			}
			if len(page) < crossVerifyPage {
				break
			}
		}
	}
	return s.store.Write(ctx, func(tx Tx) error { return tx.SetFlag(flagSelfVerified, s.now()) })
}

func (s *Service) reMark(ctx context.Context, cl Claim) error {
	return s.store.Write(ctx, func(tx Tx) error {
		cur, err := tx.Live(cl.Brain, cl.Slug)
		if err != nil || cur.Version != cl.Version {
			return err
		}
		p := s.propose(cl.Brain, EffectReMark, cl.Slug, sweeper)
		p.pass("self-verified")
		next := cur
		next.ID, next.ReceiptID = 0, s.ids.New("rcpt_")
		next.Version = cur.Version + 1
		next.State = StateAuthored
		next.WrittenAt = s.now()
		next.Evidence = append([]Anchor(nil), cur.Evidence...)
		next.Provenance.VerifiedBy, next.Provenance.VerifiedVia, next.Provenance.VerifiedAt, next.Provenance.VerifiedCommit = "", "", time.Time{}, ""
		if err := tx.InsertVersion(&next, cur.ID); err != nil {
			return err
		}
		verse := VerseInternal
		if cl.Brain == MedullaBrain {
			verse = VerseLocal
		}
		_, err = s.commitVerse(tx, p, next.ReceiptID, verse, map[string]string{
			"slug": cl.Slug, "version": strconv.FormatInt(next.Version, 10), "state": string(StateAuthored),
			"reason":               "verified by its own author (" + cur.Provenance.VerifiedBy + "); verified is earned from an independent grader or the owner's word",
			"was_verified_version": strconv.FormatInt(cur.Version, 10),
		})
		return err
	})
}
