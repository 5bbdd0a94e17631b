package domain

import "slices"

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

// globGroup is every holder of one glob filed at a node. Agents often write the same glob
// ("**/*_test.go"), so a path is checked once per distinct pattern above it, not once per holder.
type globGroup struct {
	canon   string
	leaf    bool
	pat     []segPattern
	holders []holder
	// gs: the pattern has a ** segment (so overlap needs the full search).
	gs bool
	// Most globs below their literal root are one segment ("*_test.go") or ** and one segment
	// ("**/*.proto"); last is that segment, and meetsPath decides them without the general search.
	one, deep bool
	last      *segPattern
	// quick is last's only alternative when it has one, kept here so the common check reads
	// one structure instead of following pointers into the item.
	quick    altQuick
	simple   bool
	lastToks []token
	// quicks and lastAlts are every alternative of last, for matchNode; quicks is a copy kept
	// with the group.
	quicks   []altQuick
	lastAlts [][]token
	// peers are the other groups at the same node whose patterns overlap this one, and
	// selfMeets whether two holders of this very pattern overlap; both are settled when a group
	// joins its node, so scans never compare two globs (unless the node is unsettled).
	peers     []*globGroup
	selfMeets bool
	// sole is the slot of the only holder, or noSlot: a scan skips a presence's own glob
	// without reading the holder list.
	sole uint32
}

const noSlot = ^uint32(0)

func (g *globGroup) setHolders(hs []holder) {
	g.holders, g.sole = hs, noSlot
	if len(hs) == 1 {
		g.sole = hs[0].slot
	}
}

// meetsPathAt is meetsPath for an indexed path item: n is the item's node and c the child of
// the glob's node on the way to it. Most paths are turned away by the keys of those nodes
// alone, without reading the item's segments.
func (g *globGroup) meetsPathAt(depth int, it *Item, n, c *node) bool {
	switch {
	case g.one:
		return (c == n || !g.leaf) && g.matchNode(c)
	case g.deep && it.Leaf && g.leaf:
		// Both name files: only the file's own name can meet the last segment.
		return g.matchNode(n)
	}
	return g.meetsPath(depth, it.segs[depth:], it.Leaf)
}

// matchNode matches the last pattern segment against n's segment, from n's keys alone when
// they decide it.
func (g *globGroup) matchNode(n *node) bool {
	for i := range g.quicks {
		q := &g.quicks[i]
		if !q.mayMatch(len(n.seg), n.head, n.tail) {
			continue
		}
		if q.keyExact || q.admits(n.seg) && (q.exact || q.oneStar || matchTokens(g.lastAlts[i], n.seg)) {
			return true
		}
	}
	return false
}

func newGlobGroup(it Item) *globGroup {
	g := &globGroup{canon: it.Canon, leaf: it.Leaf, pat: it.pat, gs: hasGlobstar(it.pat)}
	rest := it.pat[it.prefix:]
	switch {
	case len(rest) == 1:
		g.one, g.last = true, &rest[0]
	case len(rest) == 2 && rest[0].globstar && !rest[1].globstar:
		g.deep, g.last = true, &rest[1]
	}
	if g.last != nil {
		g.quicks, g.lastAlts = slices.Clone(g.last.quick), g.last.alts
		if len(g.last.alts) == 1 {
			g.simple, g.quick, g.lastToks = true, g.last.quick[0], g.last.alts[0]
		}
	}
	return g
}

// matchLast matches one segment against the last pattern segment.
func (g *globGroup) matchLast(s string) bool {
	if !g.simple {
		return g.last.match(s)
	}
	return g.quick.admits(s) && (g.quick.exact || g.quick.oneStar || matchTokens(g.lastToks, s))
}

// meetsPath reports whether the glob and a literal path overlap; segs is the path below the
// glob's literal root (never empty: the path lies strictly beneath the root).
func (g *globGroup) meetsPath(depth int, segs []string, leaf bool) bool {
	switch {
	case g.one:
		return (len(segs) == 1 || !g.leaf) && g.matchLast(segs[0])
	case g.deep:
		if !leaf {
			return true
		}
		for j, s := range segs {
			if (j == len(segs)-1 || !g.leaf) && g.matchLast(s) {
				return true
			}
		}
		return false
	}
	return globMeetsPath(g.pat[depth:], g.leaf, g.gs, segs, leaf)
}

// node is one trie node. The fields every upward scan reads come first, to share a cache line.
type node struct {
	parent *node
	paths  []holder
	globs  []*globGroup
	depth  int
	seg    string
	// head and tail are seg's segKeys.
	head, tail uint64
	children   map[string]*node
	// unsettled: more distinct globs were filed here than peers are kept for (see maxSettled).
	unsettled bool
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
			c.head, c.tail = segKeys(s)
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
			g := n.globGroup(it.Canon)
			if g == nil {
				g = newGlobGroup(it)
				n.settlePeers(g)
				n.globs = append(n.globs, g)
			}
			g.setHolders(append(g.holders, h))
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
		} else if g := n.globGroup(it.Canon); g != nil {
			if g.setHolders(dropHolder(g.holders, h)); len(g.holders) == 0 {
				n.globs = dropGroup(n.globs, g)
				for _, o := range g.peers {
					o.peers = dropGroup(o.peers, g)
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

// maxSettled bounds how many distinct globs one node settles peers for: past it, peer lists
// would grow with the square of the globs, so the node stops keeping them (for good) and scans
// compare the globs there directly.
var maxSettled = 64

// settlePeers records which groups at n overlap g, before g joins n.globs.
func (n *node) settlePeers(g *globGroup) {
	if n.unsettled {
		return
	}
	if len(n.globs) >= maxSettled {
		n.unsettled = true
		for _, o := range n.globs {
			o.peers = nil
		}
		return
	}
	d := n.depth
	g.selfMeets = patternsOverlap(g.pat[d:], g.leaf, g.pat[d:], g.leaf)
	for _, o := range n.globs {
		if patternsOverlap(g.pat[d:], g.leaf, o.pat[d:], o.leaf) {
			g.peers = append(g.peers, o)
			o.peers = append(o.peers, g)
		}
	}
}

// globGroup returns the group of the glob spelled canon filed here, if any.
func (n *node) globGroup(canon string) *globGroup {
	for _, g := range n.globs {
		if g.canon == canon {
			return g
		}
	}
	return nil
}

func dropGroup(gs []*globGroup, g *globGroup) []*globGroup {
	k := slices.Index(gs, g)
	gs[k] = gs[len(gs)-1]
	gs[len(gs)-1] = nil
	return gs[:len(gs)-1]
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
