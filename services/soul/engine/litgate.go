package engine

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The engine asks several hundred regexps of every code span, and almost every one fails: a cue
// ("is generated", "used to live in", "was removed") is rare in a sentence that merely names a
// file. Go's regexp has no literal scan for an alternation or a case-insensitive pattern, so each
// failing call still runs the backtracker over the text. A literalGated regexp first asks a
// necessary condition read once from the pattern's syntax: the words, one of which every match
// must contain (for `(?i)(?:is|are)\s+(?:generated|built)\b`, one of "generated" or "built"), and
// runs the regexp only when the text holds them. The condition is derived, never written by hand,
// so it cannot drift from the pattern; TestLiteralGatesNeverRefuseAMatch and the engine's whole
// suite (verifyGates) check that a refused text is never one the regexp matches.

// literalGated is a compiled regexp behind its literal gate. The methods that find a match ask the
// gate first; the others are the regexp's own.
type literalGated struct {
	*regexp.Regexp
	once sync.Once
	gate litGate
}

// gatedRegexps is every regexp compiled with mustGate, for the tests that check their gates.
var gatedRegexps []*literalGated

// mustGate compiles expr as regexp.MustCompile does. Its gate is read on first use: reading all of
// them at start-up cost every process 19 ms here, more than compiling the regexps, and a check asks
// only some of them.
func mustGate(expr string) *literalGated {
	g := &literalGated{Regexp: regexp.MustCompile(expr)}
	gatedRegexps = append(gatedRegexps, g)
	return g
}

// literal is the regexp's gate, read from its syntax the first time it is asked for.
func (g *literalGated) literal() *litGate {
	g.once.Do(func() {
		if re, err := syntax.Parse(g.String(), syntax.Perl); err == nil {
			g.gate = gateOf(re.Simplify())
		}
	})
	return &g.gate
}

// verifyGates makes every refusal run the regexp too and panic if it would have matched: the
// engine's tests turn it on, so every text they check also checks the gates.
var verifyGates = false

func (g *literalGated) may(s string) bool {
	if g.literal().holds(s) {
		return true
	}
	if verifyGates && g.Regexp.MatchString(s) {
		panic("literal gate refused a text its regexp matches: " + g.String() + " on " + strconv.Quote(s))
	}
	return false
}

func (g *literalGated) MatchString(s string) bool { return g.may(s) && g.Regexp.MatchString(s) }

func (g *literalGated) FindString(s string) string {
	if !g.may(s) {
		return ""
	}
	return g.Regexp.FindString(s)
}

func (g *literalGated) FindStringIndex(s string) []int {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindStringIndex(s)
}

func (g *literalGated) FindStringSubmatch(s string) []string {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatch(s)
}

func (g *literalGated) FindStringSubmatchIndex(s string) []int {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatchIndex(s)
}

func (g *literalGated) FindAllString(s string, n int) []string {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindAllString(s, n)
}

func (g *literalGated) FindAllStringIndex(s string, n int) [][]int {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindAllStringIndex(s, n)
}

func (g *literalGated) FindAllStringSubmatch(s string, n int) [][]string {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindAllStringSubmatch(s, n)
}

func (g *literalGated) FindAllStringSubmatchIndex(s string, n int) [][]int {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindAllStringSubmatchIndex(s, n)
}

// litGate is a conjunction of word sets: the text must hold a word of each.
type litGate struct {
	sets [][]litWord
}

// litWord is a word a match must contain; fold words are lower-case and are looked for in the text
// folded as a (?i) regexp compares it (foldText).
type litWord struct {
	s    string
	fold bool
}

