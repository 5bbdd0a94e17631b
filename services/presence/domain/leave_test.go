package domain

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
)

var regT0 = time.Date(2026, 7, 12, 9, 0, 0, 0, time.UTC)

// openTestRegistry opens a registry on an in-memory store and a fake clock, with sequential
// presence ids so failures name the same ids on every run.
func openTestRegistry(t testing.TB) (*Registry, *clock.Fake) {
	t.Helper()
	clk := clock.NewFake(regT0)
	n := 0
	reg, err := Open(context.Background(), Options{Store: newMemStore(), Clock: clk,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		NewID:  func() string { n++; return fmt.Sprintf("prs_%012x", n) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Stop)
	return reg, clk
}

func agentIn(id, brain string) principal.Principal {
	return principal.Principal{AgentID: id, Brain: brain, Origin: principal.OriginAgent}
}

// assertEmpty fails unless nothing of any presence is left in memory: no record, index,
// announced pair, peer list or occupied slot.
func assertEmpty(t *testing.T, reg *Registry) {
	t.Helper()
	reg.mu.RLock()
	defer reg.mu.RUnlock()
	occupied := 0
	for _, e := range reg.slots {
		if e != nil {
			occupied++
		}
	}
	if len(reg.byID) != 0 || len(reg.brains) != 0 || len(reg.announced) != 0 || len(reg.peers) != 0 || occupied != 0 {
		t.Fatalf("left behind: got %d records, %d brain indexes, %d announced pairs, %d peer lists, %d occupied slots; want none",
			len(reg.byID), len(reg.brains), len(reg.announced), len(reg.peers), occupied)
	}
}

// TestLeavingWhenTheBrainIndexIsGone: one agent holds two mutating presences in a brain, one
// with files and one with no working set; ending them in any order (by leave or by expiry)
// must not touch the brain's index after the last holder emptied and deleted it. The crash this
// pins dereferenced the deleted index and held the roster lock for good.
func TestLeavingWhenTheBrainIndexIsGone(t *testing.T) {
	type join struct {
		intent Intent
		set    []string
	}
	files := join{IntentMutate, []string{"src/a.go", "src/b.go"}}
	empty := join{IntentMutate, nil}
	tests := []struct {
		name  string
		joins []join
		// order is the index in joins of each presence, in the order they end.
		order []int
		// expire ends them by a sweep after their TTL instead of by leave.
		expire bool
	}{
		{"files leave first, then the empty one", []join{files, empty}, []int{0, 1}, false},
		{"empty joined first, files leave first", []join{empty, files}, []int{1, 0}, false},
		{"empty leaves first, then files", []join{files, empty}, []int{1, 0}, false},
		{"two empty ones", []join{empty, empty}, []int{0, 1}, false},
		{"files between two empty ones", []join{empty, files, empty}, []int{1, 0, 2}, false},
		{"a reader with files and an empty mutator", []join{{IntentRead, []string{"src/a.go"}}, empty}, []int{0, 1}, false},
		{"both expire in one sweep", []join{files, empty}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, clk := openTestRegistry(t)
			ctx := context.Background()
			c := agentIn("ag-1", "alpha")
			var ids []string
			for _, j := range tt.joins {
				rec, _, err := reg.Register(ctx, c, RegisterInput{Kind: "executor", Intent: j.intent, WorkingSet: j.set, TTL: 30 * time.Second})
				if err != nil {
					t.Fatalf("register %v: got %v, want success", j, err)
				}
				ids = append(ids, rec.ID)
			}
			if tt.expire {
				clk.Advance(30 * time.Second)
				gone, err := reg.Sweep(ctx)
				if err != nil || len(gone) != len(ids) {
					t.Fatalf("sweep: got %d expired (err %v), want %d", len(gone), err, len(ids))
				}
			}
			for _, k := range tt.order {
				if _, err := reg.Leave(ctx, c, ids[k]); err != nil {
					t.Fatalf("leave %s: got %v, want success", ids[k], err)
				}
			}
			assertEmpty(t, reg)
			// The registry still answers: the lock is free and a new session collides as usual.
			a, _, err := reg.Register(ctx, c, RegisterInput{Kind: "executor", Intent: IntentMutate, WorkingSet: []string{"src"}})
			if err != nil {
				t.Fatalf("register after: got %v, want success", err)
			}
			_, cols, err := reg.Register(ctx, agentIn("ag-2", "alpha"), RegisterInput{Kind: "executor", Intent: IntentMutate, WorkingSet: []string{"src/a.go"}})
			if err != nil || len(cols) != 1 || cols[0].B.ID != a.ID {
				t.Fatalf("register a colliding session after: got %d collisions (err %v), want 1 with %s", len(cols), err, a.ID)
			}
		})
	}
}
