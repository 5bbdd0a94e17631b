package domain

import (
	"context"
	"strconv"

	"github.com/organism-dev/organism/platform/principal"
)

// Doctrine follows its origin (organism-inside §3, C8.2): a medulla copy is verified only while
// the origin evidence it crossed with still measures what it measured then. The sweep re-measures
// every doctrine copy's origin-qualified anchors in their origin brain's repository; a copy whose
// origin evidence changed or disappeared is demoted (a new version, state authored, the drift
// named in its provenance), and a demoted copy whose origin evidence measures fresh again is
// restored. Each is a service-origin receipt in the medulla ledger. Only the sweep writes: it
// runs on the organ's schedule and when the owner cross-verifies the medulla tier.

// Effects the sweep writes.
const (
	EffectDemote  = "demote"
	EffectRestore = "restore"
	EffectReMark  = "re-mark-authored"
)

// VerifiedViaOriginRemeasured marks a doctrine copy restored because its origin evidence
// measures what it crossed with again.
const VerifiedViaOriginRemeasured = "origin-remeasured"

// sweeper is who the sweep's receipts name: medulla itself, a service.
var sweeper = principal.Principal{AgentID: "medulla-sweep", Origin: principal.OriginService}

// SweepResult counts one sweep.
type SweepResult struct {
	Checked  int
	Demoted  int
	Restored int
}

// SweepDoctrine re-measures every live doctrine copy at its origin and demotes or restores it.
// requestedBy ("schedule" or "owner") is recorded in each receipt.
func (s *Service) SweepDoctrine(ctx context.Context, requestedBy string) (SweepResult, error) {
	medulla, err := s.brain(ctx, MedullaBrain)
	if err != nil {
		return SweepResult{}, err
	}
	var res SweepResult
	var after int64
	for {
		page, err := s.store.Claims(ctx, MedullaBrain, false, after, crossVerifyPage)
		if err != nil {
			return res, err
		}
		for _, cl := range page {
			after = cl.ID
			if !hasOriginAnchor(cl) {
				continue
			}
			res.Checked++
			drift, fresh := originDrift(s.measureClaim(ctx, medulla, cl.Evidence))
			switch {
			case drift != nil && cl.State == StateVerified:
				ok, err := s.rewriteDoctrine(ctx, cl, EffectDemote, requestedBy, drift)
				if err != nil {
					return res, err
				}
				if ok {
					res.Demoted++
				}
			case drift == nil && fresh > 0 && cl.Provenance.Demoted != "":
				ok, err := s.rewriteDoctrine(ctx, cl, EffectRestore, requestedBy, nil)
				if err != nil {
					return res, err
				}
				if ok {
					res.Restored++
				}
			}
		}
		if len(page) < crossVerifyPage {
			return res, nil
		}
	}
}

func hasOriginAnchor(cl Claim) bool {
	for _, a := range cl.Evidence {
		if a.Origin != "" && !a.Unverifiable {
			return true
		}
	}
	return false
}

// originDrift returns the first origin anchor that changed or went missing, and how many origin
// anchors measured fresh. Anchors unverifiable when they crossed take no part.
func originDrift(checks []EvidenceCheck) (*EvidenceCheck, int) {
	fresh := 0
	for i, c := range checks {
		if c.Anchor.Origin == "" || c.Anchor.Unverifiable {
			continue
		}
		switch c.Status {
		case EvidenceChanged, EvidenceFileMissing:
			return &checks[i], fresh
		case EvidenceFresh:
			fresh++
		}
	}
	return nil, fresh
}

// driftLine renders the origin anchor that drifted and what was measured there now.
func driftLine(c EvidenceCheck) string {
	line := c.Anchor.Qualified()
	if c.Status == EvidenceFileMissing {
		return line + " now missing"
	}
	return line + " now " + c.Measured
}

// rewriteDoctrine writes the demoted or restored version of a doctrine copy, unless the copy
// moved since it was measured (the next sweep measures the new version).
func (s *Service) rewriteDoctrine(ctx context.Context, cl Claim, effect, requestedBy string, drift *EvidenceCheck) (bool, error) {
	wrote := false
	err := s.store.Write(ctx, func(tx Tx) error {
		wrote = false
		cur, err := tx.Live(MedullaBrain, cl.Slug)
		if err != nil || cur.Version != cl.Version {
			return nil
		}
		p := s.propose(MedullaBrain, effect, cl.Slug, sweeper)
		p.pass("origin-remeasured")
		next := cur
		next.ID, next.ReceiptID = 0, s.ids.New("rcpt_")
		next.Version = cur.Version + 1
		next.WrittenAt = s.now()
		next.Evidence = append([]Anchor(nil), cur.Evidence...)
		details := map[string]string{"slug": cl.Slug, "version": strconv.FormatInt(next.Version, 10), "origin_brain": cl.Provenance.OriginBrain, "requested_by": requestedBy}
		if drift != nil {
			next.State = StateAuthored
			next.Provenance.Demoted, next.Provenance.DemotedLine = string(drift.Status), driftLine(*drift)
			details["state"], details["reason"], details["origin_line"] = string(StateAuthored), string(drift.Status), next.Provenance.DemotedLine
		} else {
			details["restored_from"], details["state"] = cur.Provenance.Demoted, string(StateVerified)
			next.State = StateVerified
			next.Provenance.Demoted, next.Provenance.DemotedLine = "", ""
			next.Provenance.VerifiedBy, next.Provenance.VerifiedVia, next.Provenance.VerifiedAt = sweeper.Name(), VerifiedViaOriginRemeasured, next.WrittenAt
		}
		if err := tx.InsertVersion(&next, cur.ID); err != nil {
			return err
		}
		if _, err := s.commitVerse(tx, p, next.ReceiptID, VerseLocal, details); err != nil {
			return err
		}
		wrote = true
		return nil
	})
	return wrote, err
}
