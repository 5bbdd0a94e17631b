package corpus

import (
	"fmt"
	"strings"
)

// PlantScore is the tally over planted cases: recall over drift plants, and false alarms over the
// harmless ones.
type PlantScore struct {
	Planted, Found, Harmless int
	// Detected counts drift plants that raised some new drift finding where each expectation points,
	// whatever its reason or message: the finding came, if not the one a reader needs.
	Detected int
	// Missed names each drift plant whose expected finding did not come, with what came instead;
	// KnownGaps are the misses a plan marks with the engine gap that causes them.
	Missed, KnownGaps []string
	// GapsClosed are plants marked as a known gap that were found: the mark and the bar are stale.
	GapsClosed []string
	// FalseAlarms are findings the harmless branch raised that its base did not.
	FalseAlarms []string
	// Unexplained are findings the drift branch raised that no plant expects or allows.
	Unexplained []string
}

// Add scores one case: base, harmless and drift are the drift findings of each branch's check.
func (s *PlantScore) Add(pc PlantedCase, base, harmless, drift []DetailFinding) {
	before := map[string]bool{}
	for _, f := range base {
		before[f.Key()+" "+f.Reason] = true
	}
	fresh := func(fs []DetailFinding) []DetailFinding {
		var out []DetailFinding
		for _, f := range fs {
			if !before[f.Key()+" "+f.Reason] {
				out = append(out, f)
			}
		}
		return out
	}
	for _, f := range fresh(harmless) {
		s.FalseAlarms = append(s.FalseAlarms, fmt.Sprintf("%s: %s", pc.ID, f))
	}
	newDrift := fresh(drift)
	explained := make([]bool, len(newDrift))
	for _, p := range pc.Plants {
		if !p.Drift {
			s.Harmless++
			continue
		}
		s.Planted++
		ok, seen := true, true
		var misses []string
		for _, e := range p.Expect {
			hit, there := false, false
			for i, f := range newDrift {
				// a finding at the site with another reason is reported once, as this miss
				there = there || e.Site(f)
				explained[i] = explained[i] || e.Site(f)
				hit = hit || e.Match(f, p.SHA)
			}
			seen = seen && there
			if !hit {
				ok = false
				misses = append(misses, fmt.Sprintf("%s %s: want %s, got %s", pc.ID, p.Name, e, atSite(e, drift)))
			}
		}
		if seen {
			s.Detected++
		}
		switch {
		case ok && p.Gap != "":
			s.Found++
			s.GapsClosed = append(s.GapsClosed, fmt.Sprintf("%s %s (%s)", pc.ID, p.Name, p.Gap))
		case ok:
			s.Found++
		case p.Gap != "":
			for _, m := range misses {
				s.KnownGaps = append(s.KnownGaps, m+" [gap "+p.Gap+"]")
			}
		default:
			s.Missed = append(s.Missed, misses...)
		}
		// consequences are not scored: a finding where one is labelled is explained whatever its reason
		for _, e := range p.Also {
			for i, f := range newDrift {
				explained[i] = explained[i] || e.Site(f)
			}
		}
	}
	for i, f := range newDrift {
		if !explained[i] {
			s.Unexplained = append(s.Unexplained, fmt.Sprintf("%s: %s", pc.ID, f))
		}
	}
}

// atSite says what the drift branch reported where an expectation points.
func atSite(e Expect, fs []DetailFinding) string {
	var got []string
	for _, f := range fs {
		if e.Site(f) {
			got = append(got, fmt.Sprintf("%s %q", f.Reason, f.Detail))
		}
	}
	if len(got) == 0 {
		return "no finding there"
	}
	return strings.Join(got, "; ")
}

// Recall is the share of drift plants found with the expected reason and message (1 with none).
func (s PlantScore) Recall() float64 {
	if s.Planted == 0 {
		return 1
	}
	return float64(s.Found) / float64(s.Planted)
}

// Detection is the share of drift plants that raised a finding where expected, whatever it said.
func (s PlantScore) Detection() float64 {
	if s.Planted == 0 {
		return 1
	}
	return float64(s.Detected) / float64(s.Planted)
}
