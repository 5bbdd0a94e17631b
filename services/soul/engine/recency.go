package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// The newer statement wins (§3.4: "a newer checkpoint's number"). A soul is written over time: a
// later checkpoint, a later addendum or a later dated section that states a different value of the
// same quantity updates the older one, so the older claim is superseded rather than the newer one
// outvoted. Only two claims with no order between them contradict each other.

// epoch is when, in the soul's own telling, a claim was written.
type epoch struct {
	date     string  // the newest YYYY-MM-DD of the claim's heading chain, "" when undated
	cp       float64 // the checkpoint number of the heading chain
	hasCP    bool
	addendum int    // 0 outside addenda; else the addendum's number or document rank, 1-based
	where    string // the heading that gives the order, for the finding's detail
}

var headingDate = mustGate(`\b(\d{4}-\d{2}-\d{2})\b`)
var addendumNumber = mustGate(`\baddend(?:um|a)\s*#?\s*(\d+)\b`)

// epochs computes each section's epoch, walking its heading chain.
func epochs(soul *Soul) []epoch {
	out := make([]epoch, len(soul.Sections))
	rank := 0
	for i, s := range soul.Sections {
		var e epoch
		if s.Parent >= 0 {
			e = out[s.Parent]
		}
		n := normalHeading(s.Heading)
		if m := headingDate.FindAllString(s.Heading, -1); len(m) > 0 {
			for _, d := range m {
				if d > e.date {
					e.date, e.where = d, s.Heading
				}
			}
		}
		if m := checkpointHeading.FindStringSubmatch(n); m != nil {
			if v, err := strconv.ParseFloat(m[1], 64); err == nil {
				e.cp, e.hasCP, e.where = v, true, s.Heading
			}
		}
		if addendumHeading.MatchString(n) {
			rank++
			e.addendum, e.where = rank, s.Heading
			if m := addendumNumber.FindStringSubmatch(n); m != nil {
				if v, err := strconv.Atoi(m[1]); err == nil && v > 0 {
					e.addendum = v
				}
			}
		}
		out[i] = e
	}
	return out
}

// newer is +1 when a was written after b, -1 when before, 0 when the soul gives no order.
func newer(a, b epoch) int {
	switch {
	case a.date != "" && b.date != "" && a.date != b.date:
		return cmpBool(a.date > b.date)
	case a.hasCP && b.hasCP && a.cp != b.cp:
		return cmpBool(a.cp > b.cp)
	case a.addendum != b.addendum:
		return cmpBool(a.addendum > b.addendum)
	}
	return 0
}

func cmpBool(after bool) int {
	if after {
		return 1
	}
	return -1
}

// newestValue is the value of a quantity the soul states last: every claim of another value is
// older than one of its claims and newer than none. "" when no value wins on order.
func newestValue(vals map[string][]int, ep func(int) epoch) string {
	winner := ""
	for v, claims := range vals {
		wins := true
		for ov, others := range vals {
			if ov == v {
				continue
			}
			for _, o := range others {
				older := false
				for _, c := range claims {
					switch newer(ep(c), ep(o)) {
					case 1:
						older = true
					case -1:
						wins = false
					}
				}
				if !older {
					wins = false
				}
			}
		}
		if wins {
			if winner != "" {
				return ""
			}
			winner = v
		}
	}
	return winner
}

// clauseWords are the content words of the clause a count sits in, before the number ("the HTTP
// API serves 12 routes" → http, api, serves), so one quantity phrased two ways is one subject.
func clauseWords(text string, n NumberFact) map[string]bool {
	words := map[string]bool{}
	if n.Qualifier != "" {
		words[n.Qualifier] = true
	}
	lower := strings.ToLower(text)
	stem := n.Subject
	if len(stem) > 3 {
		stem = stem[:len(stem)-1]
	}
	re, err := regexp.Compile(`(?:^|[^\w.,])` + regexp.QuoteMeta(n.Value) + `\s+` + regexp.QuoteMeta(stem))
	if err != nil {
		return words
	}
	loc := re.FindStringIndex(lower)
	if loc == nil {
		return words
	}
	clause := lower[:loc[0]]
	if i := strings.LastIndexAny(clause, ".;!?\n()[]|—–:"); i >= 0 {
		clause = clause[i+1:]
	}
	for _, w := range strings.FieldsFunc(clause, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '-' || r >= '0' && r <= '9') }) {
		if !stopwords[w] && len(w) >= 3 && !(w[0] >= '0' && w[0] <= '9') {
			words[singular(w)] = true
		}
	}
	return words
}

// unifySubjects folds a count's qualifier into another of the same subject when the other's
// clause names it and no third one does: "the API has 14 routes" joins "the HTTP API serves 12
// routes", but not when a "gRPC API" is counted too (which API would be ambiguous).
func unifySubjects(keys map[string]map[string]bool) map[string]string {
	alias := map[string]string{}
	for k, words := range keys {
		qual, subj, _ := strings.Cut(k, "|")
		var hosts []string
		for ok, owords := range keys {
			oqual, osubj, _ := strings.Cut(ok, "|")
			if ok == k || osubj != subj || qual == "" || oqual == qual {
				continue
			}
			if owords[qual] && !words[oqual] {
				hosts = append(hosts, ok)
			}
		}
		if len(hosts) == 1 {
			alias[k] = hosts[0]
		}
	}
	// follow chains to their end (bounded: the relation has no cycles of two, and longer ones stop)
	out := map[string]string{}
	for k, v := range alias {
		for i := 0; i < len(alias); i++ {
			next, ok := alias[v]
			if !ok || next == k {
				break
			}
			v = next
		}
		out[k] = v
	}
	return out
}
