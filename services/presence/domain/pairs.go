package domain

import (
	"cmp"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/organism-dev/organism/platform/principal"
)

// Collision pages. Deriving every pair of a large roster costs milliseconds, and a reader pages
// through it in many calls; so the pairs of a brain are derived once per change of its roster
// (every mutating presence, live or not, ordered by (a, b)) and each page is cut from that set,
// judging liveness at the time of the page. A register, leave or sweep in a brain drops its set;
// beats never do, since they change only liveness, which no set stores.

// Collision page sizes.
const (
	DefaultCollisionPage = 500
	MaxCollisionPage     = 1000
)

// PairCursor is where a collision page ends: the last pair it held. The zero cursor is the start.
type PairCursor struct{ A, B string }

// IsZero reports whether c is the start (or, as a page's Next, the end).
func (c PairCursor) IsZero() bool { return c == PairCursor{} }

func (c PairCursor) before(a, b string) bool { return c.A < a || (c.A == a && c.B < b) }

// CollisionQuery asks for one page of colliding pairs.
type CollisionQuery struct {
	// Brain filters as in List; ID asks for one presence's pairs (it is A in each).
	Brain, ID string
	// After is the previous page's Next; zero starts at the beginning.
	After PairCursor
	// Limit is the page size: zero means DefaultCollisionPage; at most MaxCollisionPage.
	Limit int
}

// CollisionPage is one page of pairs ordered by (A, B); Next is zero when the page reached the end.
type CollisionPage struct {
	Collisions []Collision
	Next       PairCursor
	// Set is the pair set the page was cut from and Positions where each of its pairs sits in
	// it, so a reader that keeps something per pair (transport keeps each pair's wire encoding)
	// can index it by position for as long as the set stands. A register, leave or sweep in the
	// brain replaces the set. Set is nil for one presence's pairs, which are derived per call.
	Set       *PairSet
	Positions []int32
}

// PairSet is the derived pairs of one brain (or of every brain, merged), ordered by (a, b),
// with the entries behind each pair so a page can judge their liveness. It never changes once
// built.
type PairSet struct {
	cols []Collision
	ents [][2]*entry
}

// Len is how many pairs the set holds, live or not.
func (s *PairSet) Len() int { return len(s.cols) }

// pairCache holds the pair sets; "" keys the merge of every brain. Its own lock is taken inside
// mu: sets are built under mu read and dropped under mu write, so no set outlives a change.
type pairCache struct {
	mu   sync.Mutex
	sets map[string]*PairSet
}

// drop forgets brain's set and the merged one. Caller holds Registry.mu (write).
func (pc *pairCache) drop(brain string) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	delete(pc.sets, brain)
	delete(pc.sets, "")
}

// clear forgets every set (a replica that reloaded its roster). Caller holds Registry.mu (write).
func (pc *pairCache) clear() {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	clear(pc.sets)
}

func (pc *pairCache) get(key string) *PairSet {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	return pc.sets[key]
}

func (pc *pairCache) put(key string, s *PairSet) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.sets == nil {
		pc.sets = make(map[string]*PairSet)
	}
	pc.sets[key] = s
}

// pairsOf returns the pair set of brain ("" for every brain), deriving it when the roster has
// changed since it was last asked. Caller holds mu (read).
func (r *Registry) pairsOf(brain string) *PairSet {
	if brain != "" && r.brains[brain] == nil {
		return &PairSet{} // nothing to derive, and nothing kept for a brain nobody is in
	}
	if s := r.pairs.get(brain); s != nil {
		return s
	}
	var s *PairSet
	if brain != "" {
		cols := r.allCollisions(brain, time.Time{})
		s = &PairSet{cols: cols, ents: make([][2]*entry, len(cols))}
		for i, c := range cols {
			s.ents[i] = [2]*entry{r.byID[c.A.ID], r.byID[c.B.ID]}
		}
	} else {
		s = r.mergedPairs()
	}
	r.pairs.put(brain, s)
	return s
}

