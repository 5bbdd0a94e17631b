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
	return cl, err
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
	return vs, nil
}

// ListClaims pages through a brain's claims (live only unless includeHistory).
func (s *Service) ListClaims(ctx context.Context, c Caller, brain string, includeHistory bool, after int64, limit int) ([]Claim, error) {
	if _, err := s.readable(ctx, c, brain); err != nil {
		return nil, err
	}
	return s.store.Claims(ctx, brain, includeHistory, after, limit)
}

// AgeOf computes a claim's age overlay now, on the service clock.
func (s *Service) AgeOf(c Claim) Age { return AgeAt(c.Provenance.Created, s.now()) }
