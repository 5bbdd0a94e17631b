package store

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// bm25 scores PostgreSQL's search candidates as FTS5's bm25(2.0, 1.0) scores SQLite's (see
// pgsearch.go). It runs here rather than in SQL: the candidates' documents arrive as tsvector
// text, and reading them in Go costs a microsecond where unnesting them in SQL cost tens.
type bm25 struct {
	terms []string
	idf   []float64
	avgdl float64
}

// FTS5's constants.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// newBM25 takes the query words and the statistics the search read with its candidates: live
// versions, their words in all, and how many versions hold each query word (comma-separated,
// in the order of terms).
func newBM25(terms []string, docs, tokens int64, termDocs string) (*bm25, error) {
	m := &bm25{terms: terms, idf: make([]float64, len(terms)), avgdl: float64(tokens) / float64(max(docs, 1))}
	counts := strings.Split(termDocs, ",")
	if len(counts) != len(terms) {
		return nil, fmt.Errorf("bm25: %d document counts for %d words", len(counts), len(terms))
	}
	for i, c := range counts {
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("bm25: document count %q: %w", c, err)
		}
		// FTS5 keeps a word in nearly every document from scoring negative.
		m.idf[i] = math.Max(math.Log((float64(docs)-float64(n)+0.5)/(float64(n)+0.5)), 1e-6)
	}
	return m, nil
}

// score is the relevance of one document, given as tsvector text ('word':1A,4 'other':2):
// each query word's frequency (a slug position, weight A, counts twice) saturated and
// normalised by the document's length in words.
func (m *bm25) score(doc string) (float64, error) {
	freq := make([]float64, len(m.terms))
	dl := 0
	for i := 0; i < len(doc); {
		if doc[i] == ' ' {
			i++
			continue
		}
		if doc[i] != '\'' {
			return 0, fmt.Errorf("bm25: document %.40q: want a quoted word at %d", doc, i)
		}
		// The word, with '' for a quote and \\ for a backslash: most words hold neither and
		// are compared where they lie, without building a string.
		j := i + 1
		plain := true
		for ; j < len(doc); j++ {
			c := doc[j]
			if c == '\\' && j+1 < len(doc) {
				plain = false
				j++
				continue
			}
			if c == '\'' {
				if j+1 < len(doc) && doc[j+1] == '\'' {
					plain = false
					j++
					continue
				}
				break
			}
		}
		raw := doc[i+1 : min(j, len(doc))]
		w := raw
		if !plain {
			w = unquoteLexeme(raw)
		}
		j++ // the closing quote
		var f float64
		if j < len(doc) && doc[j] == ':' {
			j++
			for j < len(doc) && doc[j] != ' ' {
				for j < len(doc) && doc[j] >= '0' && doc[j] <= '9' {
					j++
				}
				w := 1.0
				if j < len(doc) && doc[j] >= 'A' && doc[j] <= 'D' {
					if doc[j] == 'A' {
						w = 2
					}
					j++
				}
				f += w
				dl++
				if j < len(doc) && doc[j] == ',' {
					j++
				}
			}
		}
		for t, term := range m.terms {
			if term == w {
				freq[t] += f
			}
		}
		i = j
	}
	norm := bm25K1 * (1 - bm25B + bm25B*float64(dl)/math.Max(m.avgdl, 1))
	var s float64
	for t, f := range freq {
		s += m.idf[t] * f * (bm25K1 + 1) / (f + norm)
	}
	return s, nil
}

// unquoteLexeme undoes tsvector text's escapes in one word: ” is a quote, \\x is x.
func unquoteLexeme(raw string) string {
	var b strings.Builder
	for k := 0; k < len(raw); k++ {
		c := raw[k]
		switch {
		case c == '\\' && k+1 < len(raw):
			k++
			b.WriteByte(raw[k])
		case c == '\'' && k+1 < len(raw) && raw[k+1] == '\'':
			k++
			b.WriteByte('\'')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
