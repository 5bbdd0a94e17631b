package domain

import (
	"context"

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
}

// AgedOut is the additive finding for a claim past the half-life.
const AgedOut = "aged_out"

// CrossVerify re-hashes every evidence anchor of a brain's live claims and flags claims past
// the half-life. It is a read: it reports drift and changes nothing.
func (s *Service) CrossVerify(ctx context.Context, c principal.Principal, brain string) (CrossVerifyResult, error) {
	b, err := s.readable(ctx, c, brain)
	if err != nil {
		return CrossVerifyResult{}, err
	}
	res := CrossVerifyResult{ByReason: map[string]int{}}
	now := s.now()
	var after int64
	for {
		page, err := s.store.Claims(ctx, brain, false, after, 500)
		if err != nil {
			return CrossVerifyResult{}, err
		}
		for _, cl := range page {
			after = cl.ID
			res.ClaimsChecked++
			for _, chk := range measure(s.repo, b.RepoRoot, cl.Evidence) {
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
		if len(page) < 500 {
			return res, nil
		}
	}
}
