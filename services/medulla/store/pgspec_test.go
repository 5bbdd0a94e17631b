package store

import (
	"context"
	"fmt"
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

// TestPostgresSpeculationBacksOff: two replicas taking turns on one brain. Each write of one
// finds the other's since its own last, so a replica that always ran on its remembered row
// would run nearly every batch twice (a stale row, MD412, then again locking first). After a
// stale row a replica locks first for pgColdBatches batches, so the turns cost at most one
// stale batch per pgColdBatches+1, and every write still lands once, in turn.
func TestPostgresSpeculationBacksOff(t *testing.T) {
	ctx := context.Background()
	dsn := pg.Database(t)
	a := openPostgresAt(t, dsn, true)
	b := openPostgresAt(t, dsn, false)
	const turns = 130
	for i := 0; i < turns; i++ {
		for _, r := range []*PGStore{a, b} {
			body := fmt.Sprintf("turn %d", i)
			if err := r.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", body) }); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Each replica finds the other's write at its first speculation after a back-off: turn 1,
	// then every pgColdBatches+1 of its own batches.
	limit := int64(turns/(pgColdBatches+1) + 1)
	for name, r := range map[string]*PGStore{"a": a, "b": b} {
		if got := r.cache.stales.Load(); got > limit || got < 1 {
			t.Errorf("replica %s: got %d batches run again on a stale row over %d turns, want 1 to %d", name, got, turns, limit)
		}
	}
	h, err := a.History(ctx, "loja", "hot")
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 2*turns || h[len(h)-1].Body != fmt.Sprintf("turn %d", turns-1) {
		t.Fatalf("got %d versions of hot, want %d ending with the last turn", len(h), 2*turns)
	}

	// Alone again, a replica runs on its remembered row once the back-off is spent: no batch
	// is stale however long it writes.
	before := a.cache.stales.Load()
	for i := 0; i < pgColdBatches+20; i++ {
		if err := a.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", "alone") }); err != nil {
			t.Fatal(err)
		}
	}
	if got := a.cache.stales.Load(); got != before {
		t.Errorf("replica a alone: got %d more stale batches, want 0", got-before)
	}
	if a.cache.cooling("loja") {
		t.Errorf("replica a alone after %d batches: still locking first, want the back-off spent", pgColdBatches+20)
	}
}
