package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// lawCountWithheld checks that counting isolated doctrine through its candidates counts exactly
// the matching medulla claims born in the isolated brain, for few and many, and honours the
// query's filters.
func lawCountWithheld(t *testing.T, open opener) {
	tests := []struct {
		name     string
		isolated int // medulla claims born in "iso", every one holding "jitter"
		kinds    []domain.Kind
		match    string
		want     int
	}{
		{name: "few candidates, word held", isolated: 7, match: domain.FTSQuery("jitter"), want: 7},
		{name: "few candidates, word absent", isolated: 7, match: domain.FTSQuery("nowhere"), want: 0},
		{name: "few candidates, kind filter", isolated: 7, kinds: []domain.Kind{domain.KindDecision}, match: domain.FTSQuery("jitter"), want: 0},
		{name: "many candidates", isolated: 600, match: domain.FTSQuery("jitter"), want: 600},
		{name: "many candidates, any word", isolated: 600, match: domain.FTSAnyQuery("nowhere jitter"), want: 600},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			ctx := context.Background()
			err := s.Write(ctx, func(tx domain.Tx) error {
				for _, b := range []string{domain.MedullaBrain, "iso"} {
					if err := tx.PutBrain(domain.Brain{Name: b, Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0}); err != nil {
						return err
					}
				}
				return write(tx, "jitter", "project jitter claim")
			})
			if err != nil {
				t.Fatal(err)
			}
			// Doctrine from an open brain, and the project claim, hold the word too: none may be
			// counted. One version per write, queued together so they share commits.
			errs := make(chan error, tc.isolated+20)
			for i := 0; i < tc.isolated+20; i++ {
				go func() {
					origin := "iso"
					if i >= tc.isolated {
						origin = "loja"
					}
					errs <- s.Write(ctx, func(tx domain.Tx) error {
						c := &domain.Claim{Brain: domain.MedullaBrain, Slug: fmt.Sprintf("%s.c-%d", origin, i), Version: 1, Kind: domain.KindFact,
							Body: "retry jitter doctrine", State: domain.StateVerified, Tier: domain.TierMedulla, Verse: domain.VerseLocal,
							WrittenAt: t0, Provenance: domain.Provenance{OriginBrain: origin}, ReceiptID: fmt.Sprintf("r-%d", i)}
						return tx.InsertVersion(c, 0)
					})
				}()
			}
			for i := 0; i < tc.isolated+20; i++ {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
			got, err := s.CountMatches(context.Background(), domain.SearchQuery{Match: tc.match, Brains: []string{domain.MedullaBrain},
				Kinds: tc.kinds, MedullaOriginIn: []string{"iso"}})
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %d withheld, want %d", got, tc.want)
			}
		})
	}
}

// lawRetiredSlugContinuesNumbering retires a slug and writes it again in later transactions:
// the number must continue past the retired version whether the answer comes from the cache or
// from SQL.
func lawRetiredSlugContinuesNumbering(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "gone", fmt.Sprintf("body %d", i)) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Write(ctx, func(tx domain.Tx) error {
		live, err := tx.Live("loja", "gone")
		if err != nil {
			return err
		}
		return tx.Retire(live, t0)
	}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cached", "after cache loss"} {
		if name == "after cache loss" {
			forgetCache(s)
		}
		var live error
		var last int64
		if err := s.Write(ctx, func(tx domain.Tx) error {
			_, live = tx.Live("loja", "gone")
			var err error
			last, err = tx.LastVersion("loja", "gone")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if live != domain.ErrNotFound || last != 2 {
			t.Errorf("%s: got live error %v and last version %d, want %v and 2", name, live, last, domain.ErrNotFound)
		}
	}
}
