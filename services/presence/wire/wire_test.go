package wire

import (
	"context"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/store"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// registry opens a domain registry over a real store with three colliding presences.
func registry(t *testing.T) *domain.Registry {
	t.Helper()
	st, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg, err := domain.Open(context.Background(), domain.Options{Store: st, Clock: fixedClock{time.Date(2026, 7, 12, 9, 0, 0, 0, time.UTC)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ agent, theme string }{{"ada", "parser"}, {"bo", ""}, {"cy", "é"}} {
		p := principal.Principal{AgentID: r.agent, Brain: "alpha", Origin: principal.OriginAgent}
		if _, _, err := reg.Register(context.Background(), p, domain.RegisterInput{Kind: "executor", Theme: r.theme,
			Intent: domain.IntentMutate, WorkingSet: []string{"src/", "sb_x"}, Worktree: "/w/" + r.agent}); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// TestEncoderAnswersWhatConversionDoes: a pre-encoded page decodes, on any client, to the
// message the converters build, whether its pairs were encoded now or held from before, and
// for one presence's pairs (never held) too.
func TestEncoderAnswersWhatConversionDoes(t *testing.T) {
	reg := registry(t)
	owner := principal.Principal{Origin: principal.OriginHumanCLI}
	all, err := reg.Collisions(owner, domain.CollisionQuery{})
	if err != nil || len(all.Collisions) != 3 {
		t.Fatalf("fixture: got %d pairs (%v), want 3", len(all.Collisions), err)
	}
	one, err := reg.Collisions(owner, domain.CollisionQuery{ID: all.Collisions[0].A.ID, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	var enc CollisionEncoder
	tests := []struct {
		name string
		q    domain.CollisionQuery
	}{
		{"fresh pairs, first page with a token", domain.CollisionQuery{Limit: 2}},
		{"held pairs, whole set", domain.CollisionQuery{}},
		{"held pairs through the brain filter", domain.CollisionQuery{Brain: "alpha"}},
		{"last page", domain.CollisionQuery{After: domain.PairCursor{A: all.Collisions[1].A.ID, B: all.Collisions[1].B.ID}}},
		{"one presence's pairs", domain.CollisionQuery{ID: all.Collisions[0].A.ID, After: one.Next}},
		{"empty page", domain.CollisionQuery{Brain: "nobody"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, err := reg.Collisions(owner, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := proto.Marshal(enc.Response(page))
			if err != nil {
				t.Fatal(err)
			}
			var got presencev1.CollisionsResponse
			if err := proto.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			want := &presencev1.CollisionsResponse{Collisions: Collisions(page.Collisions), NextPageToken: PairToken(page.Next)}
			if !proto.Equal(&got, want) {
				t.Fatalf("decoded page: got %v, want %v", &got, want)
			}
		})
	}
}

func TestPairTokenRoundTrip(t *testing.T) {
	for _, c := range []domain.PairCursor{{}, {A: "prs_000000000001", B: "prs_00000000000f"}} {
		got, err := ParsePairToken(PairToken(c))
		if err != nil || got != c {
			t.Fatalf("round trip of %v: got %v, %v", c, got, err)
		}
	}
}

// FuzzParsePairToken: any string either is refused or names two valid presence ids, and what
// parses re-encodes to a token that parses to the same cursor.
func FuzzParsePairToken(f *testing.F) {
	f.Add(PairToken(domain.PairCursor{A: "prs_000000000001", B: "prs_000000000002"}))
	f.Add("garbage")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParsePairToken(s)
		if err != nil || c.IsZero() {
			return
		}
		if !domain.ValidID(c.A) || !domain.ValidID(c.B) {
			t.Fatalf("%q parsed to invalid ids %v", s, c)
		}
		again, err := ParsePairToken(PairToken(c))
		if err != nil || again != c {
			t.Fatalf("re-encoded %v: got %v, %v", c, again, err)
		}
	})
}
