package engine

import "testing"

var markSeeds = []string{"", "currently shipped", "tests are green", "3 live nodes", "pre-merged", "wip\u00e9done", "until\xffnow", "nothing to see", "fixed1 fixed"}

// TestMarksOf pins marksOf to the word sets it stands in for, read through wordsOf and anyWord.
func TestMarksOf(t *testing.T) {
	for _, s := range markSeeds {
		checkMarks(t, s)
	}
}

func FuzzMarksOf(f *testing.F) {
	for _, s := range markSeeds {
		f.Add(s)
	}
	f.Fuzz(checkMarks)
}

func checkMarks(t *testing.T, s string) {
	words, marks := wordsOf(s), marksOf(s)
	for _, c := range []struct {
		name string
		mark wordMark
		set  map[string]bool
	}{{"temporal", markTemporal, temporalSingles}, {"shipped", markShipped, shippedSingles}, {"receipt", markReceipt, receiptCues}, {"runtime", markRuntime, runtimeNouns}} {
		if got, want := marks&c.mark != 0, anyWord(words, c.set); got != want {
			t.Errorf("marksOf(%q) %s: got %v, want %v", s, c.name, got, want)
		}
	}
}
