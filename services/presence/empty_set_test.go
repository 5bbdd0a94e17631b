package presence_test

import (
	"context"
	"testing"
	"time"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// Two mutating sessions with an empty working set (what `presence join --from-git` announces
// from a clean worktree) share a brain that indexes no path. Taking out the first once dropped
// the brain's index while the second still named it; taking out the second then panicked with
// the registry's lock held: an agent's Leave wedged every later presence call, and the sweep's
// expiry crashed the whole process.
func TestEmptyWorkingSetsLeaveAndExpire(t *testing.T) {
	tests := []struct {
		name   string
		remove func(t *testing.T, h *harness, a presencev1.PresenceServiceClient, ids []string)
	}{
		{"both leave", func(t *testing.T, h *harness, a presencev1.PresenceServiceClient, ids []string) {
			for _, id := range ids {
				must(a.Leave(ctx, &presencev1.LeaveRequest{PresenceId: id}))(t)
			}
		}},
		{"both expire and the sweep removes them", func(t *testing.T, h *harness, a presencev1.PresenceServiceClient, ids []string) {
			h.clk.Set(t0.Add(91 * time.Second))
			if got := len(must(a.Gc(ctx, &presencev1.GcRequest{}))(t).GetRemoved()); got != len(ids) {
				t.Fatalf("gc removed %d, want %d", got, len(ids))
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			a := h.agent("ada", "alpha")
			var ids []string
			for range 2 {
				ids = append(ids, must(a.Register(ctx, mutate()))(t).GetPresence().GetPresenceId())
			}
			tt.remove(t, h, a, ids)
			// A wedged registry would hang here; the deadline turns that into a failure.
			dl, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if got := must(a.List(dl, &presencev1.ListRequest{}))(t).GetPresences(); len(got) != 0 {
				t.Fatalf("after removal: got %v listed, want none", got)
			}
			p := must(a.Register(dl, mutate("src/a.go")))(t).GetPresence()
			must(a.Leave(dl, &presencev1.LeaveRequest{PresenceId: p.GetPresenceId()}))(t)
		})
	}
}
