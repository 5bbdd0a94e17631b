// Package benchfig holds what every organ's benchmarks measure the same way, so that a figure
// named alike in two organs is computed alike: the machine's load beside the figures, and the
// median of rounds that alternate between setups.
package benchfig

import (
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// ReportLoadAvg reports the machine's one-minute load average as "loadavg-1m" beside b's
// figures: on a shared machine they move with it. Where /proc/loadavg cannot be read it
// reports nothing.
func ReportLoadAvg(b *testing.B) {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return
	}
	if f := strings.Fields(string(raw)); len(f) > 0 {
		if v, err := strconv.ParseFloat(f[0], 64); err == nil {
			b.ReportMetric(v, "loadavg-1m")
		}
	}
}

// Median is the middle of xs, the upper middle when len(xs) is even; xs is reordered.
func Median(xs []float64) float64 {
	sort.Float64s(xs)
	return xs[len(xs)/2]
}
