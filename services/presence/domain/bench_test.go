package domain

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/services/presence/fixture"
)

// rosterFixture builds n mutating presences of one brain with items working-set entries each,
// from fixture.Roster (the mixed shape: files, a directory, a glob and a block each).
func rosterFixture(n, items int, seed uint64) []Record { return rosterFixtureOf(n, items, seed, true) }

// rosterFixtureOf builds the roster; without globs (the "paths" shape) every entry is a plain
// file or directory path.
func rosterFixtureOf(n, items int, seed uint64, globs bool) []Record {
	recs := make([]Record, n)
	for i, raw := range fixture.Roster(n, items, seed, globs) {
		set, bad := ParseWorkingSet(raw)
		if bad != nil {
			panic(fmt.Sprint(bad))
		}
		recs[i] = Record{ID: fmt.Sprintf("prs_%012x", i), Brain: "bench", AgentID: "a", Intent: IntentMutate,
			WorkingSet: set, LastBeat: benchT0, TTL: time.Hour}
	}
	return recs
}

var benchT0 = time.Date(2026, 7, 12, 9, 0, 0, 0, time.UTC)

func fixtureRegistry(recs []Record) *Registry {
	reg := &Registry{byID: map[string]*entry{}, brains: map[string]*brainIndex{}}
	for _, rec := range recs {
		reg.insert(rec)
	}
	return reg
}

// TestFixtureIndexMatchesNaive: on the benchmark's own roster shape the index and the
// all-pairs scan agree, so the benchmark compares equal answers.
func TestFixtureIndexMatchesNaive(t *testing.T) {
	recs := rosterFixture(400, 20, 5)
	reg := fixtureRegistry(recs)
	got := describeAll(reg.allCollisions("", benchT0))
	want := describeAll(NaiveCollisions(recs))
	if len(want) == 0 {
		t.Fatal("fixture produced no collisions; the comparison would prove nothing")
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("index and all-pairs scan differ:\n%s", diffLines(got, want))
	}
	// The same roster through the parallel scan and build, which large rosters take.
	defer func(from, hits int) { parallelFrom, parallelHits = from, hits }(parallelFrom, parallelHits)
	parallelFrom, parallelHits = 1, 1
	if got := describeAll(reg.allCollisions("", benchT0)); !reflect.DeepEqual(got, want) {
		t.Fatalf("parallel derivation and all-pairs scan differ:\n%s", diffLines(got, want))
	}
}

// naiveRowTime measures the all-pairs scan's cost per presence row (one presence against all),
// averaged over sample rows. A full scan is n/2 such rows.
func naiveRowTime(recs []Record, sample int) time.Duration {
	start := time.Now()
	for k := 0; k < sample; k++ {
		NaiveOf(recs[(k*7919)%len(recs)], recs)
	}
	return time.Since(start) / time.Duration(sample)
}

// BenchmarkCollisionsAll derives every colliding pair of n live presences x 20 working-set
// entries through the index. Target: at most 20 ms at n = 10,000. Two roster shapes: "paths"
// (files and a directory only) and "mixed" (plus a glob and a system block each). The baseline
// is the naive all-pairs scan, whose cost is measured on 20 sampled rows and scaled to its n/2
// rows (running it whole takes minutes at n = 10,000).
func BenchmarkCollisionsAll(b *testing.B) {
	for _, shape := range []string{"paths", "mixed"} {
		for _, n := range []int{1000, 10000} {
			b.Run(fmt.Sprintf("shape=%s/presences=%d", shape, n), func(b *testing.B) {
				recs := rosterFixtureOf(n, 20, 1, shape == "mixed")
				reg := fixtureRegistry(recs)
				now := benchT0.Add(time.Minute)
				pairs := len(reg.allCollisions("", now))
				b.ResetTimer()
				cpu0 := benchfig.ProcessCPU()
				for i := 0; i < b.N; i++ {
					reg.allCollisions("", now)
				}
				b.StopTimer()
				per := b.Elapsed() / time.Duration(b.N)
				// CPU time (every thread of the process) per derivation: on a shared machine
				// wall time says how busy the neighbours are, this says what the derivation costs.
				b.ReportMetric(float64((benchfig.ProcessCPU()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/all")
				naive := naiveRowTime(recs, 20) * time.Duration(n) / 2
				b.ReportMetric(float64(per.Microseconds())/1000, "ms/all")
				b.ReportMetric(float64(pairs), "pairs")
				b.ReportMetric(float64(naive.Microseconds())/1000, "naive-ms/all")
				b.ReportMetric(float64(naive)/float64(per), "x-vs-naive")
			})
		}
	}
}

// BenchmarkCollisionsOne derives one presence's collisions (1,000 different presences per
// op, mixed shape). Target: at most 1 ms at n = 10,000. Baseline: the naive scan of that
// presence against all others.
func BenchmarkCollisionsOne(b *testing.B) {
	const perOp = 1000
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("presences=%d", n), func(b *testing.B) {
			recs := rosterFixture(n, 20, 2)
			reg := fixtureRegistry(recs)
			now := benchT0.Add(time.Minute)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for k := 0; k < perOp; k++ {
					e := reg.slots[(i*perOp+k)%n]
					reg.collisionsOf(e, now)
				}
			}
			b.StopTimer()
			per := b.Elapsed() / time.Duration(b.N*perOp)
			naive := naiveRowTime(recs, 20)
			b.ReportMetric(float64(per.Nanoseconds())/1e6, "ms/presence")
			b.ReportMetric(float64(naive.Nanoseconds())/1e6, "naive-ms/presence")
			b.ReportMetric(float64(naive)/float64(per), "x-vs-naive")
		})
	}
}
