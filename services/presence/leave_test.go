package presence_test

import (
	"context"
	"testing"
	"time"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// TestEndingPresencesWithoutWorkingSet: an agent holds a mutating presence with files and one
// with no working set in the same brain; ending both, in either order, by leave or by expiry,
// through the real client, succeeds, leaves an empty roster, and every later call of every agent
// is still answered. The crash this pins (a nil brain index on the second leave) held the
// roster lock, so the next presence call of any agent hung.
func TestEndingPresencesWithoutWorkingSet(t *testing.T) {
	tests := []struct {
		name string
		sets [][]string
		// order is the index in sets of each presence, in the order they leave.
		order []int
		// expire ends them with a sweep after their TTL instead.
		expire bool
	}{
		{"files leave first, then the empty one", [][]string{{"src/a.go"}, nil}, []int{0, 1}, false},
		{"the empty one leaves first", [][]string{{"src/a.go"}, nil}, []int{1, 0}, false},
		{"empty joined first, files leave first", [][]string{nil, {"src/a.go", "docs"}}, []int{1, 0}, false},
		{"both expire in one sweep", [][]string{{"src/a.go"}, nil}, nil, true},
		{"two empty ones leave", [][]string{nil, nil}, []int{0, 1}, false},
		{"two empty ones expire in one sweep", [][]string{nil, nil}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			a := h.agent("ada", "alpha")
			var pids []string
			for _, set := range tt.sets {
				req := mutate(set...)
				req.TtlSeconds = 30
				pids = append(pids, must(a.Register(ctx, req))(t).GetPresence().GetPresenceId())
			}
			if tt.expire {
				h.clk.Advance(30 * time.Second)
				if got := must(a.Gc(ctx, &presencev1.GcRequest{}))(t).GetRemoved(); len(got) != len(pids) {
					t.Fatalf("gc: got %v removed, want %v", ids(got), pids)
				}
			}
			for _, k := range tt.order {
				must(a.Leave(ctx, &presencev1.LeaveRequest{PresenceId: pids[k]}))(t)
			}
			// Every later call is answered (a deadline turns a held lock into a failure, not a hang).
			dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if got := must(a.List(dctx, &presencev1.ListRequest{}))(t).GetPresences(); len(got) != 0 {
				t.Fatalf("after: got %v listed, want none", ids(got))
			}
			first := must(h.agent("bob", "alpha").Register(dctx, mutate("src")))(t).GetPresence().GetPresenceId()
			second := must(a.Register(dctx, mutate("src/a.go")))(t).GetPresence().GetPresenceId()
			cols := must(a.Collisions(dctx, &presencev1.CollisionsRequest{PresenceId: second}))(t).GetCollisions()
			if len(cols) != 1 || cols[0].GetB().GetPresenceId() != first {
				t.Fatalf("a colliding register after: got %d collisions, want 1 with %s", len(cols), first)
			}
		})
	}
}
