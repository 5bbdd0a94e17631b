package domain

import (
	"strings"
	"unicode/utf8"
)

// Glob semantics, chosen to match what agents write in practice (gitignore / doublestar):
// "*" is any run of characters inside one segment, "?" one character, "[a-z]" / "[!a-z]" a
// class, "{a,b}" alternatives inside one segment, and a whole "**" segment any number of
// segments. Backslashes are path separators (normalized earlier), so there is no escaping.

type tokenKind uint8

const (
	tokLit tokenKind = iota
	tokAny
	tokStar
	tokClass
)

type runeRange struct{ lo, hi rune }

type token struct {
	kind   tokenKind
	r      rune
	negate bool
	ranges []runeRange
}

func (t token) matches(r rune) bool {
	switch t.kind {
	case tokLit:
		return t.r == r
	case tokAny, tokStar:
		return true
	}
	in := false
	for _, rg := range t.ranges {
		if r >= rg.lo && r <= rg.hi {
			in = true
			break
		}
	}
	return in != t.negate
}

// segPattern is one compiled path segment.
type segPattern struct {
	// lit is set for a segment without any pattern characters: matched by string equality.
	lit      string
	isLit    bool
	globstar bool
	alts     [][]token
	// quick holds, per alternative, the literal text it must start and end with, so most
	// segments that do not match are turned away by two string comparisons.
	quick []altQuick
}

// altQuick is what one alternative's tokens say about any segment it matches.
type altQuick struct {
	// prefix and tail are the literal runes before the first and after the last wildcard.
	prefix, tail string
	// minLen is the fewest bytes a match can have: one or more per non-star token.
	minLen int
	// exact: the alternative is all literal (prefix is the whole of it). oneStar: it is
	// prefix, one star, tail ("*_test.go", "main*"), decided by the comparisons alone.
	exact, oneStar bool
	// The first and last (up to) eight bytes of prefix and tail, as masks over a segment's
	// segKeys: a check that needs no access to the segment's bytes.
	headMask, headWant, tailMask, tailWant uint64
	// keyExact: the keys cover all the alternative's literals (an exact or one-star alternative
	// of at most eight bytes each side), so mayMatch is the whole answer.
	keyExact bool
}

// segKeys packs the first and the last (up to) eight bytes of s into words, so a node can
// answer "could this pattern match you" from its own fields.
func segKeys(s string) (head, tail uint64) {
	for i := 0; i < 8 && i < len(s); i++ {
		head |= uint64(s[i]) << (8 * i)
		tail |= uint64(s[len(s)-1-i]) << (8 * i)
	}
	return head, tail
}

func byteMask(n int) uint64 {
	if n >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*n) - 1
}

// mayMatch is a necessary condition for the alternative to match a segment of length n with
// the given segKeys.
func (q *altQuick) mayMatch(n int, head, tail uint64) bool {
	return n >= q.minLen && (!q.exact || n == q.minLen) && head&q.headMask == q.headWant && tail&q.tailMask == q.tailWant
}

func quickOf(toks []token) altQuick {
	var q altQuick
	stars, lead := 0, len(toks)
	for i, t := range toks {
		switch {
		case t.kind == tokStar:
			stars++
		case t.kind == tokLit:
			q.minLen += utf8.RuneLen(t.r)
		default:
			q.minLen++
		}
		if t.kind != tokLit && lead == len(toks) {
			lead = i
		}
	}
	trail := len(toks)
	for trail > 0 && toks[trail-1].kind == tokLit {
		trail--
	}
	lit := func(ts []token) string {
		var b strings.Builder
		for _, t := range ts {
			b.WriteRune(t.r)
		}
		return b.String()
	}
	q.prefix = lit(toks[:lead])
	if lead == len(toks) {
		q.exact = true
	} else {
		q.tail = lit(toks[trail:])
		q.oneStar = stars == 1 && lead+1 == trail
	}
	head, _ := segKeys(q.prefix)
	_, tail := segKeys(q.tail)
	q.headMask, q.tailMask = byteMask(len(q.prefix)), byteMask(len(q.tail))
	q.headWant, q.tailWant = head&q.headMask, tail&q.tailMask
	q.keyExact = (q.exact || q.oneStar) && len(q.prefix) <= 8 && len(q.tail) <= 8
	return q
}

// admits applies the necessary conditions; for exact and one-star alternatives they are also sufficient.
func (q *altQuick) admits(s string) bool {
	if q.exact {
		return s == q.prefix
	}
	return len(s) >= q.minLen && strings.HasPrefix(s, q.prefix) && strings.HasSuffix(s, q.tail)
}

func (p segPattern) literal() bool { return p.isLit }

func literalSeg(s string) segPattern { return segPattern{lit: s, isLit: true} }

func compileSegment(seg string) (segPattern, error) {
	if seg == "**" {
		return segPattern{globstar: true}, nil
	}
	if !strings.ContainsAny(seg, "*?[{") {
		return literalSeg(seg), nil
	}
	alts, err := expandBraces(seg, 0)
	if err != nil {
		return segPattern{}, err
	}
	p := segPattern{alts: make([][]token, 0, len(alts))}
	for _, a := range alts {
		toks, err := tokenize(a)
		if err != nil {
			return segPattern{}, err
		}
		p.alts = append(p.alts, toks)
		p.quick = append(p.quick, quickOf(toks))
	}
	return p, nil
}

