package presence_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/fixture"
	"github.com/organism-dev/organism/services/presence/wire"
)

// TestFileItemCoversNothingBeneath pins the item rule for names that read as files: an item
// whose last segment has an extension after a non-empty stem ("a.go", "v1.2") names a file, so
// nothing lies beneath it; a trailing slash or /** says "directory" and then it covers
// everything beneath. A name without such an extension (".github", "x") is a directory.
func TestFileItemCoversNothingBeneath(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"file vs a path beneath it", "src/a.go", "src/a.go/x", false},
		{"file vs a file beneath it", "src/a.go", "src/a.go/x/y.go", false},
		{"file vs itself", "src/a.go", "src/a.go", true},
		{"file spelled as a directory", "src/a.go/", "src/a.go/x", true},
		{"dotted directory reads as a file", "pkg/v1.2", "pkg/v1.2/x", false},
		{"dotted directory reads as a file, other order", "pkg/v1.2/x", "pkg/v1.2", false},
		{"dotted directory with a slash", "pkg/v1.2/", "pkg/v1.2/x", true},
		{"dotted directory with /**", "pkg/v1.2/**", "pkg/v1.2/x", true},
		{"dot-name without a stem is a directory", ".github", ".github/workflows/ci.yml", true},
		{"file glob vs a path beneath a match", "src/*.go", "src/a.go/x", false},
		// The directory src/a.go/x covers src/a.go/x/y.go, which **/*.go names.
		{"deep file glob vs a directory beneath a match", "**/*.go", "src/a.go/x", true},
		{"directory above the file", "src", "src/a.go", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			must(h.agent("ada", "alpha").Register(ctx, mutate(tt.a)))(t)
			must(h.agent("bo", "alpha").Register(ctx, mutate(tt.b)))(t)
			all := must(client(h.env.Owner()).Collisions(ctx, &presencev1.CollisionsRequest{}))(t).GetCollisions()
			if got := len(all) == 1; got != tt.want || len(all) > 1 {
				t.Fatalf("%q vs %q: got %d collisions, want collision=%v", tt.a, tt.b, len(all), tt.want)
			}
		})
	}
}

func pairKey(c *presencev1.Collision) string {
	var ov []string
	for _, o := range c.GetOverlaps() {
		ov = append(ov, o.GetA()+"|"+o.GetB())
	}
	return fmt.Sprintf("%s %s/%s %v", c.GetBrain(), c.GetA().GetPresenceId(), c.GetB().GetPresenceId(), ov)
}

// readPages pages Collisions to the end; it fails the test rather than loop past maxPages.
func readPages(t *testing.T, cl presencev1.PresenceServiceClient, req *presencev1.CollisionsRequest, maxPages int) (pairs []string, pages int) {
	t.Helper()
	for pages = 1; ; pages++ {
		if pages > maxPages {
			t.Fatalf("still paging after %d pages: the token does not advance", maxPages)
		}
		resp := must(cl.Collisions(ctx, req))(t)
		if req.GetPageSize() > 0 && len(resp.GetCollisions()) > int(req.GetPageSize()) {
			t.Fatalf("page %d: got %d pairs, want at most page_size %d", pages, len(resp.GetCollisions()), req.GetPageSize())
		}
		for _, c := range resp.GetCollisions() {
			pairs = append(pairs, pairKey(c))
		}
		if resp.GetNextPageToken() == "" {
			return pairs, pages
		}
		req.PageToken = resp.GetNextPageToken()
	}
}

