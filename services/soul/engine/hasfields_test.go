package engine

import (
	"strings"
	"testing"
)

var fieldSeeds = []string{"", "  ", "one", "one two", "one two three", " a\tb\nc ", "a\u00a0b c", "x\u2003y", "\xffa b", "lead  trailing  "}

// TestHasFields pins hasFields to the strings.Fields count it stands in for.
func TestHasFields(t *testing.T) {
	for _, s := range fieldSeeds {
		checkHasFields(t, s)
	}
}

func FuzzHasFields(f *testing.F) {
	for _, s := range fieldSeeds {
		f.Add(s)
	}
	f.Fuzz(checkHasFields)
}

func checkHasFields(t *testing.T, s string) {
	for n := 0; n <= 4; n++ {
		if got, want := hasFields(s, n), len(strings.Fields(s)) >= n; got != want {
			t.Errorf("hasFields(%q, %d): got %v, want %v", s, n, got, want)
		}
	}
}
