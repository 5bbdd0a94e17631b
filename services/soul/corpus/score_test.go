package corpus_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/corpus"
)

// TestScoreNamesMissedTruth pins what makes TestRealCorpusPrecision fail on lost recall: a finding
// labelled true that a check no longer raises is Missed, named by document, line, anchor and the
// label's reason; a false label nobody raises is no miss.
func TestScoreNamesMissedTruth(t *testing.T) {
	c := corpus.Case{ID: "99-x-agents", Labels: map[string]corpus.Label{
		"12 docs/old.md": {True: true, Why: "renamed to docs/new.md"},
		"20 path/to/x":   {True: false, Why: "a placeholder"},
	}}
	tests := []struct {
		name       string
		found      []corpus.Finding
		wantMissed []string
	}{
		{"the true finding raised", []corpus.Finding{{Line: 12, Anchor: "docs/old.md", Reason: "evidence_file_missing"}}, nil},
		{"the true finding lost", nil, []string{"99-x-agents 12 docs/old.md (labelled true: renamed to docs/new.md)"}},
		{"only the false finding raised", []corpus.Finding{{Line: 20, Anchor: "path/to/x", Reason: "unanchored"}}, []string{"99-x-agents 12 docs/old.md (labelled true: renamed to docs/new.md)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s corpus.Score
			s.Add(c, tc.found)
			if got, want := strings.Join(s.Missed, "|"), strings.Join(tc.wantMissed, "|"); got != want {
				t.Errorf("missed: got %q, want %q", got, want)
			}
			if s.FalseNeg != len(tc.wantMissed) {
				t.Errorf("false negatives: got %d, want %d", s.FalseNeg, len(tc.wantMissed))
			}
		})
	}
}
