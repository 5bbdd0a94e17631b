package engine

import "testing"

// foldGated are the (?i) regexps behind a containsFold gate, with the gate's words: the gate may only
// turn away a text the regexp would not match.
var foldGated = []struct {
	name  string
	match func(string) bool
	words []string
}{
	{"declaredName", declaredName.MatchString, declaredGates},
	{"createCue", destCues[0].cue.MatchString, destCues[0].fold},
	{"outputCue", destCues[1].cue.MatchString, destCues[1].fold},
	{"contrastCue", destCues[3].cue.MatchString, destCues[3].fold},
	{"metaStem", metaStem.MatchString, metaGates},
}

var foldSeeds = []string{
	"The docs here will use `remote` as an example",
	"Assuming the backend is CALLED `remote`",
	"USING `x` AS THE PLACEHOLDER",
	"then CREATE a new ",
	"run mkdir ",
	"Touch the empty **",
	"it's `a.html` and NOT ",
	"use X, not ",
	"mkdir \u212a ",
	"Generates into `src/shared/proto/`, ", "WRITES TO ", "emitted under the ", "output in ",
	"nothing here at all",
	"MY-project", "Your_Thing", "path_to-wheel", "XXXX", "a-my-x",
}

func TestContainsFoldGates(t *testing.T) {
	cases := []struct {
		name, s string
		words   []string
		want    bool
	}{
		{"upper case word", "Will USE it", []string{"use"}, true},
		{"absent word", "nothing", []string{"creat", "touch"}, false},
		{"second word", "a Touch", []string{"creat", "touch"}, true},
		{"word at the end", "say not", []string{"not"}, true},
		{"cut word", "no", []string{"not"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := containsFold(c.s, c.words...); got != c.want {
				t.Errorf("containsFold(%q, %q): got %v, want %v", c.s, c.words, got, c.want)
			}
		})
	}
	for _, s := range foldSeeds {
		checkFoldGates(t, s)
	}
}

func FuzzFoldGates(f *testing.F) {
	for _, s := range foldSeeds {
		f.Add(s)
	}
	f.Fuzz(checkFoldGates)
}

func checkFoldGates(t *testing.T, s string) {
	for _, g := range foldGated {
		if g.match(s) && !containsFold(s, g.words...) {
			t.Errorf("%s(%q): got the gate closed, want it open where the regexp matches", g.name, s)
		}
	}
}