func (g *litGate) holds(s string) bool {
	var folded string
	foldedDone := false
	for _, set := range g.sets {
		found := false
		for _, w := range set {
			t := s
			if w.fold {
				if !foldedDone {
					folded, foldedDone = foldText(s), true
				}
				t = folded
			}
			if strings.Contains(t, w.s) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// asciiFolds maps the non-ASCII runes a (?i) regexp matches for an ASCII letter (KELVIN SIGN for
// k, LONG S for s) to that letter.
var asciiFolds = func() map[rune]byte {
	m := map[rune]byte{}
	for r := 'a'; r <= 'z'; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f >= utf8.RuneSelf {
				m[f] = byte(r)
			}
		}
	}
	return m
}()

// foldText lower-cases ASCII letters and maps asciiFolds' runes to their letter; every other byte is
// kept, so a fold word (lower-case ASCII, or a rune without case) is in the result exactly when a
// (?i) regexp's literal could match the text there.
func foldText(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s[:i])
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, lowerASCII(c))
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if l, ok := asciiFolds[r]; ok {
			b = append(b, l)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

// litInfo is what the gate reads of a node: the exact strings it can match when they are few
// (exact, meaningful when known), and the word sets every match of it must satisfy (must).
type litInfo struct {
	known bool
	exact []litWord
	must  [][]litWord
}

const (
	maxExact   = 16 // exact strings kept for a node before it is read as unknown
	maxSetSize = 48 // words of one set; a larger set is dropped (it would cost more than it saves)
)

var emptyExact = litInfo{known: true, exact: []litWord{{}}}

func gateOf(re *syntax.Regexp) litGate {
	info := litOf(re)
	sets := info.must
	if info.known {
		sets = append(sets, info.exact)
	}
	var kept [][]litWord
	for _, set := range sets {
		if set = minimal(set); useful(set) {
			kept = append(kept, set)
		}
	}
	// The most selective sets first (the longest shortest word, then the fewest words); two suffice.
	slices.SortStableFunc(kept, func(a, b []litWord) int {
		if d := shortest(b) - shortest(a); d != 0 {
			return d
		}
		return len(a) - len(b)
	})
	if len(kept) > 2 {
		kept = kept[:2]
	}
	return litGate{sets: kept}
}

// minimal drops the words that hold another word of the set looked for alike: a text holding
// "files" holds "file".
func minimal(set []litWord) []litWord {
	var out []litWord
	for i, w := range set {
		implied := false
		for j, v := range set {
			if j != i && v.fold == w.fold && v.s != w.s && strings.Contains(w.s, v.s) {
				implied = true
				break
			}
		}
		if !implied {
			out = append(out, w)
		}
	}
	return out
}

func useful(set []litWord) bool {
	return len(set) > 0 && len(set) <= maxSetSize && shortest(set) >= 2
}

func shortest(set []litWord) int {
	n := -1
	for _, w := range set {
		if n < 0 || len(w.s) < n {
			n = len(w.s)
		}
	}
	return n
}

func litOf(re *syntax.Regexp) litInfo {
	switch re.Op {
	case syntax.OpLiteral:
		w, ok := literalWord(re.Rune, re.Flags&syntax.FoldCase != 0)
		if !ok {
			return litInfo{}
		}
		return litInfo{known: true, exact: []litWord{w}}
	case syntax.OpCharClass:
		return classInfo(re.Rune)
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return emptyExact
	case syntax.OpCapture:
		return litOf(re.Sub[0])
	case syntax.OpStar:
		return litInfo{}
	case syntax.OpQuest:
		return optional(litOf(re.Sub[0]))
	case syntax.OpPlus:
		return required(litOf(re.Sub[0]))
	case syntax.OpRepeat:
		sub := litOf(re.Sub[0])
		if re.Min == 0 {
			if re.Max == 1 {
				return optional(sub)
			}
			return litInfo{}
		}
		if re.Min == 1 && re.Max == 1 {
			return sub
		}
		return required(sub)
	case syntax.OpConcat:
		return concatInfo(re.Sub)
	case syntax.OpAlternate:
		return alternateInfo(re.Sub)
	}
	return litInfo{}
}

// literalWord is a literal's word. A (?i) literal is lower-cased; one holding a non-ASCII rune that
// has other cases cannot be looked for byte for byte, nor can U+FFFD (the regexp matches it for any
// invalid byte).
func literalWord(runes []rune, fold bool) (litWord, bool) {
	var b strings.Builder
	letters := false
	for _, r := range runes {
		if r == utf8.RuneError {
			return litWord{}, false
		}
		if fold && r >= utf8.RuneSelf && unicode.SimpleFold(r) != r {
			return litWord{}, false
		}
		if r < utf8.RuneSelf && isASCIILetter(byte(r)) {
			letters = true
			if fold {
				r = rune(lowerASCII(byte(r)))
			}
		}
		b.WriteRune(r)
	}
	return litWord{s: b.String(), fold: fold && letters}, true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// classInfo reads a small character class as its runes: folded when the class holds every case of
// each of its ASCII letters (as (?i)[a-c] does), else as written.
func classInfo(ranges []rune) litInfo {
	var runes []rune
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1]-ranges[i] >= maxExact {
			return litInfo{}
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			runes = append(runes, r)
			if len(runes) > maxExact {
				return litInfo{}
			}
		}
	}
	if len(runes) == 0 {
		return litInfo{}
	}
	closed := true
	for _, r := range runes {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if !slices.Contains(runes, f) {
				closed = false
			}
		}
	}
	var words []litWord
	for _, r := range runes {
		if _, folds := asciiFolds[r]; closed && folds {
			continue // its ASCII letter, also in the class, stands for it
		}
		w, ok := literalWord([]rune{r}, closed)
		if !ok {
			return litInfo{}
		}
		if !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return litInfo{known: true, exact: words}
}

