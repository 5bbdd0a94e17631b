package domain

import (
	"context"
	"errors"
)

// GetClaim returns the live version (version 0) or one named version of a claim.
func (s *Service) GetClaim(ctx context.Context, c Caller, brain, slug string, version int64) (Claim, error) {
	if _, err := s.readable(ctx, c, brain); err != nil {
		return Claim{}, err
	}
	if !ValidSlug(slug) {
		return Claim{}, refuse(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	if version < 0 {
		return Claim{}, refuse(ReasonInvalidArgument, "version", "version must not be negative")
	}
	cl, err := s.store.Claim(ctx, brain, slug, version)
	if errors.Is(err, ErrNotFound) {
		return Claim{}, refuse(ReasonClaimNotFound, "slug", "no claim %s (version %d) in brain %s", slug, version, brain)
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
	return refuse(ReasonIsolatedBrain, "slug", "claim %s was born in isolated brain %s and does not cross", cl.Slug, cl.Provenance.OriginBrain)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// History lists every version of a claim, oldest first.
func (s *Service) History(ctx context.Context, c Caller, brain, slug string) ([]Claim, error) {
	if _, err := s.readable(ctx, c, brain); err != nil {
		return nil, err
	}
	if !ValidSlug(slug) {
		return nil, refuse(ReasonInvalidArgument, "slug", "slug is malformed")
	}
	vs, err := s.store.History(ctx, brain, slug)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, refuse(ReasonClaimNotFound, "slug", "no claim %s in brain %s", slug, brain)
	}
	if ok, err := s.crossesTo(ctx, c, vs[len(vs)-1]); err != nil || !ok {
		return nil, firstErr(err, withheld(vs[len(vs)-1]))
	}
	return vs, nil
}

// ListClaims pages through a brain's claims (live only unless includeHistory). It returns the
// cursor of the next page, 0 when this was the last one.
func (s *Service) ListClaims(ctx context.Context, c Caller, brain string, includeHistory bool, after int64, limit int) ([]Claim, int64, error) {
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