// mergedPairs orders every brain's pairs by (a, b) alone: ids are unique across brains.
func (r *Registry) mergedPairs() *PairSet {
	brains := make([]string, 0, len(r.brains))
	total := 0
	for b := range r.brains {
		brains = append(brains, b)
	}
	slices.Sort(brains)
	parts := make([]*PairSet, len(brains))
	for i, b := range brains {
		parts[i] = r.pairsOf(b)
		total += len(parts[i].cols)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	s := &PairSet{cols: make([]Collision, 0, total), ents: make([][2]*entry, 0, total)}
	for _, p := range parts {
		s.cols = append(s.cols, p.cols...)
		s.ents = append(s.ents, p.ents...)
	}
	sort.Sort(byPair{s})
	return s
}

type byPair struct{ *PairSet }

func (p byPair) Len() int { return len(p.cols) }
func (p byPair) Less(i, j int) bool {
	a, b := p.cols[i], p.cols[j]
	if c := cmp.Compare(a.A.ID, b.A.ID); c != 0 {
		return c < 0
	}
	return a.B.ID < b.B.ID
}
func (p byPair) Swap(i, j int) {
	p.cols[i], p.cols[j] = p.cols[j], p.cols[i]
	p.ents[i], p.ents[j] = p.ents[j], p.ents[i]
}

// Collisions answers one page of the colliding pairs the caller may see: one presence's
// (oriented with it as A, ordered by B) when q.ID is set, else every pair of the brain filter
// (A's id below B's), ordered by (A, B). Pages are cut by position, not by a snapshot: a pair
// that exists from the first page to the last is returned exactly once.
func (r *Registry) Collisions(c principal.Principal, q CollisionQuery) (CollisionPage, error) {
	switch {
	case q.Limit < 0 || q.Limit > MaxCollisionPage:
		return CollisionPage{}, invalid(violation("page_size", "must be between 0 and %d", MaxCollisionPage))
	case q.Limit == 0:
		q.Limit = DefaultCollisionPage
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	now := r.opts.Clock.Now()
	if q.ID != "" {
		e, err := r.lookup(c, q.ID)
		if err != nil {
			return CollisionPage{}, err
		}
		if !q.After.IsZero() && q.After.A != q.ID {
			return CollisionPage{}, invalid(violation("page_token", "was issued for another presence_id"))
		}
		if !e.liveAt(now) {
			return CollisionPage{}, errExpired(q.ID)
		}
		cols := r.collisionsOf(e, now)
		from := sort.Search(len(cols), func(i int) bool { return q.After.before(q.ID, cols[i].B.ID) })
		return pageOf(cols[from:], q.Limit), nil
	}
	if !q.After.IsZero() && q.After.A >= q.After.B {
		return CollisionPage{}, invalid(violation("page_token", "is not a token this service issued"))
	}
	brain, err := readBrain(c, q.Brain)
	if err != nil {
		return CollisionPage{}, err
	}
	s := r.pairsOf(brain)
	i := sort.Search(len(s.cols), func(i int) bool { return q.After.before(s.cols[i].A.ID, s.cols[i].B.ID) })
	page := CollisionPage{Set: s}
	allLive := r.allLiveAt(now)
	for ; i < len(s.cols); i++ {
		if !allLive && (!s.ents[i][0].liveAt(now) || !s.ents[i][1].liveAt(now)) {
			continue
		}
		if len(page.Collisions) == q.Limit {
			last := page.Collisions[q.Limit-1]
			page.Next = PairCursor{A: last.A.ID, B: last.B.ID}
			break
		}
		if page.Collisions == nil {
			n := min(q.Limit, len(s.cols)-i)
			page.Collisions, page.Positions = make([]Collision, 0, n), make([]int32, 0, n)
		}
		page.Collisions = append(page.Collisions, s.cols[i])
		page.Positions = append(page.Positions, int32(i))
	}
	return page, nil
}

// pageOf cuts the first limit pairs of cols (all live, ordered) into a page.
func pageOf(cols []Collision, limit int) CollisionPage {
	if len(cols) <= limit {
		return CollisionPage{Collisions: cols}
	}
	last := cols[limit-1]
	return CollisionPage{Collisions: cols[:limit], Next: PairCursor{A: last.A.ID, B: last.B.ID}}
}

// CollisionsOf derives one live presence's collisions whole (oriented with it as A), as a
// beat that asks for them embeds them.
func (r *Registry) CollisionsOf(c principal.Principal, id string) ([]Collision, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, err := r.lookup(c, id)
	if err != nil {
		return nil, err
	}
	now := r.opts.Clock.Now()
	if !e.liveAt(now) {
		return nil, errExpired(id)
	}
	return r.collisionsOf(e, now), nil
}
