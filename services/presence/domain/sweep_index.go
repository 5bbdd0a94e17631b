package domain

import (
	"cmp"
	"runtime"
	"slices"
	"sync"
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
		for k := range n.globs {
			g := &n.globs[k]
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
			for k := range a.globs {
				g := &a.globs[k]
				var hit bool
				if it.Kind == ItemPath {
					hit = g.meetsPath(a.depth, it.segs[a.depth:], it.Leaf)
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
	// One pass groups the live mutating presences by brain; rank is shared and reset per brain.
	byBrain := make(map[string][]uint32, len(brains))
	for _, e := range r.slots {
		if live(e) && (brain == "" || e.rec.Brain == brain) {
			byBrain[e.rec.Brain] = append(byBrain[e.rec.Brain], e.slot)
		}
	}
	rank := make([]int32, len(r.slots))
	for i := range rank {
		rank[i] = -1
	}
	var out []Collision
	for _, b := range brains {
		x := r.brains[b]
		members := byBrain[b]
		// Rank members by id, so pairs come out oriented and ordered without sorting collisions.
		slices.SortFunc(members, func(p, q uint32) int { return cmp.Compare(r.slots[p].rec.ID, r.slots[q].rec.ID) })
		for i, s := range members {
			rank[s] = int32(i)
		}
		hits := r.upwardAll(x, members)
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
		sortHits(kept, len(members))
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
		for _, s := range members {
			rank[s] = -1
		}
	}
	return out
}

// parallelFrom is the roster size from which the upward scans are split across CPUs; below it
// goroutine start-up costs more than it saves.
const parallelFrom = 2000

// upwardAll runs the upward scan of every member, in parallel chunks for large rosters. The
// index is only read here (the caller holds mu for reading), so chunks share it safely.
func (r *Registry) upwardAll(x *brainIndex, members []uint32) []pairHit {
	workers := runtime.GOMAXPROCS(0)
	if len(members) < parallelFrom || workers < 2 {
		var hits []pairHit
		for _, s := range members {
			e := r.slots[s]
			hits = x.upward(s, e.rec.WorkingSet, e.placed, hits)
		}
		return hits
	}
	parts := make([][]pairHit, workers)
	var wg sync.WaitGroup
	chunk := (len(members) + workers - 1) / workers
	for w := 0; w < workers; w++ {
		lo, hi := w*chunk, min((w+1)*chunk, len(members))
		if lo >= hi {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var hits []pairHit
			for _, s := range members[lo:hi] {
				e := r.slots[s]
				hits = x.upward(s, e.rec.WorkingSet, e.placed, hits)
			}
			parts[w] = hits
		}()
	}
	wg.Wait()
	return slices.Concat(parts...)
}

// sortHits orders hits by (lo, hi, loItem, hiItem). Packed into one integer key the sort
// compares machine words instead of calling a comparator, which matters at 100,000 hits.
func sortHits(hits []pairHit, members int) {
	if members >= 1<<20 || MaxWorkingSet > 1<<10 {
		slices.SortFunc(hits, func(p, q pairHit) int {
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
		return
	}
	keys := make([]uint64, len(hits))
	for i, h := range hits {
		keys[i] = uint64(h.lo)<<44 | uint64(h.hi)<<24 | uint64(h.loItem)<<12 | uint64(h.hiItem)
	}
	slices.Sort(keys)
	for i, k := range keys {
		hits[i] = pairHit{lo: uint32(k >> 44), hi: uint32(k>>24) & (1<<20 - 1), loItem: uint16(k>>12) & (1<<12 - 1), hiItem: uint16(k) & (1<<12 - 1)}
	}
}
