package clock_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
)

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// recv fails the test when nothing arrives within a few seconds instead of hanging it.
func recv(t *testing.T, c <-chan time.Time) time.Time {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(5 * time.Second):
		t.Fatal("nothing fired")
		return time.Time{}
	}
}

func quiet(t *testing.T, c <-chan time.Time) {
	t.Helper()
	select {
	case v := <-c:
		t.Fatalf("fired early at %v", v)
	default:
	}
}

func TestFakeTimerFiresAtItsDeadline(t *testing.T) {
	f := clock.NewFake(t0)
	tm := f.NewTimer(10 * time.Second)
	f.Advance(9 * time.Second)
	quiet(t, tm.C())
	f.Advance(time.Second)
	if got := recv(t, tm.C()); !got.Equal(t0.Add(10 * time.Second)) {
		t.Errorf("fired at %v, want t0+10s", got)
	}
	if tm.Stop() {
		t.Error("Stop after firing: got pending")
	}
	if tm.Reset(time.Second) {
		t.Error("Reset of a fired timer: got pending")
	}
	f.Advance(time.Second)
	recv(t, tm.C())
}

func TestFakeTimerStopPreventsFiring(t *testing.T) {
	f := clock.NewFake(t0)
	tm := f.NewTimer(time.Second)
	if !tm.Stop() {
		t.Error("Stop of an armed timer: got not pending")
	}
	f.Advance(time.Hour)
	quiet(t, tm.C())
}

func TestFakeTickerDropsMissedTicks(t *testing.T) {
	f := clock.NewFake(t0)
	tk := f.NewTicker(time.Second)
	f.Advance(5 * time.Second) // five periods pass; the channel holds one tick
	if got := recv(t, tk.C()); !got.Equal(t0.Add(time.Second)) {
		t.Errorf("first tick at %v, want t0+1s", got)
	}
	quiet(t, tk.C())
	f.Advance(time.Second)
	if got := recv(t, tk.C()); !got.Equal(t0.Add(6 * time.Second)) {
		t.Errorf("next tick at %v, want t0+6s", got)
	}
	tk.Reset(10 * time.Second)
	f.Advance(9 * time.Second)
	quiet(t, tk.C())
	f.Advance(time.Second)
	recv(t, tk.C())
	tk.Stop()
	f.Advance(time.Hour)
	quiet(t, tk.C())
	if f.Waiters() != 0 {
		t.Errorf("waiters after Stop: got %d, want 0", f.Waiters())
	}
}

func TestFakeFiresInDeadlineOrderAndTimeFollows(t *testing.T) {
	f := clock.NewFake(t0)
	late := f.NewTimer(3 * time.Second)
	early := f.NewTimer(time.Second)
	f.Advance(time.Minute)
	if got := recv(t, early.C()); !got.Equal(t0.Add(time.Second)) {
		t.Errorf("early fired at %v", got)
	}
	if got := recv(t, late.C()); !got.Equal(t0.Add(3 * time.Second)) {
		t.Errorf("late fired at %v", got)
	}
	if !f.Now().Equal(t0.Add(time.Minute)) {
		t.Errorf("now: got %v, want t0+1m", f.Now())
	}
}

func TestLoopRunsOnTheClockUntilCancelled(t *testing.T) {
	f := clock.NewFake(t0)
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int32
	ran := make(chan struct{}, 10)
	done := make(chan struct{})
	go func() {
		clock.Loop(ctx, f, time.Minute, func(context.Context) { calls.Add(1); ran <- struct{}{} })
		close(done)
	}()
	f.BlockUntil(1)
	for i := range 3 {
		f.Advance(time.Minute)
		select {
		case <-ran:
		case <-time.After(5 * time.Second):
			t.Fatalf("call %d did not come", i+1)
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Loop did not return after cancel")
	}
	if got := calls.Load(); got != 3 {
		t.Errorf("calls: got %d, want 3", got)
	}
}

func TestLoopWithNonPositivePeriodIsOff(t *testing.T) {
	called := false
	clock.Loop(context.Background(), clock.NewFake(t0), 0, func(context.Context) { called = true })
	if called {
		t.Error("a zero period ran fn")
	}
}

func TestRealClockTimersWork(t *testing.T) {
	c := clock.Or(nil)
	recv(t, c.NewTimer(time.Millisecond).C())
	tk := c.NewTicker(time.Millisecond)
	defer tk.Stop()
	recv(t, tk.C())
}
