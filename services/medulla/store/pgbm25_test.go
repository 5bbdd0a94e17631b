package store

import (
	"math"
	"testing"
)

// score reads tsvector text as PostgreSQL writes it and applies FTS5's bm25: a slug position
// (weight A) counts twice, every position counts toward the length, quoted words are
// unescaped (a doubled quote, a doubled backslash), and a word without positions adds nothing.
func TestBM25ScoresTSVectorText(t *testing.T) {
	// One query word in 10 of 100 documents averaging 4 words.
	idf := math.Log((100 - 10 + 0.5) / (10 + 0.5))
	want := func(f, dl float64) float64 { return idf * f * 2.2 / (f + 1.2*(0.25+0.75*dl/4)) }
	cases := []struct {
		name, term, doc string
		want            float64
	}{
		{"body word once", "ok", `'ok':1 'x':2 'y':3 'z':4`, want(1, 4)},
		{"slug word counts twice", "ok", `'ok':1A 'x':2 'y':3 'z':4`, want(2, 4)},
		{"slug and body positions", "ok", `'a':3A 'b':4A 'it':1A 'ok':5A,6A,7 'plain':8 's':2A`, want(5, 8)},
		{"quoted word", "it's", `'a\\b':2 'it''s':1A 'nopos'`, want(2, 2)},
		{"backslash word", `a\b`, `'a\\b':2 'it''s':1A 'nopos'`, want(1, 2)},
		{"word absent", "ok", `'x':1 'y':2`, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := newBM25([]string{tc.term}, 100, 400, "10")
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.score(tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
