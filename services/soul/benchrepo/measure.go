package benchrepo

import (
	"testing"
	"time"
)

// colds is how many cold checks are averaged: enough to smooth one slow git spawn, few enough that
// the fixture's first-check cost does not dominate a benchmark run.
const colds = 3

// Figures are one check's times: cold (caches forgotten before each run, as a server's first check of
// a repository or a CLI run pays) and warm (the benchmark loop, a server re-checking), wall and CPU.
type Figures struct {
	Cold, ColdCPU, Warm, WarmCPU time.Duration
}

// Measure times check cold, calling reset (the checker's cache reset) before each cold run and after,
// if not nil, once each cold run is timed (the CLI times its own process there), then warm in b.Loop.
// The engine, the organ and the CLI benchmarks share it so their figures mean the same thing.
func Measure(b *testing.B, check, reset, after func()) Figures {
	b.Helper()
	var f Figures
	for range colds {
		reset()
		start, cpu := time.Now(), cpuTime()
		check()
		f.Cold += time.Since(start)
		f.ColdCPU += cpuTime() - cpu
		if after != nil {
			after()
		}
	}
	f.Cold /= colds
	f.ColdCPU /= colds
	cpu := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		check()
	}
	b.StopTimer()
	f.Warm = b.Elapsed() / time.Duration(b.N)
	f.WarmCPU = (cpuTime() - cpu) / time.Duration(b.N)
	return f
}

// MS is d in milliseconds, to the microsecond.
func MS(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Report reports the four times and the wall times' ratios to budget ("x300ms-budget",
// "cold-x300ms-budget").
func (f Figures) Report(b *testing.B, budget time.Duration) {
	b.Helper()
	unit := "x" + budget.String() + "-budget"
	b.ReportMetric(MS(f.Warm), "ms/check")
	b.ReportMetric(float64(f.Warm)/float64(budget), unit)
	b.ReportMetric(MS(f.WarmCPU), "cpu-ms/check")
	b.ReportMetric(MS(f.Cold), "ms/cold-check")
	b.ReportMetric(float64(f.Cold)/float64(budget), "cold-"+unit)
	b.ReportMetric(MS(f.ColdCPU), "cpu-ms/cold-check")
}