// optional is x? : its exact strings plus the empty one; nothing is required of a match.
func optional(x litInfo) litInfo {
	if !x.known || len(x.exact) >= maxExact {
		return litInfo{}
	}
	return litInfo{known: true, exact: addWord(slices.Clone(x.exact), litWord{})}
}

// required is x repeated at least once: what x requires, and one of x's exact strings.
func required(x litInfo) litInfo {
	out := litInfo{must: x.must}
	if x.known {
		out.must = append(slices.Clone(out.must), x.exact)
	}
	return out
}

func concatInfo(subs []*syntax.Regexp) litInfo {
	var out litInfo
	cur, have, whole := []litWord{{}}, true, true
	flush := func() {
		if have && len(cur) > 0 {
			out.must = append(out.must, cur)
		}
	}
	for _, sub := range subs {
		x := litOf(sub)
		out.must = append(out.must, x.must...)
		if x.known {
			if have {
				if next, ok := cross(cur, x.exact); ok {
					cur = next
					continue
				}
				flush()
				whole = false
			}
			cur, have = x.exact, true
			continue
		}
		flush()
		cur, have, whole = nil, false, false
	}
	if have && whole {
		out.known, out.exact = true, cur
		return out
	}
	flush()
	return out
}

// cross is every a followed by every b, when the words agree on folding and stay few.
func cross(a, b []litWord) ([]litWord, bool) {
	if len(a)*len(b) > maxExact {
		return nil, false
	}
	var out []litWord
	for _, x := range a {
		for _, y := range b {
			w, ok := joinWords(x, y)
			if !ok {
				return nil, false
			}
			out = addWord(out, w)
		}
	}
	return out, true
}

// joinWords concatenates two words; a word without letters matches alike folded or not, so it takes
// the other's folding; two words with letters must agree.
func joinWords(x, y litWord) (litWord, bool) {
	xl, yl := hasLetter(x.s), hasLetter(y.s)
	if xl && yl && x.fold != y.fold {
		return litWord{}, false
	}
	fold := x.fold && xl || y.fold && yl
	if fold {
		// a letterless word joined to a fold word is looked for in folded text: only ASCII letters and
		// asciiFolds' runes change there, and a letterless literal holds neither.
		for _, w := range []litWord{x, y} {
			if !w.fold && hasFoldedRune(w.s) {
				return litWord{}, false
			}
		}
	}
	return litWord{s: x.s + y.s, fold: fold}, true
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if isASCIILetter(s[i]) {
			return true
		}
	}
	return false
}

func hasFoldedRune(s string) bool {
	for _, r := range s {
		if _, ok := asciiFolds[r]; ok {
			return true
		}
	}
	return false
}

func addWord(words []litWord, w litWord) []litWord {
	if slices.Contains(words, w) {
		return words
	}
	return append(words, w)
}

// alternateInfo: exact when every branch is exact and few; else a match must satisfy one set taken
// from each branch (the union of each branch's most selective set), or nothing if a branch requires
// nothing.
func alternateInfo(subs []*syntax.Regexp) litInfo {
	infos := make([]litInfo, len(subs))
	exact, all := []litWord(nil), true
	for i, sub := range subs {
		infos[i] = litOf(sub)
		if !infos[i].known {
			all = false
			continue
		}
		for _, w := range infos[i].exact {
			exact = addWord(exact, w)
		}
	}
	if all && len(exact) <= maxExact {
		return litInfo{known: true, exact: exact}
	}
	var union []litWord
	for _, x := range infos {
		best := bestSet(x)
		if best == nil {
			return litInfo{}
		}
		for _, w := range best {
			union = addWord(union, w)
		}
	}
	if len(union) > maxSetSize {
		return litInfo{}
	}
	return litInfo{must: [][]litWord{union}}
}

// bestSet is a node's most selective required set, nil when it requires nothing.
func bestSet(x litInfo) []litWord {
	sets := x.must
	if x.known {
		sets = append(slices.Clone(sets), x.exact)
	}
	var best []litWord
	for _, set := range sets {
		if shortest(set) < 1 {
			continue
		}
		if best == nil || shortest(set) > shortest(best) || shortest(set) == shortest(best) && len(set) < len(best) {
			best = set
		}
	}
	return best
}
