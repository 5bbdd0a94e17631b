package domain

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
)

// A bug in a critical section must never wedge the organ: the gRPC interceptor recovers a
// handler's panic, so the process lives on, and every lock the panicking call held must be free
// again. These tests force a panic inside each kind of critical section through the registry's
// own seams (the store and clock ports, the id option, and, for a bug in the index itself, an
// entry corrupted the way the crash of 3849eb7 found one) and then require every entry point
// to answer.

// faultStore is memStore with one method armed to panic.
type faultStore struct {
	*memStore
	armed atomic.Pointer[string]
}

func (s *faultStore) trip(method string) {
	if p := s.armed.Load(); p != nil && *p == method {
		panic("forced fault in " + method)
	}
}

func (s *faultStore) SavePresence(ctx context.Context, rec Record, evs []Event, rc *Receipt) error {
	s.trip("SavePresence")
	return s.memStore.SavePresence(ctx, rec, evs, rc)
}

func (s *faultStore) DeletePresences(ctx context.Context, ids []string, evs []Event, rc *Receipt) error {
	s.trip("DeletePresences")
	return s.memStore.DeletePresences(ctx, ids, evs, rc)
}

func (s *faultStore) RecordRefusal(ctx context.Context, rc Receipt, since time.Time) (string, error) {
	s.trip("RecordRefusal")
	return s.memStore.RecordRefusal(ctx, rc, since)
}

// faultClock is a fake clock that panics while armed.
type faultClock struct {
	*clock.Fake
	armed atomic.Bool
}

func (c *faultClock) Now() time.Time {
	if c.armed.Load() {
		panic("forced fault in the clock")
	}
	return c.Fake.Now()
}

type faultRig struct {
	reg     *Registry
	st      *faultStore
	clk     *faultClock
	idFault atomic.Bool
	// files is a live mutating presence with a path, a glob and a block in brain alpha.
	files string
}

func openFaultRig(t *testing.T) *faultRig {
	t.Helper()
	rig := &faultRig{st: &faultStore{memStore: newMemStore()}, clk: &faultClock{Fake: clock.NewFake(regT0)}}
	n := 0
	reg, err := Open(context.Background(), Options{Store: rig.st, Clock: rig.clk,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		NewID: func() string {
			if rig.idFault.Load() {
				panic("forced fault in NewID")
			}
			n++
			return fmt.Sprintf("prs_%012x", n)
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(reg.Stop)
	rig.reg = reg
	rec, _, err := reg.Register(context.Background(), agentIn("ag-1", "alpha"), RegisterInput{Kind: "executor",
		Intent: IntentMutate, WorkingSet: []string{"src/a.go", "src/*.go", "sb_alpha"}})
	if err != nil {
		t.Fatal(err)
	}
	rig.files = rec.ID
	return rig
}

// corrupt makes the index bookkeeping of id wrong (its first item placed nowhere), so removing
// it panics inside the roster's write lock; the returned func puts it back.
func (rig *faultRig) corrupt(id string) func() {
	rig.reg.mu.Lock()
	defer rig.reg.mu.Unlock()
	e := rig.reg.byID[id]
	was := e.placed[0]
	e.placed[0] = nil
	return func() {
		rig.reg.mu.Lock()
		defer rig.reg.mu.Unlock()
		e.placed[0] = was
	}
}

// mustPanic runs f and fails unless it panics.
func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatalf("%s: got no panic, want the forced one", what)
		}
	}()
	f()
}

