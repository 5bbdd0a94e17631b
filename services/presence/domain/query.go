package domain

// hit is one overlapping pair of items: item mine of the queried set against holder h.
type hit struct {
	h    holder
	mine uint16
}

// query appends every indexed holder whose item overlaps an item of set. placed may be nil
// (the set is not in the index); holders of the querying presence itself are included and
// left for the caller to drop.
func (x *brainIndex) query(set WorkingSet, placed []*node, out []hit) []hit {
	for i, it := range set {
		mine := uint16(i)
		switch it.Kind {
		case ItemBlock:
			for _, h := range x.blocks[it.Canon] {
				out = append(out, hit{h: h, mine: mine})
			}
		case ItemPath:
			out = x.queryPath(it, nodeAt(placed, i), mine, out)
		case ItemGlob:
			out = x.queryGlob(it, nodeAt(placed, i), mine, out)
		}
	}
	return out
}

func nodeAt(placed []*node, i int) *node {
	if placed == nil {
		return nil
	}
	return placed[i]
}

// locate returns the node for segs if it exists, else the deepest existing ancestor and false.
func (x *brainIndex) locate(segs []string) (*node, bool) {
	n := x.root
	for _, s := range segs {
		c := n.children[s]
		if c == nil {
			return n, false
		}
		n = c
	}
	return n, true
}

func (x *brainIndex) queryPath(it Item, at *node, mine uint16, out []hit) []hit {
	exact := true
	if at == nil {
		at, exact = x.locate(it.segs)
	}
	above := at
	if exact {
		above = at.parent
		// The same path: every holder here overlaps. Globs filed here reach beneath it.
		for _, h := range at.paths {
			out = append(out, hit{h: h, mine: mine})
		}
		if !it.Leaf {
			for _, g := range at.globs {
				out = appendHolders(out, g.holders, mine)
			}
			for _, c := range at.children {
				out = collectSubtree(c, mine, out)
			}
		}
	}
	for a := above; a != nil; a = a.parent {
		for _, h := range a.paths {
			if !h.leaf {
				out = append(out, hit{h: h, mine: mine})
			}
		}
		for _, g := range a.globs {
			if g.meetsPath(a.depth, it.segs[a.depth:], it.Leaf) {
				out = appendHolders(out, g.holders, mine)
			}
		}
	}
	return out
}

func appendHolders(out []hit, hs []holder, mine uint16) []hit {
	for _, h := range hs {
		out = append(out, hit{h: h, mine: mine})
	}
	return out
}

func collectSubtree(n *node, mine uint16, out []hit) []hit {
	for _, h := range n.paths {
		out = append(out, hit{h: h, mine: mine})
	}
	for _, g := range n.globs {
		out = appendHolders(out, g.holders, mine)
	}
	for _, c := range n.children {
		out = collectSubtree(c, mine, out)
	}
	return out
}

func (x *brainIndex) queryGlob(it Item, at *node, mine uint16, out []hit) []hit {
	exact := true
	if at == nil {
		at, exact = x.locate(it.segs[:it.prefix])
	}
	above := at
	if exact {
		above = at.parent
		w := globWalk{pat: it.pat, leaf: it.Leaf, mine: mine, out: out}
		w.visit(at, w.closure([]int{it.prefix}))
		out = w.out
	}
	for a := above; a != nil; a = a.parent {
		for _, h := range a.paths {
			if !h.leaf {
				out = append(out, hit{h: h, mine: mine})
			}
		}
		for _, g := range a.globs {
			if patternsOverlap(g.pat[a.depth:], g.leaf, it.pat[a.depth:], it.Leaf) {
				out = appendHolders(out, g.holders, mine)
			}
		}
	}
	return out
}

// globWalk simulates a glob's segments over the trie below its literal prefix. states are
// positions in pat that the path so far can have reached; len(pat) means fully matched.
type globWalk struct {
	pat  []segPattern
	leaf bool
	mine uint16
	out  []hit
}

