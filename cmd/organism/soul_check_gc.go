package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// checkMemoryLimit is the heap an offline check grows to before its collector runs. A cold check of
// issue 13's fixture (10k files, 20k commits, a 200-line AGENTS.md) allocates about 52 MB in all and
// peaks at about 80 MB of RSS uncollected, so it never collects; a repository several times larger
// collects near the limit instead of growing past it.
const checkMemoryLimit = 256 << 20

// quietCollector sets the collector for an offline check: off until the heap nears checkMemoryLimit.
// The check is a short process whose garbage (a long history's names, a grep's lines) is most of what
// it allocates, and each collection takes CPU from the git processes it waits for. Should the live
// heap itself pass half the limit (a huge repository), collections near the limit would follow one
// another, so the collector goes back to running at 5x the live heap, unbounded. GOGC or GOMEMLIMIT in
// the environment keeps the runtime's own settings.
func quietCollector() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(checkMemoryLimit)
	debug.SetGCPercent(-1)
	watchLiveHeap()
}

// collectorBack says the live heap passed half the limit and the collector runs at 5x it again.
var collectorBack atomic.Bool

// gcTick is garbage whose finalizer runs after each collection, to look at the heap it left.
type gcTick struct{ _ [16]byte }

func watchLiveHeap() {
	runtime.SetFinalizer(&gcTick{}, func(*gcTick) {
		live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(live)
		if live[0].Value.Kind() == metrics.KindUint64 && live[0].Value.Uint64() > checkMemoryLimit/2 {
			debug.SetGCPercent(400)
			debug.SetMemoryLimit(math.MaxInt64)
			collectorBack.Store(true)
			return
		}
		watchLiveHeap()
	})
}