// stillAnswers requires every entry point, writers and readers, to complete within a deadline:
// a lock left held by the panic would hang one of them.
func (rig *faultRig) stillAnswers(t *testing.T) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		done <- func() error {
			ctx := context.Background()
			reg, c := rig.reg, agentIn("ag-2", "alpha")
			rec, _, err := reg.Register(ctx, c, RegisterInput{Kind: "executor", Intent: IntentMutate, WorkingSet: []string{"src/b.go"}})
			if err != nil {
				return fmt.Errorf("register: %w", err)
			}
			if _, _, err := reg.Register(ctx, c, RegisterInput{Kind: "no-such-kind", Intent: IntentMutate}); err == nil {
				return fmt.Errorf("a bad register: got success, want a refusal")
			}
			if _, err := reg.Beat(c, rec.ID); err != nil {
				return fmt.Errorf("beat: %w", err)
			}
			if _, err := reg.Get(c, rec.ID); err != nil {
				return fmt.Errorf("get: %w", err)
			}
			if _, _, _, err := reg.List(c, ListFilter{}); err != nil {
				return fmt.Errorf("list: %w", err)
			}
			if _, err := reg.Collisions(c, CollisionQuery{}); err != nil {
				return fmt.Errorf("collisions: %w", err)
			}
			if _, err := reg.Events(ctx, c, "", 0, 10); err != nil {
				return fmt.Errorf("events: %w", err)
			}
			if err := reg.FlushBeats(ctx); err != nil {
				return fmt.Errorf("flush beats: %w", err)
			}
			if _, err := reg.Leave(ctx, c, rec.ID); err != nil {
				return fmt.Errorf("leave: %w", err)
			}
			if _, err := reg.Sweep(ctx); err != nil {
				return fmt.Errorf("sweep: %w", err)
			}
			return nil
		}()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after the panic: got %v, want every call answered", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("after the panic: a call is still waiting after 10s, want every lock released")
	}
}

func TestPanicInACriticalSectionReleasesItsLocks(t *testing.T) {
	ctx := context.Background()
	owner := modelOwner
	tests := []struct {
		name string
		// fault arms a fault and returns what disarms it.
		fault func(rig *faultRig) func()
		// call is what runs into the fault.
		call func(rig *faultRig)
	}{
		{"id chosen under the roster read lock",
			func(rig *faultRig) func() { rig.idFault.Store(true); return func() { rig.idFault.Store(false) } },
			func(rig *faultRig) {
				rig.reg.Register(ctx, agentIn("ag-3", "alpha"), RegisterInput{Kind: "executor", Intent: IntentRead})
			}},
		{"store write under the writers' lock",
			func(rig *faultRig) func() { return rig.st.arm("SavePresence") },
			func(rig *faultRig) {
				rig.reg.Register(ctx, agentIn("ag-3", "alpha"), RegisterInput{Kind: "executor", Intent: IntentRead})
			}},
		{"store delete under the writers' lock",
			func(rig *faultRig) func() { return rig.st.arm("DeletePresences") },
			func(rig *faultRig) { rig.reg.Leave(ctx, owner, rig.files) }},
		{"refusal record under the ledger lock",
			func(rig *faultRig) func() { return rig.st.arm("RecordRefusal") },
			func(rig *faultRig) { rig.reg.Leave(ctx, agentIn("ag-3", "alpha"), "prs_0000000000ff") }},
		{"clock read under the roster read lock",
			func(rig *faultRig) func() { rig.clk.armed.Store(true); return func() { rig.clk.armed.Store(false) } },
			func(rig *faultRig) { rig.reg.Get(owner, rig.files) }},
		{"index removal on leave under the roster write lock",
			func(rig *faultRig) func() { return rig.corrupt(rig.files) },
			func(rig *faultRig) { rig.reg.Leave(ctx, owner, rig.files) }},
		{"index removal on expiry under the roster write lock",
			func(rig *faultRig) func() { rig.clk.Advance(DefaultTTL); return rig.corrupt(rig.files) },
			func(rig *faultRig) { rig.reg.Sweep(ctx) }},
		{"index replacement on re-announce under the roster write lock",
			func(rig *faultRig) func() { return rig.corrupt(rig.files) },
			func(rig *faultRig) {
				rig.reg.Register(ctx, agentIn("ag-1", "alpha"), RegisterInput{ID: rig.files, Kind: "executor", Intent: IntentRead})
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rig := openFaultRig(t)
			disarm := tt.fault(rig)
			mustPanic(t, tt.name, func() { tt.call(rig) })
			disarm()
			rig.stillAnswers(t)
		})
	}
}

func (s *faultStore) arm(method string) func() {
	s.armed.Store(&method)
	return func() { s.armed.Store(nil) }
}
