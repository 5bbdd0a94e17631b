// Package clock gives services an injectable source of time, with timers and tickers, so that
// tests move time by hand and every background loop runs on the same clock as the rules it
// serves.
package clock

import (
	"context"
	"sort"
	"sync"
	"time"
)

// Clock tells the time and makes timers and tickers on it.
type Clock interface {
	Now() time.Time
	NewTimer(d time.Duration) Timer
	NewTicker(d time.Duration) Ticker
}

// Timer fires once on its channel, as time.Timer does.
type Timer interface {
	C() <-chan time.Time
	// Stop prevents the timer from firing; it reports whether it was still pending.
	Stop() bool
	// Reset re-arms the timer to fire after d; it reports whether it was still pending.
	Reset(d time.Duration) bool
}

// Ticker fires every period on its channel, dropping ticks a slow reader misses, as time.Ticker does.
type Ticker interface {
	C() <-chan time.Time
	Stop()
	Reset(d time.Duration)
}

// Real is the wall clock.
type Real struct{}

// Now returns the current wall-clock time.
func (Real) Now() time.Time { return time.Now() }

// NewTimer returns a wall-clock timer.
func (Real) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

// NewTicker returns a wall-clock ticker; d must be positive.
func (Real) NewTicker(d time.Duration) Ticker { return realTicker{time.NewTicker(d)} }

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time        { return r.t.C }
func (r realTimer) Stop() bool                 { return r.t.Stop() }
func (r realTimer) Reset(d time.Duration) bool { return r.t.Reset(d) }

type realTicker struct{ t *time.Ticker }

func (r realTicker) C() <-chan time.Time   { return r.t.C }
func (r realTicker) Stop()                 { r.t.Stop() }
func (r realTicker) Reset(d time.Duration) { r.t.Reset(d) }

// Or returns c, or the wall clock when c is nil.
func Or(c Clock) Clock {
	if c == nil {
		return Real{}
	}
	return c
}

// Loop calls fn every period until ctx ends, on clock c. The first call comes one period after
// the start; a call that overruns the period is followed at once by the next (missed ticks are
// dropped, not queued). A non-positive period returns at once without calling fn: that is how
// a caller switches a background job off.
func Loop(ctx context.Context, c Clock, every time.Duration, fn func(context.Context)) {
	if every <= 0 {
		return
	}
	t := Or(c).NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C():
			if ctx.Err() != nil {
				return
			}
			fn(ctx)
		}
	}
}

// Fake is a clock that only moves when told to; its timers and tickers fire as Advance and Set
// pass their deadlines. It is safe for concurrent use.
type Fake struct {
	mu      sync.Mutex
	now     time.Time
	waiters []*fakeWaiter
	// armed is signalled whenever a timer or ticker is armed, for BlockUntil.
	armed *sync.Cond
}

// NewFake returns a Fake clock set to t.
func NewFake(t time.Time) *Fake {
	f := &Fake{now: t}
	f.armed = sync.NewCond(&f.mu)
	return f
}

// Now returns the fake's current time.
func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// Advance moves the fake forward by d, firing every timer and ticker due on the way, in order.
func (f *Fake) Advance(d time.Duration) { f.Set(f.Now().Add(d)) }

// Set moves the fake to t, firing what falls due. A ticker that several periods pass over fires
// once (its channel holds one tick), as a real ticker with a slow reader does.
func (f *Fake) Set(t time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for {
		w := f.nextDueLocked(t)
		if w == nil {
			break
		}
		f.now = w.deadline
		w.fireLocked()
	}
	f.now = t
}

// BlockUntil waits until at least n timers and tickers are armed on the fake, so a test can
// advance time knowing the loop under test is already waiting on it.
func (f *Fake) BlockUntil(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for len(f.waiters) < n {
		f.armed.Wait()
	}
}

// Waiters is how many timers and tickers are armed now.
func (f *Fake) Waiters() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.waiters)
}

func (f *Fake) nextDueLocked(t time.Time) *fakeWaiter {
	sort.SliceStable(f.waiters, func(i, j int) bool { return f.waiters[i].deadline.Before(f.waiters[j].deadline) })
	if len(f.waiters) == 0 || f.waiters[0].deadline.After(t) {
		return nil
	}
	return f.waiters[0]
}

func (f *Fake) armLocked(w *fakeWaiter, d time.Duration) {
	f.disarmLocked(w)
	w.deadline = f.now.Add(d)
	f.waiters = append(f.waiters, w)
	f.armed.Broadcast()
}

func (f *Fake) disarmLocked(w *fakeWaiter) bool {
	for i, x := range f.waiters {
		if x == w {
			f.waiters = append(f.waiters[:i], f.waiters[i+1:]...)
			return true
		}
	}
	return false
}

// NewTimer returns a timer that fires when the fake reaches now+d.
func (f *Fake) NewTimer(d time.Duration) Timer {
	f.mu.Lock()
	defer f.mu.Unlock()
	w := &fakeWaiter{f: f, c: make(chan time.Time, 1)}
	f.armLocked(w, d)
	return w
}

// NewTicker returns a ticker that fires every d of fake time; d must be positive.
func (f *Fake) NewTicker(d time.Duration) Ticker {
	if d <= 0 {
		panic("clock: non-positive ticker period")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	w := &fakeWaiter{f: f, c: make(chan time.Time, 1), period: d}
	f.armLocked(w, d)
	return fakeTicker{w}
}

type fakeWaiter struct {
	f        *Fake
	c        chan time.Time
	deadline time.Time
	period   time.Duration // zero for a timer
}

func (w *fakeWaiter) fireLocked() {
	select {
	case w.c <- w.deadline:
	default: // the reader has not taken the last tick: drop this one
	}
	w.f.disarmLocked(w)
	if w.period > 0 {
		w.deadline = w.deadline.Add(w.period)
		w.f.waiters = append(w.f.waiters, w)
	}
}

func (w *fakeWaiter) C() <-chan time.Time { return w.c }

func (w *fakeWaiter) Stop() bool {
	w.f.mu.Lock()
	defer w.f.mu.Unlock()
	return w.f.disarmLocked(w)
}

func (w *fakeWaiter) Reset(d time.Duration) bool {
	w.f.mu.Lock()
	defer w.f.mu.Unlock()
	pending := w.f.disarmLocked(w)
	w.f.armLocked(w, d)
	return pending
}

type fakeTicker struct{ w *fakeWaiter }

func (t fakeTicker) C() <-chan time.Time { return t.w.c }
func (t fakeTicker) Stop()               { t.w.Stop() }
func (t fakeTicker) Reset(d time.Duration) {
	if d <= 0 {
		panic("clock: non-positive ticker period")
	}
	t.w.f.mu.Lock()
	defer t.w.f.mu.Unlock()
	t.w.period = d
	t.w.f.armLocked(t.w, d)
}
