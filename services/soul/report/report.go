// Package report renders soul checks for the places that read them: people (text), programs (JSON,
// the m1nd-soul-check report), code scanners (SARIF 2.1.0) and GitHub Actions (workflow
// annotations). It also keeps the baseline: findings a repository accepted, keyed so that a line
// moving does not make an old finding new.
package report

import (
	"fmt"
	"sort"
	"strings"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// Kinds of finding, as the report rows spell them.
const (
	KindDrift      = "drift"
	KindDiscipline = "discipline"
	// KindUnverified is an unverified mention: a name with no trace in the repository's history, which
	// the sentence mentions without asserting it exists. Not drift: it fails a run only when asked
	// (--fail-on unverified).
	KindUnverified = "unverified"
	// KindAge is an aged_out claim: its evidence holds, but no commit touched it for a half-life.
	// Additive: it fails a run only when asked (--fail-on age).
	KindAge = "age"
	// KindDisagreement is a document that is no soul disagreeing with itself: two of its counts of one
	// subject, or a next step another line reports shipped. Nothing in the repository says which line,
	// if either, is wrong: it fails a run only when asked (--fail-on disagreement). In a soul such rows
	// are drift.
	KindDisagreement = "disagreement"
)

// Set is the reports of one run: one per document checked.
type Set struct {
	Reports []*soulv1.SoulCheckReport
	// Many is set when the run asked for several documents (--all, or more than one named): JSON then
	// wraps the reports, so the shape a program reads does not depend on how many were found.
	Many bool
}

// KindOf is a row's kind; a row from a server that predates the field is judged by its shape.
func KindOf(s *soulv1.StaleRow) string {
	if s.GetKind() != "" {
		return s.GetKind()
	}
	if s.GetReason() == "unanchored" && s.GetAnchor() == "" {
		return KindDiscipline
	}
	return KindDrift
}

// Counts sums the findings of a set by kind, and the claims counted but not judged.
type Counts struct {
	Documents, Drift, Discipline, Unverified, Age, Disagreement, Unanchored, Ignored int
}

// Count sums a set.
func Count(set Set) Counts {
	c := Counts{Documents: len(set.Reports)}
	for _, r := range set.Reports {
		c.Unanchored += int(r.GetUnanchored())
		c.Ignored += int(r.GetIgnored())
		for _, s := range r.GetStale() {
			switch KindOf(s) {
			case KindDiscipline:
				c.Discipline++
			case KindUnverified:
				c.Unverified++
			case KindAge:
				c.Age++
			case KindDisagreement:
				c.Disagreement++
			default:
				c.Drift++
			}
		}
	}
	return c
}

// Key is a finding's baseline identity: the document, the anchor and the reason, never the line
// (a line moves when anything above it is edited). A row with no anchor (a discipline finding) is
// keyed by its claim's words instead.
func Key(doc string, s *soulv1.StaleRow) string {
	anchor := s.GetAnchor()
	if anchor == "" {
		anchor = "claim:" + strings.Join(strings.Fields(s.GetClaim()), " ")
	}
	return doc + "\x00" + anchor + "\x00" + s.GetReason()
}

// Keep drops from every report the rows for which keep is false, and returns how many it dropped.
// The state counts are left as checked: they describe the document, the rows what is news.
func Keep(set Set, keep func(doc string, s *soulv1.StaleRow) bool) int {
	dropped := 0
	for _, r := range set.Reports {
		rows := r.GetStale()[:0:0]
		for _, s := range r.GetStale() {
			if keep(r.GetSoulPath(), s) {
				rows = append(rows, s)
			} else {
				dropped++
			}
		}
		r.Stale = rows
	}
	return dropped
}

// Summary is the closing line of totals that the text and GitHub formats share.
func Summary(c Counts) string {
	return fmt.Sprintf("%s · %d drift · %d discipline · %d unverified · %d aged out · %d disagreeing · %d unanchored · %d ignored", documents(c.Documents), c.Drift, c.Discipline, c.Unverified, c.Age, c.Disagreement, c.Unanchored, c.Ignored)
}

// sortedReports orders a set by document path, so every format is stable.
func sortedReports(set Set) []*soulv1.SoulCheckReport {
	out := append([]*soulv1.SoulCheckReport(nil), set.Reports...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].GetSoulPath() < out[j].GetSoulPath() })
	return out
}
