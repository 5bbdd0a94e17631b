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
	// fast holds, per alternative, the literal text before and after its only star when the
	// alternative is just that ("*_test.go", "main*", "a*b"); most globs agents write are.
	fast []starSplit
}

type starSplit struct {
	ok           bool
	prefix, tail string
}

func splitStar(toks []token) starSplit {
	star := -1
	for i, t := range toks {
		switch t.kind {
		case tokStar:
			if star >= 0 {
				return starSplit{}
			}
			star = i
		case tokLit:
		default:
			return starSplit{}
		}
	}
	if star < 0 {
		return starSplit{}
	}
	lit := func(ts []token) string {
		rs := make([]rune, len(ts))
		for i, t := range ts {
			rs[i] = t.r
		}
		return string(rs)
	}
	return starSplit{ok: true, prefix: lit(toks[:star]), tail: lit(toks[star+1:])}
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
		p.fast = append(p.fast, splitStar(toks))
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
func (p segPattern) match(s string) bool {
	if p.isLit {
		return p.lit == s
	}
	if p.globstar {
		return true
	}
	for i, a := range p.alts {
		if f := p.fast[i]; f.ok {
			if f.matches(s) {
				return true
			}
			continue
		}
		if matchTokens(a, s) {
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

// intersects reports whether some single segment matches both patterns.
func (p segPattern) intersects(q segPattern) bool {
	switch {
	case p.globstar || q.globstar:
		return true
	case p.isLit && q.isLit:
		return p.lit == q.lit
	case p.isLit:
		return q.match(p.lit)
	case q.isLit:
		return p.match(q.lit)
	}
	for _, a := range p.alts {
		for _, b := range q.alts {
			if tokensIntersect(a, b) {
				return true
			}
		}
	}
	return false
}

func tokenPairIntersects(a, b token) bool {
	switch {
	case a.kind == tokAny || b.kind == tokAny:
		return true
	case a.kind == tokLit:
		return b.matches(a.r)
	case b.kind == tokLit:
		return a.matches(b.r)
	}
	// Two classes. A negated class leaves almost all of Unicode, so it meets any positive
	// class that is not wholly inside its exclusions, and any other negated class.
	switch {
	case a.negate && b.negate:
		return true
	case a.negate:
		return classNotCovered(b.ranges, a.ranges)
	case b.negate:
		return classNotCovered(a.ranges, b.ranges)
	}
	for _, x := range a.ranges {
		for _, y := range b.ranges {
			if x.lo <= y.hi && y.lo <= x.hi {
				return true
			}
		}
	}
	return false
}

// classNotCovered reports whether some rune of pos lies outside every range of excl.
func classNotCovered(pos, excl []runeRange) bool {
	for _, p := range pos {
		// Walk p.lo..p.hi skipping covered stretches; ranges are few, so repeat scans are cheap.
		r := p.lo
		for r <= p.hi {
			moved := false
			for _, e := range excl {
				if r >= e.lo && r <= e.hi {
					r = e.hi + 1
					moved = true
				}
			}
			if !moved {
				return true
			}
		}
	}
	return false
}

// tokensIntersect decides whether two token sequences (with stars) share a string, by dynamic
// programming over positions: a star either matches nothing or absorbs the other side's next token.
func tokensIntersect(a, b []token) bool {
	m, n := len(a), len(b)
	seen := make([]bool, (m+1)*(n+1))
	var walk func(i, j int) bool
	walk = func(i, j int) bool {
		if i == m && j == n {
			return true
		}
		k := i*(n+1) + j
		if seen[k] {
			return false
		}
		seen[k] = true
		if i < m && a[i].kind == tokStar {
			if walk(i+1, j) || (j < n && walk(i, j+1)) {
				return true
			}
		}
		if j < n && b[j].kind == tokStar {
			if walk(i, j+1) || (i < m && walk(i+1, j)) {
				return true
			}
		}
		if i < m && j < n && a[i].kind != tokStar && b[j].kind != tokStar && tokenPairIntersects(a[i], b[j]) {
			return walk(i+1, j+1)
		}
		return false
	}
	return walk(0, 0)
}

// patternsOverlap decides whether two segment patterns cover a common path. Each covers its
// matches and, unless it is a leaf (files only), everything beneath them: running out of one
// side with the other still going is an overlap only if the exhausted side is not a leaf.
func patternsOverlap(a []segPattern, aLeaf bool, b []segPattern, bLeaf bool) bool {
	m, n := len(a), len(b)
	if !hasGlobstar(a) && !hasGlobstar(b) {
		// Segment by segment: no pattern can stretch across segments.
		k := min(m, n)
		for i := 0; i < k; i++ {
			if !a[i].intersects(b[i]) {
				return false
			}
		}
		return m == n || (m < n && !aLeaf) || (n < m && !bLeaf)
	}
	var small [256]bool
	var seen []bool
	if sz := (m + 1) * (n + 1); sz <= len(small) {
		seen = small[:sz]
	} else {
		seen = make([]bool, sz)
	}
	return overlapWalk(&overlapDP{a: a, b: b, aLeaf: aLeaf, bLeaf: bLeaf, seen: seen}, 0, 0)
}

type overlapDP struct {
	a, b         []segPattern
	aLeaf, bLeaf bool
	seen         []bool
}

func overlapWalk(d *overlapDP, i, j int) bool {
	m, n := len(d.a), len(d.b)
	if i == m && j == n {
		return true
	}
	k := i*(n+1) + j
	if d.seen[k] {
		return false
	}
	d.seen[k] = true
	switch {
	case i == m:
		return !d.aLeaf || (d.b[j].globstar && overlapWalk(d, i, j+1))
	case j == n:
		return !d.bLeaf || (d.a[i].globstar && overlapWalk(d, i+1, j))
	}
	if d.a[i].globstar && (overlapWalk(d, i+1, j) || overlapWalk(d, i, j+1)) {
		return true
	}
	if d.b[j].globstar && (overlapWalk(d, i, j+1) || overlapWalk(d, i+1, j)) {
		return true
	}
	return !d.a[i].globstar && !d.b[j].globstar && d.a[i].intersects(d.b[j]) && overlapWalk(d, i+1, j+1)
}

// patterns returns the item as one segment pattern per segment.
func (it Item) patterns() []segPattern {
	if it.Kind == ItemGlob {
		return it.pat
	}
	out := make([]segPattern, len(it.segs))
	for i, s := range it.segs {
		out[i] = literalSeg(s)
	}
	return out
}

// Overlaps reports whether two items cover a common place: the same block, or paths where
// one lies inside the other, or patterns that can match a common path.
func Overlaps(a, b Item) bool {
	if a.Kind == ItemBlock || b.Kind == ItemBlock {
		return a.Kind == b.Kind && a.Canon == b.Canon
	}
	if a.Kind == ItemPath && b.Kind == ItemPath {
		return pathPrefix(a.segs, a.Leaf, b.segs) || pathPrefix(b.segs, b.Leaf, a.segs)
	}
	return patternsOverlap(a.patterns(), a.Leaf, b.patterns(), b.Leaf)
}

// pathPrefix reports whether s is p or, when p is not a leaf, lies beneath p.
func pathPrefix(p []string, leaf bool, s []string) bool {
	if len(p) > len(s) || (leaf && len(p) != len(s)) {
		return false
	}
	for i := range p {
		if p[i] != s[i] {
			return false
		}
	}
	return true
}

func hasGlobstar(p []segPattern) bool {
	for i := range p {
		if p[i].globstar {
			return true
		}
	}
	return false
}
