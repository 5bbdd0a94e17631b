package store

import (
	"context"
	"testing"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// TestPostgresSpeculationSeesOtherReplicas: a replica runs its next write on the brain row its
// own last commit left, without locking first (one round trip per batch), and flush_write
// checks that row under the lock. Each case lets replica b change the brain behind replica a's
// back right after a's last commit; a's next write must then see b's change exactly as if it
// had locked before reading: the slug's live version, the brain's policy and store version,
// and ids that keep growing in commit order.
func TestPostgresSpeculationSeesOtherReplicas(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		behind func(tx domain.Tx) error // what b writes between a's two writes
	}{
		{"another version of the slug", func(tx domain.Tx) error { return write(tx, "hot", "b") }},
		{"the brain's policy", func(tx domain.Tx) error {
			br, err := tx.Brain("loja")
			if err != nil {
				return err
			}
			br.Policy = domain.PolicyIsolated
			return tx.PutBrain(br)
		}},
		{"the store version alone", func(tx domain.Tx) error { _, _, err := tx.BumpStoreVersion("loja"); return err }},
		// A slug a never read: a reads it from the database, which locks the brain first.
		{"a slug a does not remember", func(tx domain.Tx) error { return write(tx, "cold", "b") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dsn := pg.Database(t)
			a := openPostgresAt(t, dsn, true)
			b := openPostgresAt(t, dsn, false)
			if err := a.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", "a1") }); err != nil {
				t.Fatal(err)
			}
			if err := b.Write(ctx, tc.behind); err != nil {
				t.Fatal(err)
			}
			brains, err := b.Brains(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var want domain.Brain
			for _, br := range brains {
				if br.Name == "loja" {
					want = br
				}
			}
			wantLive, err := b.History(ctx, "loja", "hot")
			if err != nil {
				t.Fatal(err)
			}
			wantCold, err := b.History(ctx, "loja", "cold")
			if err != nil {
				t.Fatal(err)
			}
			var seen domain.Brain
			var seenLive domain.Claim
			var seenCold int64
			if err := a.Write(ctx, func(tx domain.Tx) error {
				var err error
				if seen, err = tx.Brain("loja"); err != nil {
					return err
				}
				if seenLive, err = tx.Live("loja", "hot"); err != nil {
					return err
				}
				if seenCold, err = tx.LastVersion("loja", "cold"); err != nil {
					return err
				}
				return write(tx, "hot", "a2")
			}); err != nil {
				t.Fatalf("a's write after b's: got %v, want it to land", err)
			}
			hist, err := a.History(ctx, "loja", "hot")
			if err != nil {
				t.Fatal(err)
			}
			checks := []struct {
				what      string
				got, want any
			}{
				{"policy a saw", seen.Policy, want.Policy},
				{"store version a saw", seen.StoreVersion, want.StoreVersion},
				{"live version a saw", seenLive.Version, wantLive[len(wantLive)-1].Version},
				{"versions of the slug", len(hist), len(wantLive) + 1},
				{"versions of the slug a does not remember", seenCold, int64(len(wantCold))},
				{"a's version is live", hist[len(hist)-1].Live(), true},
			}
			for i := 1; i < len(hist); i++ {
				checks = append(checks, struct {
					what      string
					got, want any
				}{"ids grow with versions", hist[i].ID > hist[i-1].ID, true})
			}
			for _, c := range checks {
				if c.got != c.want {
					t.Errorf("%s: got %v, want %v", c.what, c.got, c.want)
				}
			}
		})
	}
}
