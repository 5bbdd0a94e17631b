package domain

// Overlap decisions between segments, patterns and items. Each item covers what it names and,
// unless it is a leaf, everything beneath; two items overlap when some path is covered by both.

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
	d := tokenDP{a: a, b: b}
	if sz := (len(a) + 1) * (len(b) + 1); sz > len(d.small)*64 {
		d.big = make([]bool, sz)
	}
	return d.walk(0, 0)
}

// tokenDP memoizes visited (i, j) states in a bitset on the stack for the usual small sizes.
type tokenDP struct {
	a, b  []token
	small [8]uint64
	big   []bool
}

func (d *tokenDP) visit(k int) bool {
	if d.big != nil {
		v := d.big[k]
		d.big[k] = true
		return v
	}
	w, bit := k/64, uint64(1)<<(k%64)
	v := d.small[w]&bit != 0
	d.small[w] |= bit
	return v
}

func (d *tokenDP) walk(i, j int) bool {
	a, b := d.a, d.b
	m, n := len(a), len(b)
	if i == m && j == n {
		return true
	}
	if d.visit(i*(n+1) + j) {
		return false
	}
	if i < m && a[i].kind == tokStar {
		if d.walk(i+1, j) || (j < n && d.walk(i, j+1)) {
			return true
		}
	}
	if j < n && b[j].kind == tokStar {
		if d.walk(i, j+1) || (i < m && d.walk(i+1, j)) {
			return true
		}
	}
	if i < m && j < n && a[i].kind != tokStar && b[j].kind != tokStar && tokenPairIntersects(a[i], b[j]) {
		return d.walk(i+1, j+1)
	}
	return false
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