// TestCollisionPagesReadToTheEnd: a roster of several pages read page by page, at any page
// size, is exactly the domain's one-shot answer, in (a, b) order, with no pair twice or missing.
func TestCollisionPagesReadToTheEnd(t *testing.T) {
	h := start(t)
	owner := principal.Principal{Origin: principal.OriginHumanCLI}
	mission := principal.Principal{AgentID: "mission", Origin: principal.OriginService}
	// Two brains of the benchmark's mixed roster, registered in process (what is under test is
	// the read, not 1,200 registers over the wire).
	for i, set := range fixture.Roster(1200, 20, 3, true) {
		brain := []string{"alpha", "beta"}[i%2]
		if _, _, err := h.svc.Registry().Register(ctx, mission, domain.RegisterInput{Brain: brain, Kind: "runner",
			Intent: domain.IntentMutate, WorkingSet: set, TTL: time.Hour}); err != nil {
			t.Fatal(err)
		}
	}
	for _, brain := range []string{"", "alpha"} {
		oneShot, err := h.svc.Registry().Collisions(owner, domain.CollisionQuery{Brain: brain, Limit: domain.MaxCollisionPage})
		if err != nil {
			t.Fatal(err)
		}
		if !oneShot.Next.IsZero() || len(oneShot.Collisions) < 100 {
			t.Fatalf("brain %q: the one-shot answer has %d pairs (next %v); want 100 to 1,000 in one page", brain, len(oneShot.Collisions), oneShot.Next)
		}
		var want []string
		for _, c := range wire.Collisions(oneShot.Collisions) {
			want = append(want, pairKey(c))
		}
		t.Logf("brain %q: %d pairs", brain, len(want))
		for _, size := range []int32{1, 7, 100, 0, 1000} {
			t.Run(fmt.Sprintf("brain=%q/page_size=%d", brain, size), func(t *testing.T) {
				got, pages := readPages(t, client(h.env.Owner()), &presencev1.CollisionsRequest{Brain: brain, PageSize: size}, len(want)+2)
				if !slices.Equal(got, want) {
					t.Fatalf("paged answer differs from the one-shot answer: got %d pairs, want %d", len(got), len(want))
				}
				per := int(size)
				if per == 0 {
					per = domain.DefaultCollisionPage
				}
				if want := max(1, (len(want)+per-1)/per); pages != want {
					t.Fatalf("pages: got %d, want %d", pages, want)
				}
			})
		}
		ordered := slices.IsSortedFunc(oneShot.Collisions, func(x, y domain.Collision) int {
			if x.A.ID != y.A.ID {
				return compare(x.A.ID, y.A.ID)
			}
			return compare(x.B.ID, y.B.ID)
		})
		if !ordered {
			t.Fatalf("brain %q: pairs are not ordered by (a, b)", brain)
		}
	}
}

func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestCollisionPagesUnderChange: a pair that exists from the first page to the last is returned
// once, whatever registers and leaves happen between pages.
func TestCollisionPagesUnderChange(t *testing.T) {
	h := start(t)
	var agents []presencev1.PresenceServiceClient
	var ps []*presencev1.Presence
	for i := 0; i < 6; i++ {
		a := h.agent(fmt.Sprintf("a%d", i), "alpha")
		agents = append(agents, a)
		ps = append(ps, must(a.Register(ctx, mutate("shared/")))(t).GetPresence())
	}
	owner := client(h.env.Owner())
	first := must(owner.Collisions(ctx, &presencev1.CollisionsRequest{PageSize: 4}))(t)
	seen := map[string]int{}
	for _, c := range first.GetCollisions() {
		seen[pairKey(c)]++
	}
	// Between pages: the first presence leaves and a newcomer joins.
	must(agents[0].Leave(ctx, &presencev1.LeaveRequest{PresenceId: ps[0].GetPresenceId()}))(t)
	must(h.agent("late", "alpha").Register(ctx, mutate("shared/x.go")))(t)
	rest, _ := readPages(t, owner, &presencev1.CollisionsRequest{PageSize: 4, PageToken: first.GetNextPageToken()}, 20)
	for _, k := range rest {
		seen[k]++
	}
	for k, n := range seen {
		if n != 1 {
			t.Fatalf("pair %s: returned %d times, want once", k, n)
		}
	}
	// Every pair among the five that stayed (10) is there exactly once.
	stayed := 0
	for i := 1; i < 6; i++ {
		for j := i + 1; j < 6; j++ {
			k := fmt.Sprintf("alpha %s/%s [shared|shared]", ps[i].GetPresenceId(), ps[j].GetPresenceId())
			if seen[k] == 1 {
				stayed++
			}
		}
	}
	if stayed != 10 {
		t.Fatalf("pairs that lasted through the read: got %d, want 10", stayed)
	}
}

