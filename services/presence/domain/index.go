package domain

import "strings"

// The collision index keeps every mutating presence's working set of one brain in a trie of
// path segments (literal items at the node they name, globs at the node of their literal
// prefix) and a map of block ids. A query walks up from an item's node (everything above it
// contains it), then down its subtree (everything below lies inside it; globs prune the walk
// by simulating their pattern over the trie). Work is proportional to the depth of the item
// and the size of the answer, not to the number of live presences.

type holder struct {
	slot uint32
	item uint16
	// leaf items name files only: nothing beneath them is theirs.
	leaf bool
}

type globHolder struct {
	holder
	pat []segPattern
	// gs: the pattern has a ** segment (so overlap needs the full search).
	gs bool
	// Most globs below their literal root are one starred segment ("*_test.go") or ** and one
	// starred segment ("**/*.proto"); these check a path by two string comparisons.
	one, deep starSplit
}

func newGlobHolder(h holder, it Item) globHolder {
	g := globHolder{holder: h, pat: it.pat, gs: hasGlobstar(it.pat)}
	rest := it.pat[it.prefix:]
	switch {
	case len(rest) == 1 && len(rest[0].fast) == 1:
		g.one = rest[0].fast[0]
	case len(rest) == 2 && rest[0].globstar && len(rest[1].fast) == 1:
		g.deep = rest[1].fast[0]
	}
	return g
}

func (f starSplit) matches(s string) bool {
	return len(s) >= len(f.prefix)+len(f.tail) && strings.HasPrefix(s, f.prefix) && strings.HasSuffix(s, f.tail)
}

// meetsPath reports whether the glob and a literal path overlap; segs is the path below the
// glob's literal root (never empty: the path lies strictly beneath the root).
func (g *globHolder) meetsPath(depth int, segs []string, leaf bool) bool {
	switch {
	case g.one.ok:
		return g.one.matches(segs[0]) && (len(segs) == 1 || !g.leaf)
	case g.deep.ok:
		if !leaf {
			return true
		}
		for j, s := range segs {
			if g.deep.matches(s) && (j == len(segs)-1 || !g.leaf) {
				return true
			}
		}
		return false
	}
	return globMeetsPath(g.pat[depth:], g.leaf, g.gs, segs, leaf)
}

type node struct {
	parent   *node
	depth    int
	seg      string
	children map[string]*node
	paths    []holder
	globs    []globHolder
	// count is the number of holders in this node's subtree; empty nodes are unlinked.
	count int
}

type brainIndex struct {
	root   *node
	blocks map[string][]holder
}

func newBrainIndex() *brainIndex {
	return &brainIndex{root: &node{}, blocks: make(map[string][]holder)}
}

func (x *brainIndex) empty() bool { return x.root.count == 0 && len(x.blocks) == 0 }

// nodeFor returns the node for segs, creating it (and counting one more holder on the way) when add is set.
func (x *brainIndex) nodeFor(segs []string, add bool) *node {
	n := x.root
	if add {
		n.count++
	}
	for i, s := range segs {
		c := n.children[s]
		if c == nil {
			if !add {
				return nil
			}
			if n.children == nil {
				n.children = make(map[string]*node)
			}
			c = &node{parent: n, depth: i + 1, seg: s}
			n.children[s] = c
		}
		if add {
			c.count++
		}
		n = c
	}
	return n
}

// add files every item of slot's working set and returns where each landed (nil for blocks).
func (x *brainIndex) add(slot uint32, set WorkingSet) []*node {
	placed := make([]*node, len(set))
	for i, it := range set {
		h := holder{slot: slot, item: uint16(i), leaf: it.Leaf}
		switch it.Kind {
		case ItemBlock:
			x.blocks[it.Canon] = append(x.blocks[it.Canon], h)
		case ItemPath:
			n := x.nodeFor(it.segs, true)
			n.paths = append(n.paths, h)
			placed[i] = n
		case ItemGlob:
			n := x.nodeFor(it.segs[:it.prefix], true)
			n.globs = append(n.globs, newGlobHolder(h, it))
			placed[i] = n
		}
	}
	return placed
}

// remove undoes add.
func (x *brainIndex) remove(slot uint32, set WorkingSet, placed []*node) {
	for i, it := range set {
		h := holder{slot: slot, item: uint16(i), leaf: it.Leaf}
		if it.Kind == ItemBlock {
			hs := dropHolder(x.blocks[it.Canon], h)
			if len(hs) == 0 {
				delete(x.blocks, it.Canon)
			} else {
				x.blocks[it.Canon] = hs
			}
			continue
		}
		n := placed[i]
		if it.Kind == ItemPath {
			n.paths = dropHolder(n.paths, h)
		} else {
			for k := range n.globs {
				if n.globs[k].holder == h {
					n.globs[k] = n.globs[len(n.globs)-1]
					n.globs = n.globs[:len(n.globs)-1]
					break
				}
			}
		}
		for ; n != nil; n = n.parent {
			n.count--
			if n.count == 0 && n.parent != nil {
				delete(n.parent.children, n.seg)
			}
		}
	}
}

func dropHolder(hs []holder, h holder) []holder {
	for k := range hs {
		if hs[k] == h {
			hs[k] = hs[len(hs)-1]
			return hs[:len(hs)-1]
		}
	}
	return hs
}
