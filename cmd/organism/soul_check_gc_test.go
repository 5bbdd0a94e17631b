package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

// TestQuietCollector: an offline check runs with the collector off below checkMemoryLimit, and goes
// back to collecting at 5x the live heap, with no limit, once the live heap passes half that limit.
func TestQuietCollector(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	oldPercent, oldLimit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1)
	defer func() { debug.SetGCPercent(oldPercent); debug.SetMemoryLimit(oldLimit) }()

	collectorBack.Store(false)
	quietCollector()
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("GC percent after quietCollector: got %d, want -1 (off)", got)
	}
	if got := debug.SetMemoryLimit(-1); got != checkMemoryLimit {
		t.Fatalf("memory limit after quietCollector: got %d, want %d", got, checkMemoryLimit)
	}
	runtime.GC() // a small live heap: the collector stays off
	runtime.GC()
	if collectorBack.Load() {
		t.Fatal("collector back on with a small live heap, want it off")
	}

	live := make([][]byte, 0, 160)
	for len(live) < cap(live) { // 160 MB live, past half the limit
		live = append(live, make([]byte, 1<<20))
	}
	// the finalizer that looks at the heap runs after a collection, in its own goroutine: a bounded wait
	for i := 0; i < 1000 && !collectorBack.Load(); i++ {
		runtime.GC()
		runtime.Gosched()
	}
	runtime.KeepAlive(live)
	percent := debug.SetGCPercent(400)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	if !collectorBack.Load() || percent != 400 || limit != math.MaxInt64 {
		t.Fatalf("after a live heap of 160 MB: got GC percent %d and limit %d, want 400 and no limit", percent, limit)
	}
}
