package wire

import (
	"testing"

	"google.golang.org/protobuf/proto"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/services/presence/domain"
)

func page(version uint64, next domain.PairCursor) domain.CollisionPage {
	a := &domain.Ref{ID: "prs_000000000001", AgentID: "ada", Kind: domain.KindExecutor, Theme: "parser", Worktree: "/w/ada"}
	b := &domain.Ref{ID: "prs_000000000002", AgentID: "bo", Kind: domain.KindRunner}
	c := &domain.Ref{ID: "prs_000000000003", AgentID: "cy", Kind: domain.KindOracle, Theme: "é"}
	return domain.CollisionPage{Version: version, Next: next, Collisions: []domain.Collision{
		{Brain: "alpha", A: a, B: b, Overlaps: []domain.Overlap{{A: "src", B: "src/a.go"}, {A: "sb_x", B: "sb_x"}}},
		{Brain: "alpha", A: a, B: c, Overlaps: []domain.Overlap{{A: "src", B: "src/"}}},
		{Brain: "alpha", A: b, B: c},
	}}
}

// TestEncoderAnswersWhatConversionDoes: the pre-encoded page decodes, on any client, to the
// message the converters build, whether its pairs were encoded now or held from before.
func TestEncoderAnswersWhatConversionDoes(t *testing.T) {
	var enc CollisionEncoder
	first := page(1, domain.PairCursor{A: "prs_000000000002", B: "prs_000000000003"})
	held, moved := first, first
	held.Next = domain.PairCursor{}
	moved.Version = 2
	// The same refs in a new order: what is held is found by pair, not by position.
	reordered := held
	reordered.Collisions = []domain.Collision{first.Collisions[2], first.Collisions[0]}
	tests := []struct {
		name string
		page domain.CollisionPage
	}{
		{"fresh pairs with a token", first},
		{"held pairs, last page", held},
		{"held pairs, other order", reordered},
		{"roster moved", moved},
		{"empty page", domain.CollisionPage{Version: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := proto.Marshal(enc.Response(tt.page))
			if err != nil {
				t.Fatal(err)
			}
			var got presencev1.CollisionsResponse
			if err := proto.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			want := &presencev1.CollisionsResponse{Collisions: Collisions(tt.page.Collisions), NextPageToken: PairToken(tt.page.Next)}
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