// expandBraces turns "a{b,c{d,e}}f" into its alternatives, refusing unbalanced braces and
// expansions larger than MaxAlternatives. Class brackets are skipped so "[{]" stays a class.
func expandBraces(s string, depth int) ([]string, error) {
	if depth > 8 {
		return nil, itemErr("braces nested too deeply")
	}
	open := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			end := classEnd(s, i)
			if end < 0 {
				return nil, itemErr("unclosed [ in pattern")
			}
			i = end
		case '}':
			return nil, itemErr("unbalanced } in pattern")
		case '{':
			open = i
		}
		if open >= 0 {
			break
		}
	}
	if open < 0 {
		return []string{s}, nil
	}
	// Find the matching close brace and the top-level commas inside.
	level, commas, close := 0, []int{}, -1
	for i := open; i < len(s) && close < 0; i++ {
		switch s[i] {
		case '[':
			end := classEnd(s, i)
			if end < 0 {
				return nil, itemErr("unclosed [ in pattern")
			}
			i = end
		case '{':
			level++
		case '}':
			level--
			if level == 0 {
				close = i
			}
		case ',':
			if level == 1 {
				commas = append(commas, i)
			}
		}
	}
	if close < 0 {
		return nil, itemErr("unbalanced { in pattern")
	}
	pre, post := s[:open], s[close+1:]
	bounds := append(append([]int{open}, commas...), close)
	rest, err := expandBraces(post, depth+1)
	if err != nil {
		return nil, err
	}
	var out []string
	for k := 0; k+1 < len(bounds); k++ {
		inner, err := expandBraces(s[bounds[k]+1:bounds[k+1]], depth+1)
		if err != nil {
			return nil, err
		}
		for _, in := range inner {
			for _, r := range rest {
				out = append(out, pre+in+r)
				if len(out) > MaxAlternatives {
					return nil, itemErr("braces expand to more than %d alternatives", MaxAlternatives)
				}
			}
		}
	}
	return out, nil
}

// classEnd returns the index of the "]" closing the class opened at s[i], or -1.
func classEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && (s[j] == '!' || s[j] == '^') {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++ // a leading ] is a member, not the end
	}
	for ; j < len(s); j++ {
		if s[j] == ']' {
			return j
		}
	}
	return -1
}

func tokenize(s string) ([]token, error) {
	toks := make([]token, 0, len(s))
	for i := 0; i < len(s); {
		switch s[i] {
		case '*':
			// Runs of stars inside a segment mean the same as one.
			if len(toks) == 0 || toks[len(toks)-1].kind != tokStar {
				toks = append(toks, token{kind: tokStar})
			}
			i++
		case '?':
			toks = append(toks, token{kind: tokAny})
			i++
		case '[':
			end := classEnd(s, i)
			if end < 0 {
				return nil, itemErr("unclosed [ in pattern")
			}
			t, err := parseClass(s[i+1 : end])
			if err != nil {
				return nil, err
			}
			toks = append(toks, t)
			i = end + 1
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			toks = append(toks, token{kind: tokLit, r: r})
			i += size
		}
	}
	return toks, nil
}

func parseClass(body string) (token, error) {
	t := token{kind: tokClass}
	if body != "" && (body[0] == '!' || body[0] == '^') {
		t.negate = true
		body = body[1:]
	}
	rs := []rune(body)
	if len(rs) == 0 {
		return t, itemErr("empty [] class in pattern")
	}
	for i := 0; i < len(rs); i++ {
		lo, hi := rs[i], rs[i]
		if i+2 < len(rs) && rs[i+1] == '-' {
			hi = rs[i+2]
			i += 2
			if hi < lo {
				return t, itemErr("class range %c-%c is reversed", lo, hi)
			}
		}
		t.ranges = append(t.ranges, runeRange{lo, hi})
	}
	return t, nil
}

// match reports whether the segment pattern matches the literal segment s.
func (p *segPattern) match(s string) bool {
	if p.isLit {
		return p.lit == s
	}
	if p.globstar {
		return true
	}
	for i := range p.alts {
		q := &p.quick[i]
		if !q.admits(s) {
			continue
		}
		if q.exact || q.oneStar || matchTokens(p.alts[i], s) {
			return true
		}
	}
	return false
}

// matchTokens is the linear wildcard match with a single backtrack point for the last star.
func matchTokens(toks []token, s string) bool {
	ti, si := 0, 0
	starTi, starSi := -1, 0
	for {
		if ti < len(toks) && toks[ti].kind == tokStar {
			starTi, starSi = ti, si
			ti++
			continue
		}
		if ti < len(toks) && si < len(s) {
			r, size := utf8.DecodeRuneInString(s[si:])
			if toks[ti].matches(r) {
				ti++
				si += size
				continue
			}
		} else if ti == len(toks) && si == len(s) {
			return true
		}
		if starTi < 0 || starSi >= len(s) {
			return false
		}
		_, size := utf8.DecodeRuneInString(s[starSi:])
		starSi += size
		ti, si = starTi+1, starSi
	}
}
