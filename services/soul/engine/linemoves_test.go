package engine_test

import (
	"strings"
	"testing"
)

// TestFortiethHoldoutLineMoves: a line hint whose claim gives no words ("**Code Reference**:
// `spanmetrics.go:24-27`", grafana/tempo's generator AGENTS.md) is read against the file as the
// document's last commit left it: the cited lines, found unchanged in one other place now, moved. Lines
// still in place, lines since rewritten, lines too short to tell apart, or a document changed in HEAD
// itself stay fresh.
func TestFortiethHoldoutLineMoves(t *testing.T) {
	consts := "const (\n\tmetricCallsTotal      = \"traces_spanmetrics_calls_total\"\n\tmetricDurationSeconds = \"traces_spanmetrics_latency\"\n)\n"
	src := func(pad int, body string) string {
		return "package spanmetrics\n" + strings.Repeat("// pad\n", pad) + body + "\nfunc New() {}\n" + strings.Repeat("// tail\n", 20)
	}
	doc := "## Span Metrics\n\n**Code Reference**: `proc/spanmetrics.go:5-8`\n\n**Closing brace**: `proc/short.go:3`\n"
	short := "package p\n\n}\n" + strings.Repeat("// x\n", 10)
	// documented is a repository whose last commit wrote the document beside the files it cites.
	documented := func() *gitFixture {
		f := newGitFixture(t)
		f.write("proc/spanmetrics.go", src(3, consts))
		f.write("proc/short.go", short)
		f.write("AGENTS.md", string(notes(doc)))
		f.commit("2026-06-01T10:00:00Z", "docs")
		return f
	}
	g := documented()
	moved := documented()
	moved.write("proc/spanmetrics.go", src(1, consts))
	moved.write("proc/short.go", "package p\n}\n\n"+strings.Repeat("// x\n", 10))
	moved.commit("2026-07-01T10:00:00Z", "trim the header")
	rewritten := documented()
	rewritten.write("proc/spanmetrics.go", src(1, strings.ReplaceAll(consts, "traces_", "tempo_")))
	rewritten.commit("2026-07-01T10:00:00Z", "rename the metrics")

	for _, tc := range []struct {
		name string
		repo *gitFixture
		want []string
	}{
		{"the cited lines moved up two", moved, []string{"line_drift proc/spanmetrics.go:5-8"}},
		{"twin: nothing changed since the document", g, nil},
		{"twin: the cited lines rewritten", rewritten, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, tc.repo.open(t), "AGENTS.md", notes(doc)), tc.want)
		})
	}
}
