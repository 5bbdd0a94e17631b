package store

import (
	"context"
	"errors"
	"testing"

	"github.com/organism-dev/organism/services/medulla/domain"
)

func retire(tx domain.Tx, slug string) error {
	live, err := tx.Live("loja", slug)
	if err != nil {
		return err
	}
	return tx.Retire(live, t0)
}

// lawRetire covers the consolidation path: a retired version leaves the live set, the index
// and the live count, stays in History, and the slug's numbering continues, whether the retired
// version was committed earlier or written in the same batch.
func lawRetire(t *testing.T, open opener) {
	cases := []struct {
		name string
		run  func(s domain.Store) error
	}{
		{"committed earlier", func(s domain.Store) error {
			if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, "jitter", "retries carry jitter") }); err != nil {
				return err
			}
			return s.Write(context.Background(), func(tx domain.Tx) error { return retire(tx, "jitter") })
		}},
		{"written in the same batch", func(s domain.Store) error {
			return s.Write(context.Background(), func(tx domain.Tx) error {
				if err := write(tx, "jitter", "retries carry jitter"); err != nil {
					return err
				}
				return retire(tx, "jitter")
			})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			ctx := context.Background()
			if err := tc.run(s); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Claim(ctx, "loja", "jitter", 0); !errors.Is(err, domain.ErrNotFound) {
				t.Fatalf("got %v, want no live version", err)
			}
			hist, err := s.History(ctx, "loja", "jitter")
			if err != nil || len(hist) != 1 || hist[0].Live() {
				t.Fatalf("got %v %v, want one superseded version in history", hist, err)
			}
			hits, err := s.Search(ctx, domain.SearchQuery{Match: domain.FTSQuery("jitter"), Brains: []string{"loja"}, Limit: 10})
			if err != nil || len(hits) != 0 {
				t.Fatalf("got %v %v, want the retired version out of the index", hits, err)
			}
			b, err := s.Brain(ctx, "loja")
			if err != nil || b.LiveClaims != 0 {
				t.Fatalf("got %d live claims (%v), want 0", b.LiveClaims, err)
			}
			err = s.Write(ctx, func(tx domain.Tx) error {
				if _, err := tx.Live("loja", "jitter"); !errors.Is(err, domain.ErrNotFound) {
					t.Errorf("got %v from the write path, want no live version (the live cache forgot it)", err)
				}
				last, err := tx.LastVersion("loja", "jitter")
				if err != nil || last != 1 {
					t.Errorf("got last version %d (%v), want 1", last, err)
				}
				c := &domain.Claim{Brain: "loja", Slug: "jitter", Version: last + 1, Kind: domain.KindFact, Body: "retries carry full jitter",
					State: domain.StateAuthored, Tier: domain.TierProject, Verse: domain.VerseInternal, WrittenAt: t0, ReceiptID: "r-again"}
				return tx.InsertVersion(c, 0)
			})
			if err != nil {
				t.Fatal(err)
			}
			live, err := s.Claim(ctx, "loja", "jitter", 0)
			if err != nil || live.Version != 2 {
				t.Fatalf("got v%d (%v), want the slug to continue at v2 after its retired v1", live.Version, err)
			}
		})
	}
}

func lawForeignAndReuseAreIdempotent(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	err := s.Write(ctx, func(tx domain.Tx) error {
		return tx.PutPeer(domain.Peer{Name: "alice", Addr: "127.0.0.1:1", Credential: "tok", CreatedAt: t0, UpdatedAt: t0})
	})
	if err != nil {
		t.Fatal(err)
	}
	fc := domain.ForeignClaim{ID: "frn_1", Peer: "alice", FetchedAt: t0, Claim: domain.Claim{Slug: "loja.jitter", Version: 1, Kind: domain.KindFact,
		Body: "jitter", Provenance: domain.Provenance{OriginBrain: "loja", PromotedBy: "agent-7"}}}
	ev := domain.ReuseEvent{Slug: "loja.jitter", Version: 1, OriginBrain: "loja", LearnerBrain: "m1nd", Learner: "agent-9", Feedback: domain.FeedbackNotWrong, At: t0, ReceiptID: "r1"}
	var added []bool
	for i := 0; i < 2; i++ {
		err := s.Write(ctx, func(tx domain.Tx) error {
			f := fc
			f.ID = fc.ID + string(rune('a'+i))
			a, err := tx.AddForeign(f)
			if err != nil {
				return err
			}
			r, err := tx.RecordReuse(ev)
			added = append(added, a, r)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if want := []bool{true, true, false, false}; len(added) != 4 || added[0] != want[0] || added[1] != want[1] || added[2] != want[2] || added[3] != want[3] {
		t.Fatalf("got added %v, want %v", added, want)
	}
	reuse, wrong, err := s.ReuseCounts(ctx, "loja.jitter")
	if err != nil || reuse != 1 || wrong != 0 {
		t.Fatalf("got reuse %d wrong %d (%v), want 1 and 0", reuse, wrong, err)
	}
	p, err := s.Peer(ctx, "alice")
	if err != nil || p.ForeignClaims != 1 || p.Credential != "tok" {
		t.Fatalf("got %+v %v, want one foreign claim held for alice", p, err)
	}
	err = s.Write(ctx, func(tx domain.Tx) error {
		return tx.MarkAdopted("frn_1a", "medulla", "alice.loja.jitter", "rcpt_9", t0)
	})
	if err != nil {
		t.Fatal(err)
	}
	openList, err := s.ForeignClaims(ctx, "", false, 0, 10)
	if err != nil || len(openList) != 0 {
		t.Fatalf("got %v %v, want adopted material out of the open list", openList, err)
	}
	all, err := s.ForeignClaims(ctx, "alice", true, 0, 10)
	if err != nil || len(all) != 1 || all[0].AdoptedSlug != "alice.loja.jitter" || all[0].Claim.Verse != domain.VerseGlobal {
		t.Fatalf("got %+v %v, want the adopted row in the global verse", all, err)
	}
}
