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
	addAbove := func(g *globGroup, mine int) {
		for _, h := range g.holders {
			if h.slot > self {
				add(h, mine)
			}
		}
	}
	for i := range set {
		it := &set[i]
		if it.Kind == ItemBlock {
			for _, h := range x.blocks[it.Canon] {
				if h.slot > self {
					add(h, i)
				}
			}
			continue
		}
		n := placed[i]
		// Same node. A path item is one of the holders here itself, so a lone holder is never
		// worth reading; and a file path never meets a glob filed at its own node (the glob
		// lies beneath it).
		if len(n.paths) > 1 || it.Kind == ItemGlob && len(n.paths) > 0 {
			for _, h := range n.paths {
				if h.slot > self && (it.Kind == ItemPath || !h.leaf) {
					add(h, i)
				}
			}
		}
		switch {
		case it.Kind == ItemGlob && n.unsettled:
			for _, g := range n.globs {
				if patternsOverlap(g.pat[n.depth:], g.leaf, it.pat[n.depth:], it.Leaf) {
					addAbove(g, i)
				}
			}
		case it.Kind == ItemGlob:
			own := n.globGroup(it.Canon)
			if own.selfMeets {
				addAbove(own, i)
			}
			for _, g := range own.peers {
				addAbove(g, i)
			}
		case !it.Leaf:
			// A directory path: every glob filed here reaches beneath it.
			for _, g := range n.globs {
				addAbove(g, i)
			}
		}
		// Strict ancestors.
		for c, a := n, n.parent; a != nil; c, a = a, a.parent {
			for _, h := range a.paths {
				if !h.leaf {
					add(h, i)
				}
			}
			for _, g := range a.globs {
				if g.sole == self {
					continue // only this presence's own glob
				}
				var hit bool
				if it.Kind == ItemPath {
					hit = g.meetsPathAt(a.depth, it, n, c)
				} else {
					hit = patternsOverlap(g.pat[a.depth:], g.leaf, it.pat[a.depth:], it.Leaf)
				}
				if hit {
					for _, h := range g.holders {
						add(h, i)
					}
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
	// One pass groups the live mutating presences by brain, in slot order (the order they sit
	// in memory, which the scans follow); rank is shared and reset per brain.
	byBrain := make(map[string][]uint32, len(brains))
	for _, e := range r.slots {
		if live(e) && (brain == "" || e.rec.Brain == brain) {
			byBrain[e.rec.Brain] = append(byBrain[e.rec.Brain], e.slot)
		}
	}
	sc := scratchPool.Get().(*pairScratch)
	defer scratchPool.Put(sc)
	sc.rank = slices.Grow(sc.rank[:0], len(r.slots))[:len(r.slots)]
	for i := range sc.rank {
		sc.rank[i] = -1
	}
	var out []Collision
	for _, b := range brains {
		scan := byBrain[b]
		// Rank members by id, so pairs come out oriented and ordered by rank alone.
		members := slices.Clone(scan)
		slices.SortFunc(members, func(p, q uint32) int { return cmp.Compare(r.slots[p].rec.ID, r.slots[q].rec.ID) })
		for i, s := range members {
			sc.rank[s] = int32(i)
		}
		r.upwardAll(r.brains[b], scan, sc)
		sorted := sc.byRank(len(members))
		out = r.appendCollisions(out, b, members, sorted)
		for _, s := range members {
			sc.rank[s] = -1
		}
	}
	return out
}

// pairScratch is the working memory of one all-pairs derivation, pooled because at 10,000
// presences it is megabytes that would otherwise be garbage on every call.
type pairScratch struct {
	parts  [][]pairHit
	sorted []pairHit
	start  []int32
	rank   []int32
}

var scratchPool = sync.Pool{New: func() any { return new(pairScratch) }}

// byRank orients the scanned hits by rank (lo = lower id), drops those of presences not in the
// ranking (not live), and orders them by (lo, hi, loItem, hiItem): a counting sort on lo, then
// a sort of each lo's few hits.
func (sc *pairScratch) byRank(members int) []pairHit {
	const dropped = ^uint32(0)
	sc.start = slices.Grow(sc.start[:0], members+1)[:members+1]
	clear(sc.start)
	total := 0
	for _, part := range sc.parts {
		for i, h := range part {
			rl, rh := sc.rank[h.lo], sc.rank[h.hi]
			if rl < 0 || rh < 0 {
				part[i].lo = dropped
				continue
			}
			if rl > rh {
				h = pairHit{lo: h.hi, hi: h.lo, loItem: h.hiItem, hiItem: h.loItem}
				rl, rh = rh, rl
			}
			part[i] = pairHit{lo: uint32(rl), hi: uint32(rh), loItem: h.loItem, hiItem: h.hiItem}
			sc.start[rl+1]++
			total++
		}
	}
	for i := 1; i <= members; i++ {
		sc.start[i] += sc.start[i-1]
	}
	sc.sorted = slices.Grow(sc.sorted[:0], total)[:total]
	next := sc.start[:members] // advanced in place; afterwards next[lo] is where lo's run ends
	for _, part := range sc.parts {
		for _, h := range part {
			if h.lo != dropped {
				sc.sorted[next[h.lo]] = h
				next[h.lo]++
			}
		}
	}
	from := int32(0)
	for lo := 0; lo < members; lo++ {
		run := sc.sorted[from:next[lo]]
		if len(run) > 1 {
			slices.SortFunc(run, func(p, q pairHit) int { return cmp.Compare(p.rest(), q.rest()) })
		}
		from = next[lo]
	}
	return sc.sorted
}

// rest packs the order inside one lo's run into one comparable word.
func (h pairHit) rest() uint64 { return uint64(h.hi)<<32 | uint64(h.loItem)<<16 | uint64(h.hiItem) }

// appendCollisions turns ordered hits (ranks into members) into collisions of brain b. Large
// answers are built in parallel: hits are cut at pair boundaries and each part writes its own
// stretch of the output.
func (r *Registry) appendCollisions(out []Collision, b string, members []uint32, hits []pairHit) []Collision {
	parts := 1
	if len(hits) >= parallelHits {
		parts = runtime.GOMAXPROCS(0)
	}
	cuts := make([]int, parts+1)
	for w := 1; w < parts; w++ {
		c := max(len(hits)*w/parts, cuts[w-1])
		for c > 0 && c < len(hits) && samePair(hits[c-1], hits[c]) {
			c++
		}
		cuts[w] = c
	}
	cuts[parts] = len(hits)
	// firstPair[w] is where part w's collisions start.
	firstPair := make([]int, parts+1)
	for w := 0; w < parts; w++ {
		n := 0
		for i := cuts[w]; i < cuts[w+1]; i++ {
			if i == cuts[w] || !samePair(hits[i-1], hits[i]) {
				n++
			}
		}
		firstPair[w+1] = firstPair[w] + n
	}
	base := len(out)
	out = slices.Grow(out, firstPair[parts])[:base+firstPair[parts]]
	overlaps := make([]Overlap, len(hits))
	fill := func(w int) {
		k := base + firstPair[w]
		for i := cuts[w]; i < cuts[w+1]; {
			a, bb := r.slots[members[hits[i].lo]], r.slots[members[hits[i].hi]]
			j := i
			for ; j < cuts[w+1] && samePair(hits[i], hits[j]); j++ {
				overlaps[j] = Overlap{A: a.rec.WorkingSet[hits[j].loItem].Canon, B: bb.rec.WorkingSet[hits[j].hiItem].Canon,
					Heat: heatOf(&a.rec, int(hits[j].loItem), &bb.rec, int(hits[j].hiItem))}
			}
			out[k] = Collision{Brain: b, A: a.ref, B: bb.ref, Overlaps: overlaps[i:j:j], Heat: hottest(overlaps[i:j])}
			k++
			i = j
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < parts; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fill(w)
		}()
	}
	fill(0)
	wg.Wait()
	return out
}

func samePair(p, q pairHit) bool { return p.lo == q.lo && p.hi == q.hi }

// parallelHits is the answer size from which collisions are built in parallel.
var parallelHits = 20000

// parallelFrom is the roster size from which the upward scans are split across CPUs; below it
// goroutine start-up costs more than it saves.
var parallelFrom = 2000

// upwardAll runs the upward scan of every member into sc.parts, in parallel chunks for large
// rosters. The index is only read here (the caller holds mu for reading), so chunks share it safely.
func (r *Registry) upwardAll(x *brainIndex, members []uint32, sc *pairScratch) {
	workers := runtime.GOMAXPROCS(0)
	if len(members) < parallelFrom || workers < 2 {
		workers = 1
	}
	for len(sc.parts) < workers {
		sc.parts = append(sc.parts, nil)
	}
	sc.parts = sc.parts[:workers]
	chunk := (len(members) + workers - 1) / workers
	scan := func(w int) {
		hits := sc.parts[w][:0]
		for _, s := range members[min(w*chunk, len(members)):min((w+1)*chunk, len(members))] {
			e := r.slots[s]
			hits = x.upward(s, e.rec.WorkingSet, e.placed, hits)
		}
		sc.parts[w] = hits
	}
	if workers == 1 {
		scan(0)
		return
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scan(w)
		}()
	}
	scan(0)
	wg.Wait()
}
