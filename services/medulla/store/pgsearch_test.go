package store

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/organism-dev/organism/services/medulla/domain"
)

// bm25's statistics (search_terms, search_totals) must be what the live versions say after
// any mix of writes: new slugs, supersessions in a batch of their own or within one batch,
// retirements, and concurrent writers whose writes share batches.
func TestPostgresSearchStatsFollowLiveVersions(t *testing.T) {
	type step func(t *testing.T, s *PGStore)
	one := func(fn func(tx domain.Tx) error) step {
		return func(t *testing.T, s *PGStore) {
			if err := s.Write(context.Background(), fn); err != nil {
				t.Fatal(err)
			}
		}
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"new slugs", []step{
			one(func(tx domain.Tx) error { return write(tx, "a", "alpha beta gamma") }),
			one(func(tx domain.Tx) error { return write(tx, "b-slug", "beta beta delta") }),
		}},
		{"supersession in its own batch", []step{
			one(func(tx domain.Tx) error { return write(tx, "a", "alpha beta") }),
			one(func(tx domain.Tx) error { return write(tx, "a", "gamma delta delta") }),
		}},
		{"supersession within one batch", []step{
			one(func(tx domain.Tx) error {
				if err := write(tx, "a", "alpha beta"); err != nil {
					return err
				}
				return write(tx, "a", "gamma epsilon")
			}),
		}},
		{"retirement", []step{
			one(func(tx domain.Tx) error { return write(tx, "a", "alpha beta") }),
			one(func(tx domain.Tx) error { return write(tx, "b", "alpha zeta") }),
			one(func(tx domain.Tx) error { return retire(tx, "a") }),
		}},
		{"retired and written again in one batch", []step{
			one(func(tx domain.Tx) error { return write(tx, "a", "alpha beta") }),
			one(func(tx domain.Tx) error {
				if err := retire(tx, "a"); err != nil {
					return err
				}
				last, err := tx.LastVersion("loja", "a")
				if err != nil {
					return err
				}
				return tx.InsertVersion(&domain.Claim{Brain: "loja", Slug: "a", Version: last + 1, Kind: domain.KindFact, Body: "omega",
					State: domain.StateAuthored, Tier: domain.TierProject, Verse: domain.VerseInternal, WrittenAt: t0, ReceiptID: "r-a-again"}, 0)
			}),
		}},
		{"concurrent writers", []step{func(t *testing.T, s *PGStore) {
			var wg sync.WaitGroup
			for w := range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range 10 {
						body := fmt.Sprintf("word%d shared w%d", i%3, w)
						if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, fmt.Sprintf("s%d", (w+i)%5), body) }); err != nil {
							t.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
		}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := openPostgresAt(t, pg.Database(t), true)
			for _, st := range tc.steps {
				st(t, s)
			}
			ctx := context.Background()
			var wrong int
			if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (
				(SELECT term, docs FROM search_terms WHERE docs <> 0
				 EXCEPT SELECT u.lexeme, count(*) FROM claim_versions v, unnest(v.search) u WHERE v.superseded_at IS NULL GROUP BY u.lexeme)
				UNION ALL
				(SELECT u.lexeme, count(*) FROM claim_versions v, unnest(v.search) u WHERE v.superseded_at IS NULL GROUP BY u.lexeme
				 EXCEPT SELECT term, docs FROM search_terms)) x`).Scan(&wrong); err != nil {
				t.Fatal(err)
			}
			if wrong != 0 {
				t.Errorf("got %d words whose document count differs from the live versions', want 0", wrong)
			}
			var docs, tokens, wantDocs, wantTokens int64
			if err := s.db.QueryRowContext(ctx, `SELECT docs, tokens FROM search_totals`).Scan(&docs, &tokens); err != nil {
				t.Fatal(err)
			}
			if err := s.db.QueryRowContext(ctx, `SELECT count(*), COALESCE(sum(search_len(search)), 0) FROM claim_versions WHERE superseded_at IS NULL`).Scan(&wantDocs, &wantTokens); err != nil {
				t.Fatal(err)
			}
			if docs != wantDocs || tokens != wantTokens {
				t.Errorf("got totals %d docs %d words, want %d docs %d words", docs, tokens, wantDocs, wantTokens)
			}
		})
	}
}

// Recall ranks by bm25, so a rare word outweighs a common one: of two versions of one length
// matching one word each, the one holding the rarer word comes first, whichever was written
// first (ts_rank, which knows no rarity, would tie them).
func TestPostgresSearchWeighsRarity(t *testing.T) {
	cases := []struct {
		name   string
		bodies map[string]string
		match  string
		want   string
	}{
		{"rare word written last", map[string]string{"c1": "common one", "c2": "common two", "c3": "common three", "r": "rare four"}, `"common" OR "rare"`, "r"},
		{"rare word written first", map[string]string{"a": "rare four", "c1": "common one", "c2": "common two", "c3": "common three"}, `"rare" OR "common"`, "a"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := openPostgresAt(t, pg.Database(t), true)
			for _, slug := range slices.Sorted(maps.Keys(tc.bodies)) {
				if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, slug, tc.bodies[slug]) }); err != nil {
					t.Fatal(err)
				}
			}
			hits, err := s.Search(context.Background(), domain.SearchQuery{Brains: []string{"loja"}, Match: tc.match, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != len(tc.bodies) || hits[0].Claim.Slug != tc.want {
				var got []string
				for _, h := range hits {
					got = append(got, h.Claim.Slug)
				}
				t.Fatalf("got %v, want %d hits led by %s", got, len(tc.bodies), tc.want)
			}
			if hits[0].Relevance <= hits[1].Relevance {
				t.Errorf("got relevance %v for %s and %v next, want the rare word's higher", hits[0].Relevance, hits[0].Claim.Slug, hits[1].Relevance)
			}
		})
	}
}
