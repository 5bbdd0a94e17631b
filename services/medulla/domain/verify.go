package domain

import (
	"context"
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
	// Commit and GateLogHash are set only by a service recording a gate's evidence (mission,
	// for a runner): the evidence is measured as committed at Commit.
	Commit      string
	GateLogHash string
}

// VerifyResult is the verified version, the measurements behind it and its receipt.
type VerifyResult struct {
	Claim   Claim
	Checks  []EvidenceCheck
	Receipt Receipt
}

// Verify moves authored to verified: by the owner's word (human origin only), or by a measured
// confirmation from an identity independent of every author of the claim (the rule in
// trust.go): re-hashing every file anchor against the brain's repository now, or, for a
// service recording a gate, as committed at the gate's commit. The verified state is written as
// a new version so that History shows when, how, by whom and at which commit trust was earned.
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
	if r := checkGateEvidence(c, in); r != nil {
		return VerifyResult{}, s.refuseLogged(ctx, p, r)
	}
	hist, err := s.store.History(ctx, in.Brain, in.Slug)
	if err != nil {
		return VerifyResult{}, err
	}
	if len(hist) == 0 || !hist[len(hist)-1].Live() {
		return VerifyResult{}, refusal.Field(ReasonClaimNotFound, "slug", "no claim %s in brain %s", in.Slug, in.Brain)
	}
	live := hist[len(hist)-1]
	g := Grader{P: c, Commit: in.Commit}
	if !c.Service() {
		g.Commit = s.headOf(b.RepoRoot)
	}
	indep, ref := independent(g, authorsOf(hist))
	if ref != nil {
		return VerifyResult{}, s.refuseLogged(ctx, p, ref)
	}
	p.pass("independent-grader:" + string(indep))
	var checks []EvidenceCheck
	via := VerifiedViaOwnerWord
	if !in.OwnerWord {
		via = VerifiedViaEvidence
		if c.Service() {
			var ok bool
			if checks, ok = measureAt(s.repo, b.RepoRoot, in.Commit, live.Evidence); !ok {
				return VerifyResult{}, s.refuseLogged(ctx, p, refusal.Field(ReasonNoMeasurableEvidence, "commit", "this medulla cannot read commits of brain %s's repository", in.Brain))
			}
		} else {
			checks = s.measureClaim(ctx, b, live.Evidence)
		}
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
		next.Provenance.VerifiedCommit = ""
		if via == VerifiedViaEvidence {
			next.Provenance.VerifiedCommit = g.Commit
		}
		next.Provenance.Demoted, next.Provenance.DemotedLine = "", ""
		if err := tx.InsertVersion(&next, cur.ID); err != nil {
			return err
		}
		details := map[string]string{"slug": next.Slug, "version": strconv.FormatInt(next.Version, 10), "state": string(StateVerified), "via": via,
			"measured_by": c.Name(), "grader_family": Family(c), "independence": string(indep)}
		if via == VerifiedViaEvidence {
			details["commit"] = commitOrUnknown(g.Commit)
			details["files"] = measuredDetails(checks)
		}
		if in.GateLogHash != "" {
			details["gate_log_hash"] = in.GateLogHash
		}
		if cur.Provenance.Demoted != "" {
			details["restored_from"] = cur.Provenance.Demoted
		}
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

// checkGateEvidence admits a commit and gate log hash only from a service (mission recording a
// runner's gate), and requires both from a service: a service's confirmation is a gate's, or
// nothing.
func checkGateEvidence(c principal.Principal, in VerifyInput) *refusal.Error {
	gate := in.Commit != "" || in.GateLogHash != ""
	switch {
	case gate && !c.Service():
		return refusal.Field(ReasonInvalidArgument, "commit", "commit and gate_log_hash are recorded by mission (service origin) for a runner's gate; a runner never calls Verify")
	case !c.Service():
		return nil
	case in.OwnerWord:
		return refusal.Field(ReasonOriginNotHuman, "owner_word", "only the owner (human origin) verifies by word")
	case !commitPattern.MatchString(in.Commit):
		return refusal.Field(ReasonInvalidArgument, "commit", "a service verifies with a gate's evidence: the commit (7..64 lowercase hex) the gate ran at")
	case !sha256Pattern.MatchString(in.GateLogHash):
		return refusal.Field(ReasonInvalidArgument, "gate_log_hash", "a service verifies with a gate's evidence: the sha256 of its full log")
	}
	return nil
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
