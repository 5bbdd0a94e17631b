package engine

// A sentence's wording markers are read in one pass over its words: each word is looked up once in
// wordMarks, which holds every marker set, instead of cutting the sentence into a slice of words and
// asking each set in turn.

type wordMark uint8

const (
	markTemporal wordMark = 1 << iota
	markShipped
	markReceipt
	markRuntime
)

var wordMarks = func() map[string]wordMark {
	m := map[string]wordMark{}
	for mark, set := range map[wordMark]map[string]bool{markTemporal: temporalSingles, markShipped: shippedSingles, markReceipt: receiptCues, markRuntime: runtimeNouns} {
		for w := range set {
			m[w] |= mark
		}
	}
	return m
}()

// marksOf is the union of the markers of the words of lower, its words cut as wordsOf cuts them (runs of
// a-z and 0-9; any other byte, a byte of a non-ASCII rune included, separates).
func marksOf(lower string) wordMark {
	var marks wordMark
	start := -1
	for i := 0; i <= len(lower); i++ {
		if i < len(lower) && (lower[i] >= 'a' && lower[i] <= 'z' || lower[i] >= '0' && lower[i] <= '9') {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			marks |= wordMarks[lower[start:i]]
			start = -1
		}
	}
	return marks
}
