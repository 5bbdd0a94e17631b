package domain

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// VerifyInput asks to verify a claim's live version.
type VerifyInput struct {
	Brain     string
	Slug      string
	OwnerWord bool
	Note      string
}

// VerifyResult is the verified version, the measurements behind it and its receipt.
type VerifyResult struct {
	Claim   Claim
	Checks  []EvidenceCheck
	Receipt Receipt
}

// Verify moves authored to verified: by re-hashing every file anchor against the brain's
// repository now, or by the owner's word (human origin only). The verified state is written
// as a new version so that History shows when and how trust was earned.
func (s *Service) Verify(ctx context.Context, c principal.Principal, in VerifyInput) (VerifyResult, error) {
	if !ValidBrainName(in.Brain) {
		return VerifyResult{}, refusal.Field(ReasonInvalidArgument, "brain", "brain name is malformed")
	}
	if !ValidSlug(in.Slug) {
		return VerifyResult{}, refusal.Field(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	b, err := s.brainSettings(ctx, in.Brain)
	if err != nil {
		return VerifyResult{}, err
	}
	p := s.propose(in.Brain, EffectVerify, in.Slug, c)
	if !mayAct(c, in.Brain) {
		return VerifyResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonForeignBrain, "brain", "credential is bound to brain %q, not %q", c.Brain, in.Brain))
	}
	p.pass("brain-binding")
	if r := checkText("slug", in.Slug); r != nil {
		return VerifyResult{}, s.refuseLogged(ctx, p, r)
	}
	if in.OwnerWord && !c.Human() {
		return VerifyResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonOriginNotHuman, "owner_word", "only the owner (human origin) verifies by word"))
	}
	if len(in.Note) > 2048 {
		return VerifyResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonInvalidArgument, "note", "note is longer than 2048 bytes"))
	}
	if r := checkText("note", in.Note); r != nil {
		return VerifyResult{}, s.refuseLogged(ctx, p, r)
	}
	live, err := s.store.Claim(ctx, in.Brain, in.Slug, 0)
	if errors.Is(err, ErrNotFound) {
		return VerifyResult{}, refusal.Field(ReasonClaimNotFound, "slug", "no claim %s in brain %s", in.Slug, in.Brain)
	}
	if err != nil {
		return VerifyResult{}, err
	}
	var checks []EvidenceCheck
	via := VerifiedViaOwnerWord
	if !in.OwnerWord {
		via = VerifiedViaEvidence
		checks = measure(s.repo, b.RepoRoot, live.Evidence)
		if ref := judgeMeasurement(checks); ref != nil {
			return VerifyResult{Checks: checks}, s.refuseLogged(ctx, p, ref)
		}
		p.pass("evidence-measured")
	} else {
		p.pass("owner-word")
	}

	var res VerifyResult
	var refused *refusal.Error
	err = s.store.Write(ctx, func(tx Tx) error {
		res, refused = VerifyResult{}, nil
		p := *p
		p.gates = append([]string(nil), p.gates...)
		cur, err := tx.Live(in.Brain, in.Slug)
		if err != nil {
			return err
		}
		switch {
		case cur.Version != live.Version:
			// Someone superseded the claim while we measured; what we measured is not what is live.
			refused = refusal.Field(ReasonVersionMismatch, "slug", "claim %s moved from v%d to v%d during verification", in.Slug, live.Version, cur.Version)
		case cur.State == StateVerified:
			refused = refusal.Field(ReasonAlreadyVerified, "slug", "claim %s v%d is already verified", in.Slug, cur.Version)
		}
		if refused != nil {
			return s.reject(tx, &p, refused)
		}
		next := cur
		next.ID, next.ReceiptID = 0, s.ids.New("rcpt_")
		next.Version = cur.Version + 1
		next.State = StateVerified
		next.WrittenAt = s.now()
		next.Evidence = append([]Anchor(nil), cur.Evidence...)
		next.Provenance.VerifiedBy, next.Provenance.VerifiedVia, next.Provenance.VerifiedAt = c.Name(), via, next.WrittenAt
		if err := tx.InsertVersion(&next, cur.ID); err != nil {
			return err
		}
		details := map[string]string{"slug": next.Slug, "version": strconv.FormatInt(next.Version, 10), "state": string(StateVerified), "via": via}
		if in.Note != "" {
			details["note"] = in.Note
		}
		r, err := s.commit(tx, &p, next.ReceiptID, details)
		if err != nil {
			return err
		}
		res = VerifyResult{Claim: next, Checks: checks, Receipt: *r}
		return nil
	})
	if err != nil {
		return VerifyResult{}, err
	}
	if refused != nil {
		return VerifyResult{}, refused
	}
	return res, nil
}

// judgeMeasurement admits a measured verification only when at least one file anchor was
// re-hashed fresh and none drifted; commit and receipt anchors neither help nor block.
func judgeMeasurement(checks []EvidenceCheck) *refusal.Error {
	fresh := 0
	var drifted []string
	meta := map[string]string{}
	for _, c := range checks {
		switch c.Status {
		case EvidenceFresh:
			fresh++
		case EvidenceChanged, EvidenceFileMissing:
			drifted = append(drifted, c.Anchor.String()+"="+string(c.Status))
			meta[c.Anchor.String()] = string(c.Status)
		case EvidenceUnverifiable:
			if c.Anchor.measurable() {
				drifted = append(drifted, c.Anchor.String()+"="+string(c.Status))
				meta[c.Anchor.String()] = string(c.Status)
			}
		}
	}
	if len(drifted) > 0 {
		r := refusal.New(ReasonEvidenceDrifted, "evidence drifted since it was anchored: %s", strings.Join(drifted, ", "))
		r.Metadata = meta
		return r
	}
	if fresh == 0 {
		return refusal.New(ReasonNoMeasurableEvidence, "the claim has no file anchor to re-hash; only the owner's word can verify it")
	}
	return nil
}
