package domain

import (
	"cmp"
	"slices"
	"time"
)

// Deriving every pair at once needs no downward walks. For two overlapping items, either they
// sit on the same trie node, or one sits on a strict ancestor of the other's node (a literal
// item at its path, a glob at its literal prefix); items on diverging branches cannot
// overlap. So every overlapping item pair is found by the deeper item looking up its
// ancestors, and a same-node pair by the lower slot looking at its own node. Each item pair is
// found exactly once, and the cost is the depth of each item plus the checks against holders
// above it.

// pairHit is one overlapping item pair of two presences, lo slot first.
type pairHit struct {
	lo, hi         uint32
	loItem, hiItem uint16
}

// upward appends the overlaps of set (of presence self) found on its own nodes (with higher
// slots only) and on strict ancestors (all slots).
func (x *brainIndex) upward(self uint32, set WorkingSet, placed []*node, out []pairHit) []pairHit {
	add := func(other holder, mine int) {
		if other.slot == self {
			return
		}
		if self < other.slot {
			out = append(out, pairHit{lo: self, hi: other.slot, loItem: uint16(mine), hiItem: other.item})
		} else {
			out = append(out, pairHit{lo: other.slot, hi: self, loItem: other.item, hiItem: uint16(mine)})
		}
	}
	for i, it := range set {
		if it.Kind == ItemBlock {
			for _, h := range x.blocks[it.Canon] {
				if h.slot > self {
					add(h, i)
				}
			}
			continue
		}
		n := placed[i]
		// Same node.
		for _, h := range n.paths {
			if h.slot <= self {
				continue
			}
			if it.Kind == ItemPath || !h.leaf {
				add(h, i)
			}
		}
		for _, g := range n.globs {
			if g.slot <= self {
				continue
			}
			switch {
			case it.Kind == ItemPath:
				if !it.Leaf {
					add(g.holder, i)
				}
			case patternsOverlap(g.pat[n.depth:], g.leaf, it.pat[n.depth:], it.Leaf):
				add(g.holder, i)
			}
		}
		// Strict ancestors.
		for a := n.parent; a != nil; a = a.parent {
			for _, h := range a.paths {
				if !h.leaf {
					add(h, i)
				}
			}
			for _, g := range a.globs {
				var hit bool
				if it.Kind == ItemPath {
					hit = globMeetsPath(g.pat[a.depth:], g.leaf, g.gs, it.segs[a.depth:], it.Leaf)
				} else {
					hit = patternsOverlap(g.pat[a.depth:], g.leaf, it.pat[a.depth:], it.Leaf)
				}
				if hit {
					add(g.holder, i)
				}
			}
		}
	}
	return out
}

// allCollisions derives every colliding pair once (A's id below B's), ordered by brain and ids.
// A zero t takes every presence as live. Caller holds mu (read).
func (r *Registry) allCollisions(brain string, t time.Time) []Collision {
	live := func(e *entry) bool {
		return e != nil && e.rec.Intent == IntentMutate && (t.IsZero() || e.liveAt(t))
	}
	brains := make([]string, 0, len(r.brains))
	for b := range r.brains {
		if brain == "" || b == brain {
			brains = append(brains, b)
		}
	}
	slices.Sort(brains)
	var out []Collision
	for _, b := range brains {
		x := r.brains[b]
		var members []uint32
		for _, e := range r.slots {
			if live(e) && e.rec.Brain == b {
				members = append(members, e.slot)
			}
		}
		// Rank members by id, so pairs come out oriented and ordered without sorting collisions.
		slices.SortFunc(members, func(p, q uint32) int { return cmp.Compare(r.slots[p].rec.ID, r.slots[q].rec.ID) })
		rank := make([]int32, len(r.slots))
		for i := range rank {
			rank[i] = -1
		}
		for i, s := range members {
			rank[s] = int32(i)
		}
		var hits []pairHit
		for _, s := range members {
			e := r.slots[s]
			hits = x.upward(s, e.rec.WorkingSet, e.placed, hits)
		}
		// Keep live pairs, oriented by rank (lo = lower id), then sort by ranks and items.
		kept := hits[:0]
		for _, h := range hits {
			rl, rh := rank[h.lo], rank[h.hi]
			if rl < 0 || rh < 0 {
				continue
			}
			if rl > rh {
				h = pairHit{lo: h.hi, hi: h.lo, loItem: h.hiItem, hiItem: h.loItem}
				rl, rh = rh, rl
			}
			h.lo, h.hi = uint32(rl), uint32(rh)
			kept = append(kept, h)
		}
		slices.SortFunc(kept, func(p, q pairHit) int {
			if c := cmp.Compare(p.lo, q.lo); c != 0 {
				return c
			}
			if c := cmp.Compare(p.hi, q.hi); c != 0 {
				return c
			}
			if c := cmp.Compare(p.loItem, q.loItem); c != 0 {
				return c
			}
			return cmp.Compare(p.hiItem, q.hiItem)
		})
		pairs := 0
		for i := range kept {
			if i == 0 || kept[i].lo != kept[i-1].lo || kept[i].hi != kept[i-1].hi {
				pairs++
			}
		}
		out = slices.Grow(out, pairs)
		overlaps := make([]Overlap, len(kept))
		for i := 0; i < len(kept); {
			a, bb := r.slots[members[kept[i].lo]], r.slots[members[kept[i].hi]]
			j := i
			for ; j < len(kept) && kept[j].lo == kept[i].lo && kept[j].hi == kept[i].hi; j++ {
				overlaps[j] = Overlap{A: a.rec.WorkingSet[kept[j].loItem].Canon, B: bb.rec.WorkingSet[kept[j].hiItem].Canon}
			}
			out = append(out, Collision{Brain: b, A: a.rec.Ref(), B: bb.rec.Ref(), Overlaps: overlaps[i:j:j]})
			i = j
		}
	}
	return out
}
