package engine

import "testing"

var prefilterSeeds = []string{
	"put the `.zst` files in ", "Put them into **", "writes its output to", "generated under  *", "stored as",
	"save it at\t", "see the file in", "the tool is fast", "install it inside", "written to the dir named", "tin",
	"so the file would never reach", "instead of the old one", "rather  than", "SUPPOSE the tree", "it couldn't",
	"aſ", "moved in ſ", "ſuppose it", "wouldn't", "Hypothetically", "", "*", "to*", "into **", "in* *",
}

// TestCuePrefilters pins the cheap checks to the regexps they stand before: never false where the regexp matches.
func TestCuePrefilters(t *testing.T) {
	for _, s := range prefilterSeeds {
		checkPrefilters(t, s)
	}
}

func FuzzCuePrefilters(f *testing.F) {
	for _, s := range prefilterSeeds {
		f.Add(s)
	}
	f.Fuzz(checkPrefilters)
}

func checkPrefilters(t *testing.T, s string) {
	if got, want := mayTarget(s) && target(s), target(s); got != want {
		t.Errorf("target(%q): got %v with the prefilter, want the regexp's %v", s, got, want)
	}
	if got, want := mayHypothetical(s, len(s), len(s)), hypotheticalCue.MatchString(clauseAround(s, len(s), len(s))); got != want {
		t.Errorf("hypothetical(%q): got %v with the prefilter, want the regexp's %v", s, got, want)
	}
}