func TestCollisionPagingRefusals(t *testing.T) {
	h := start(t)
	ada, bo := h.agent("ada", "alpha"), h.agent("bo", "alpha")
	pa := must(ada.Register(ctx, mutate("src/")))(t).GetPresence()
	must(bo.Register(ctx, mutate("src/a.go")))(t)
	pc := must(h.agent("cy", "alpha").Register(ctx, mutate("src/b.go")))(t).GetPresence()
	// A token of ada's own pairs, to be replayed where it does not belong.
	mine := must(ada.Collisions(ctx, &presencev1.CollisionsRequest{PresenceId: pa.GetPresenceId(), PageSize: 1}))(t)
	if mine.GetNextPageToken() == "" {
		t.Fatal("ada has two pairs; a page of one must carry a token")
	}
	tests := []struct {
		name  string
		req   *presencev1.CollisionsRequest
		field string
	}{
		{"garbage token", &presencev1.CollisionsRequest{PageToken: "garbage"}, "page_token"},
		{"token of raw ids", &presencev1.CollisionsRequest{PageToken: pa.GetPresenceId()}, "page_token"},
		{"token for another presence", &presencev1.CollisionsRequest{PresenceId: pc.GetPresenceId(), PageToken: mine.GetNextPageToken()}, "page_token"},
		{"page too large", &presencev1.CollisionsRequest{PageSize: 1001}, "page_size"},
		{"negative page", &presencev1.CollisionsRequest{PageSize: -1}, "page_size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ada.Collisions(ctx, tt.req)
			wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
			if f := rpcstatus.FieldsOf(err); !slices.Equal(f, []string{tt.field}) {
				t.Fatalf("field violations: got %v, want [%s]", f, tt.field)
			}
		})
	}
	// One presence's pairs page by b.
	got, pages := readPages(t, ada, &presencev1.CollisionsRequest{PresenceId: pa.GetPresenceId(), PageSize: 1}, 5)
	if len(got) != 2 || pages != 2 {
		t.Fatalf("ada's pairs one per page: got %d pairs in %d pages, want 2 in 2", len(got), pages)
	}
}

// TestCollisionPagesSeeOnlyLivePairs: a pair whose member expired is gone from the pages at
// once, before any sweep, though the roster (and so the derived pair set) has not changed.
func TestCollisionPagesSeeOnlyLivePairs(t *testing.T) {
	h := start(t)
	owner := client(h.env.Owner())
	var ps []*presencev1.Presence
	for i, ttl := range []int32{30, 60, 60} {
		req := mutate("src/")
		req.TtlSeconds = ttl
		ps = append(ps, must(h.agent(fmt.Sprintf("a%d", i), "alpha").Register(ctx, req))(t).GetPresence())
	}
	bo := h.agent("a1", "alpha")
	steps := []struct {
		name  string
		at    time.Duration
		beat  bool // a1 beats at this time
		pairs int
	}{
		{"all live", 0, false, 3},
		{"a0 expired at its ttl", 30 * time.Second, true, 1},
		{"a2 expired; a1's beat keeps it", 60 * time.Second, false, 0},
	}
	for _, st := range steps {
		h.clk.Set(t0.Add(st.at))
		if st.beat {
			must(bo.Beat(ctx, &presencev1.BeatRequest{PresenceId: ps[1].GetPresenceId()}))(t)
		}
		got, _ := readPages(t, owner, &presencev1.CollisionsRequest{PageSize: 1}, 5)
		if len(got) != st.pairs {
			t.Fatalf("%s: got %d pairs %v, want %d", st.name, len(got), got, st.pairs)
		}
	}
}
