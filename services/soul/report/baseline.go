package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// BaselineSchema names the baseline file's shape.
const BaselineSchema = "soul-baseline-v1"

// Baseline is the findings a repository accepted. Each entry is one finding; the same key twice
// means two such findings were accepted, so a third is new.
type Baseline struct {
	Schema   string          `json:"schema"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one accepted finding, by the parts of its key.
type BaselineEntry struct {
	Document string `json:"document"`
	Anchor   string `json:"anchor,omitempty"`
	Reason   string `json:"reason"`
	// Claim is kept for reading (and keys a finding with no anchor).
	Claim string `json:"claim"`
	Kind  string `json:"kind"`
}

// NewBaseline accepts every finding of a set.
func NewBaseline(set Set) Baseline {
	b := Baseline{Schema: BaselineSchema, Findings: []BaselineEntry{}}
	for _, r := range set.Reports {
		for _, s := range r.GetStale() {
			b.Findings = append(b.Findings, BaselineEntry{Document: r.GetSoulPath(), Anchor: s.GetAnchor(), Reason: s.GetReason(), Claim: s.GetClaim(), Kind: KindOf(s)})
		}
	}
	sort.SliceStable(b.Findings, func(i, j int) bool {
		a, c := b.Findings[i], b.Findings[j]
		if a.Document != c.Document {
			return a.Document < c.Document
		}
		if a.Anchor != c.Anchor {
			return a.Anchor < c.Anchor
		}
		if a.Reason != c.Reason {
			return a.Reason < c.Reason
		}
		return a.Claim < c.Claim
	})
	return b
}

// Write writes the baseline as indented JSON.
func (b Baseline) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(b)
}

// ReadBaseline reads a baseline file.
func ReadBaseline(r io.Reader) (Baseline, error) {
	var b Baseline
	dec := json.NewDecoder(r)
	if err := dec.Decode(&b); err != nil {
		if errors.Is(err, io.EOF) {
			return b, fmt.Errorf("the file is empty; want a %s JSON document", BaselineSchema)
		}
		return b, fmt.Errorf("not a %s JSON document: %w", BaselineSchema, err)
	}
	if b.Schema != BaselineSchema {
		return b, fmt.Errorf("schema %q, want %q", b.Schema, BaselineSchema)
	}
	// A finding with no document or reason keys nothing: accepting it would silently accept nothing.
	for i, e := range b.Findings {
		if e.Document == "" || e.Reason == "" {
			return b, fmt.Errorf("finding %d has no document or no reason; want both", i+1)
		}
	}
	if dec.More() {
		return b, fmt.Errorf("more than one JSON document; want one %s document", BaselineSchema)
	}
	return b, nil
}

// Accepted counts the baseline's findings by key.
func (b Baseline) Accepted() map[string]int {
	out := map[string]int{}
	for _, e := range b.Findings {
		out[Key(e.Document, &soulv1.StaleRow{Anchor: e.Anchor, Reason: e.Reason, Claim: e.Claim})]++
	}
	return out
}

// OnlyNew drops from a set every finding the accepted counts still cover, and returns how many it
// dropped. accepted is consumed.
func OnlyNew(set Set, accepted map[string]int) int {
	return Keep(set, func(doc string, s *soulv1.StaleRow) bool {
		k := Key(doc, s)
		if accepted[k] > 0 {
			accepted[k]--
			return false
		}
		return true
	})
}
