package domain

import (
	"context"
	"errors"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// GetClaim returns the live version (version 0) or one named version of a claim.
func (s *Service) GetClaim(ctx context.Context, c principal.Principal, brain, slug string, version int64) (Claim, error) {
	if _, err := s.readable(ctx, c, brain); err != nil {
		return Claim{}, err
	}
	if !ValidSlug(slug) {
		return Claim{}, refusal.Field(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	if version < 0 {
		return Claim{}, refusal.Field(ReasonInvalidArgument, "version", "version must not be negative")
	}
	cl, err := s.store.Claim(ctx, brain, slug, version)
	if errors.Is(err, ErrNotFound) {
		if version == 0 { // the live version was asked for: no version to name
			return Claim{}, refusal.Field(ReasonClaimNotFound, "slug", "no claim %s in brain %s", slug, brain)
		}
		return Claim{}, refusal.Field(ReasonClaimNotFound, "slug", "no claim %s version %d in brain %s", slug, version, brain)
	}
	if err != nil {
		return Claim{}, err
	}
	if ok, err := s.crossesTo(ctx, c, cl); err != nil || !ok {
		return Claim{}, firstErr(err, withheld(cl))
	}
	return cl, nil
}

func withheld(cl Claim) error {
	return refusal.Field(ReasonIsolatedBrain, "slug", "claim %s was born in isolated brain %s and does not cross", cl.Slug, cl.Provenance.OriginBrain)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// History pages through every version of a claim, oldest first. after is the last version
// seen (0 is the start); next is the last version of this page when more follow, 0 at the end.
func (s *Service) History(ctx context.Context, c principal.Principal, brain, slug string, after int64, limit int) ([]Claim, int64, error) {
	if _, err := s.readable(ctx, c, brain); err != nil {
		return nil, 0, err
	}
	if !ValidSlug(slug) {
		return nil, 0, refusal.Field(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	vs, err := s.store.History(ctx, brain, slug)
	if err != nil {
		return nil, 0, err
	}
	if len(vs) == 0 {
		return nil, 0, refusal.Field(ReasonClaimNotFound, "slug", "no claim %s in brain %s", slug, brain)
	}
	// Whether a claim crosses is decided by its newest version, whichever page is asked for.
	if ok, err := s.crossesTo(ctx, c, vs[len(vs)-1]); err != nil || !ok {
		return nil, 0, firstErr(err, withheld(vs[len(vs)-1]))
	}
	start := 0
	for start < len(vs) && vs[start].Version <= after {
		start++
	}
	vs = vs[start:]
	if limit <= 0 || len(vs) <= limit {
		return vs, 0, nil
	}
	return vs[:limit], vs[limit-1].Version, nil
}

// ListClaims pages through a brain's claims (live only unless includeHistory). It returns the
// cursor of the next page, 0 when this was the last one.
func (s *Service) ListClaims(ctx context.Context, c principal.Principal, brain string, includeHistory bool, after int64, limit int) ([]Claim, int64, error) {
	if _, err := s.readable(ctx, c, brain); err != nil {
		return nil, 0, err
	}
	cls, err := s.store.Claims(ctx, brain, includeHistory, after, limit)
	if err != nil {
		return nil, 0, err
	}
	var next int64
	if len(cls) == limit && limit > 0 {
		next = cls[len(cls)-1].ID
	}
	// Withheld claims are dropped from the page; the cursor still moves past them.
	out := cls[:0:0]
	for _, cl := range cls {
		ok, err := s.crossesTo(ctx, c, cl)
		if err != nil {
			return nil, 0, err
		}
		if ok {
			out = append(out, cl)
		}
	}
	return out, next, nil
}

// AgeOf computes a claim's age overlay now, on the service clock.
func (s *Service) AgeOf(c Claim) Age { return AgeAt(c.Provenance.Created, s.now()) }