func (w *globWalk) closure(states []int) []int {
	for k := 0; k < len(states); k++ {
		s := states[k]
		if s < len(w.pat) && w.pat[s].globstar && !containsInt(states, s+1) {
			states = append(states, s+1)
		}
	}
	return states
}

func (w *globWalk) visit(n *node, states []int) {
	matched := containsInt(states, len(w.pat))
	if matched && !w.leaf {
		// The glob matched this node's path and reaches beneath it: everything here is inside.
		w.out = collectSubtree(n, w.mine, w.out)
		return
	}
	pending := len(states) > 1 || !matched
	for _, h := range n.paths {
		// Held here: overlaps when the glob matches exactly this path, or when a match
		// continues beneath a path that can have things beneath it.
		if matched || (pending && !h.leaf) {
			w.out = append(w.out, hit{h: h, mine: w.mine})
		}
	}
	for _, g := range n.globs {
		for _, s := range states {
			if patternsOverlap(g.pat[n.depth:], g.leaf, w.pat[s:], w.leaf) {
				w.out = appendHolders(w.out, g.holders, w.mine)
				break
			}
		}
	}
	for seg, c := range n.children {
		var next []int
		for _, s := range states {
			if s == len(w.pat) {
				continue
			}
			p := w.pat[s]
			if p.globstar {
				if !containsInt(next, s) {
					next = append(next, s)
				}
			} else if p.match(seg) && !containsInt(next, s+1) {
				next = append(next, s+1)
			}
		}
		if len(next) > 0 {
			w.visit(c, w.closure(next))
		}
	}
}

func containsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

// globMeetsPath is patternsOverlap for a glob remainder against a literal path remainder,
// without building patterns for the literal side. gs says whether pat has a ** segment.
func globMeetsPath(pat []segPattern, patLeaf, gs bool, segs []string, segsLeaf bool) bool {
	n := len(segs)
	if !gs {
		return alignTail(pat, patLeaf, segs, segsLeaf)
	}
	if pat[0].globstar && !hasGlobstar(pat[1:]) {
		// The common "**/tail" shape: try each place the tail can start.
		tail := pat[1:]
		for j := 0; j <= n; j++ {
			if alignTail(tail, patLeaf, segs[j:], segsLeaf) {
				return true
			}
		}
		return false
	}
	d := meetDP{pat: pat, segs: segs, patLeaf: patLeaf, segsLeaf: segsLeaf}
	if sz := (len(pat) + 1) * (n + 1); sz > len(d.small)*64 {
		d.big = make([]bool, sz)
	}
	return d.walk(0, 0)
}

// meetDP memoizes visited (i, j) states in a bitset on the stack for the usual small sizes.
type meetDP struct {
	pat               []segPattern
	segs              []string
	patLeaf, segsLeaf bool
	small             [4]uint64
	big               []bool
}

func (d *meetDP) visit(k int) bool {
	if d.big != nil {
		v := d.big[k]
		d.big[k] = true
		return v
	}
	w, b := k/64, uint64(1)<<(k%64)
	v := d.small[w]&b != 0
	d.small[w] |= b
	return v
}

func (d *meetDP) walk(i, j int) bool {
	m, n := len(d.pat), len(d.segs)
	if i == m && j == n {
		return true
	}
	if d.visit(i*(n+1) + j) {
		return false
	}
	switch {
	case i == m:
		return !d.patLeaf
	case j == n:
		return !d.segsLeaf || (d.pat[i].globstar && d.walk(i+1, j))
	}
	if d.pat[i].globstar {
		return d.walk(i+1, j) || d.walk(i, j+1)
	}
	return d.pat[i].match(d.segs[j]) && d.walk(i+1, j+1)
}

// alignTail matches a pattern without ** against a literal path segment by segment; whichever
// runs out first must not be a leaf for the other to lie beneath it.
func alignTail(pat []segPattern, patLeaf bool, segs []string, segsLeaf bool) bool {
	m, n := len(pat), len(segs)
	for i := 0; i < min(m, n); i++ {
		if !pat[i].match(segs[i]) {
			return false
		}
	}
	return m == n || (m < n && !patLeaf) || (n < m && !segsLeaf)
}
