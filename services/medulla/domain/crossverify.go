package domain

import (
	"context"
	"strings"

	"github.com/organism-dev/organism/platform/principal"
)

// Finding is one anchor (or one aged claim) that is not fresh.
type Finding struct {
	Slug     string
	Version  int64
	Reason   string
	Anchor   *Anchor
	Measured string
}

// CrossVerifyResult reports an evidence sweep.
type CrossVerifyResult struct {
	ClaimsChecked  int
	AnchorsChecked int
	Fresh          int
	Findings       []Finding
	ByReason       map[string]int
	// Demoted and Restored count doctrine copies this run wrote (owner runs of the medulla
	// tier only); Excluded counts medulla claims withheld because their origin is isolated.
	Demoted  int
	Restored int
	Excluded int
}

// AgedOut is the additive finding for a claim past the half-life.
const AgedOut = "aged_out"

// crossVerifyPage is how many claims one read of a cross-verify takes.
const crossVerifyPage = 500

// CrossVerify re-hashes every evidence anchor of a brain's live claims and flags claims past
// the half-life. For the medulla tier, origin-qualified anchors are measured in their origin
// brain's repository, and doctrine born in an isolated brain is withheld from anyone but the
// owner (and counted). For agents it is a read: it reports drift and changes nothing. The
// owner's run of the medulla tier is the on-demand doctrine sweep: it also demotes and
// restores doctrine copies, each with a service-origin receipt.
func (s *Service) CrossVerify(ctx context.Context, c principal.Principal, brain string) (CrossVerifyResult, error) {
	b, err := s.readable(ctx, c, brain)
	if err != nil {
		return CrossVerifyResult{}, err
	}
	var swept SweepResult
	if brain == MedullaBrain && c.Owner() {
		if swept, err = s.SweepDoctrine(ctx, "owner"); err != nil {
			return CrossVerifyResult{}, err
		}
	}
	isolated, err := s.isolatedBrains(ctx)
	if err != nil {
		return CrossVerifyResult{}, err
	}
	res := CrossVerifyResult{ByReason: map[string]int{}, Demoted: swept.Demoted, Restored: swept.Restored}
	now := s.now()
	var after int64
	for {
		page, err := s.store.Claims(ctx, brain, false, after, crossVerifyPage)
		if err != nil {
			return CrossVerifyResult{}, err
		}
		for _, cl := range page {
			after = cl.ID
			if brain == MedullaBrain && !c.Owner() && isolated[cl.Provenance.OriginBrain] && cl.Provenance.OriginBrain != c.Brain {
				res.Excluded++
				continue
			}
			res.ClaimsChecked++
			for _, chk := range s.measureClaim(ctx, b, cl.Evidence) {
				res.AnchorsChecked++
				if chk.Status == EvidenceFresh {
					res.Fresh++
					continue
				}
				a := chk.Anchor
				res.Findings = append(res.Findings, Finding{Slug: cl.Slug, Version: cl.Version, Reason: string(chk.Status), Anchor: &a, Measured: chk.Measured})
				res.ByReason[string(chk.Status)]++
			}
			if AgeAt(cl.Provenance.Created, now).AgedOut {
				res.Findings = append(res.Findings, Finding{Slug: cl.Slug, Version: cl.Version, Reason: AgedOut})
				res.ByReason[AgedOut]++
			}
		}
		if len(page) < crossVerifyPage {
			break
		}
	}
	return res, nil
}

// isolatedBrains names the brains whose policy is isolated.
func (s *Service) isolatedBrains(ctx context.Context) (map[string]bool, error) {
	brains, err := s.store.Brains(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, b := range brains {
		if b.Policy == PolicyIsolated {
			out[b.Name] = true
		}
	}
	return out, nil
}

// measureClaim re-hashes a claim's anchors where they point: local anchors in the holder's
// repository; origin-qualified anchors (C8.2) in their origin brain's repository, never in the
// holder's, where they would always be unverifiable. An anchor stamped evidence_unverifiable
// when it crossed stays unverifiable (the crossing never upgrades trust), as does one whose
// origin is a peer's brain or no longer registered here.
func (s *Service) measureClaim(ctx context.Context, holder Brain, anchors []Anchor) []EvidenceCheck {
	out := make([]EvidenceCheck, 0, len(anchors))
	roots := map[string]string{}
	for _, a := range anchors {
		if a.Origin == "" {
			out = append(out, measure(s.repo, holder.RepoRoot, []Anchor{a})[0])
			continue
		}
		root, ok := roots[a.Origin]
		if !ok {
			if !strings.Contains(a.Origin, ":") && ValidBrainName(a.Origin) && a.Origin != MedullaBrain {
				if ob, err := s.brainSettings(ctx, a.Origin); err == nil {
					root = ob.RepoRoot
				}
			}
			roots[a.Origin] = root
		}
		if root == "" || a.Unverifiable {
			out = append(out, EvidenceCheck{Anchor: a, Status: EvidenceUnverifiable})
			continue
		}
		local := a
		local.Origin = ""
		chk := measure(s.repo, root, []Anchor{local})[0]
		chk.Anchor = a
		out = append(out, chk)
	}
	return out
}
