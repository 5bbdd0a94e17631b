package domain

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/organism-dev/organism/platform/idgen"
)

// Options configure a Registry.
type Options struct {
	Store Store
	// Shared, when set, is the same store seen as shared by other replicas (see SharedStore);
	// nil means this process owns the roster (SQLite).
	Shared SharedStore
	Clock  Clock
	Logger *slog.Logger
	// NewID returns a fresh presence id; default prs_ + 12 random hex digits.
	NewID func() string
	// TailEvents is how many recent events stay in memory for watchers; default 4096.
	TailEvents int
	// EventRetention and KeepEvents bound the durable log; defaults 24h and 10,000.
	EventRetention time.Duration
	KeepEvents     int
	// RefusalWindow is how long identical refusals of one caller coalesce into one rejection
	// receipt with a count; default DefaultRefusalWindow.
	RefusalWindow time.Duration
}

// entry is one presence held in memory. Beats touch only its atomics (lastBeat, missed,
// dirty) under the read lock: no exclusive lock, no allocation, no wait on a database write.
type entry struct {
	rec      Record
	ref      *Ref
	slot     uint32
	placed   []*node
	lastBeat atomic.Int64
	missed   atomic.Bool
	// dying is set by a sweep that found the presence expired, before it commits the delete.
	dying atomic.Bool
	// dirty says lastBeat has moved since it was last written; FlushBeats collects and clears it.
	dirty atomic.Bool
}

func (e *entry) snapshot() Record {
	r := e.rec
	r.LastBeat = time.Unix(0, e.lastBeat.Load()).UTC()
	return r
}

func (e *entry) expiresAt() int64 { return e.lastBeat.Load() + int64(e.rec.TTL) }

func (e *entry) liveAt(now time.Time) bool {
	return !e.dying.Load() && now.UnixNano() < e.expiresAt()
}

type pairKey struct{ a, b string }

func pairOf(x, y string) pairKey {
	if x > y {
		x, y = y, x
	}
	return pairKey{x, y}
}

// Registry is the live roster of every brain.
type Registry struct {
	opts Options
	log  *eventLog

	// wmu serializes writers (register, leave, sweep) including their database writes and
	// sequence numbers; mu guards the in-memory state and is held only briefly.
	wmu     sync.Mutex
	nextSeq int64

	mu     sync.RWMutex
	byID   map[string]*entry
	slots  []*entry
	free   []uint32
	brains map[string]*brainIndex
	// announced holds the colliding pairs the event log has reported as begun and not yet ended.
	announced map[pairKey]struct{}
	peers     map[string]map[string]struct{}
	// pairs caches each brain's derived pairs between roster changes, for collision pages.
	pairs pairCache
	// liveUntil is a time (unix ns) before which every presence in memory is live: no entry
	// expires earlier (beats only push expiries later) and none is dying. A collision page
	// read before it skips the liveness check of each pair. See allLiveAt.
	liveUntil atomic.Int64

	// lmu serializes refusal records, so that coalescing finds the receipt a concurrent
	// identical refusal just wrote.
	lmu sync.Mutex

	stopOnce sync.Once
	stopping chan struct{}
}

// Stop tells watchers the service is going away, so their streams end instead of holding a
// graceful shutdown open. Safe to call more than once.
func (r *Registry) Stop() { r.stopOnce.Do(func() { close(r.stopping) }) }

// Stopping closes when Stop is called.
func (r *Registry) Stopping() <-chan struct{} { return r.stopping }

// Open loads the stored roster and returns a ready registry.
func Open(ctx context.Context, opts Options) (*Registry, error) {
	if opts.Store == nil || opts.Clock == nil {
		return nil, errors.New("presence registry needs a store and a clock")
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.NewID == nil {
		opts.NewID = RandomID
	}
	if opts.TailEvents <= 0 {
		opts.TailEvents = 4096
	}
	if opts.EventRetention <= 0 {
		opts.EventRetention = 24 * time.Hour
	}
	if opts.KeepEvents <= 0 {
		opts.KeepEvents = 10000
	}
	if opts.RefusalWindow <= 0 {
		opts.RefusalWindow = DefaultRefusalWindow
	}
	recs, err := opts.Store.LoadPresences(ctx)
	if err != nil {
		return nil, fmt.Errorf("load presences: %w", err)
	}
	first, newest, err := opts.Store.Head(ctx)
	if err != nil {
		return nil, fmt.Errorf("load event log head: %w", err)
	}
	r := &Registry{
		opts:      opts,
		log:       newEventLog(opts.TailEvents, first, newest),
		nextSeq:   newest + 1,
		byID:      make(map[string]*entry, len(recs)),
		brains:    make(map[string]*brainIndex),
		announced: make(map[pairKey]struct{}),
		peers:     make(map[string]map[string]struct{}),
		stopping:  make(chan struct{}),
	}
	for _, rec := range recs {
		r.insert(rec)
	}
	r.restoreAnnounced()
	return r, nil
}

// restoreAnnounced rebuilds which pairs were reported as colliding before a restart: every
// overlapping pair whose members were both live when the later of them registered. The next
// sweep ends the pairs whose members expired while the service was down.
func (r *Registry) restoreAnnounced() {
	for _, e := range r.byID {
		if e.rec.Intent != IntentMutate {
			continue
		}
		for _, c := range r.collisionsOf(e, time.Time{}) {
			other := r.byID[c.B.ID]
			earlier, later := e, other
			if later.rec.UpdatedAt.Before(earlier.rec.UpdatedAt) {
				earlier, later = later, earlier
			}
			if later.rec.UpdatedAt.UnixNano() < earlier.expiresAt() {
				r.announce(e.rec.ID, other.rec.ID)
			}
		}
	}
}

// RandomID returns prs_ + 12 random lowercase hex digits.
func RandomID() string { return idgen.Hex("prs_", 6) }

// insert puts rec in memory and, when it mutates, in its brain's index. Caller holds mu (or is Open).
func (r *Registry) insert(rec Record) *entry {
	e := &entry{rec: rec, ref: rec.Ref()}
	e.lastBeat.Store(rec.LastBeat.UnixNano())
	if exp := e.expiresAt(); exp < r.liveUntil.Load() {
		r.liveUntil.Store(exp)
	}
	if n := len(r.free); n > 0 {
		e.slot = r.free[n-1]
		r.free = r.free[:n-1]
		r.slots[e.slot] = e
	} else {
		e.slot = uint32(len(r.slots))
		r.slots = append(r.slots, e)
	}
	r.byID[rec.ID] = e
	if rec.Intent == IntentMutate {
		x := r.brains[rec.Brain]
		if x == nil {
			x = newBrainIndex()
			r.brains[rec.Brain] = x
		}
		e.placed = x.add(e.slot, rec.WorkingSet)
		r.pairs.drop(rec.Brain)
	}
	return e
}

// unindex takes e out of memory and the index. Caller holds mu.
func (r *Registry) unindex(e *entry) {
	if e.rec.Intent == IntentMutate {
		// A brain whose mutating sessions index nothing (empty working sets) loses its index
		// when the first of them goes; the others then have nothing left to take out.
		if x := r.brains[e.rec.Brain]; x != nil {
			x.remove(e.slot, e.rec.WorkingSet, e.placed)
			if x.empty() {
				delete(r.brains, e.rec.Brain)
			}
		}
		r.pairs.drop(e.rec.Brain)
	}
	delete(r.byID, e.rec.ID)
	r.slots[e.slot] = nil
	r.free = append(r.free, e.slot)
}

func (r *Registry) announce(a, b string) {
	r.announced[pairOf(a, b)] = struct{}{}
	for _, p := range [][2]string{{a, b}, {b, a}} {
		m := r.peers[p[0]]
		if m == nil {
			m = make(map[string]struct{})
			r.peers[p[0]] = m
		}
		m[p[1]] = struct{}{}
	}
}

func (r *Registry) retract(a, b string) {
	delete(r.announced, pairOf(a, b))
	for _, p := range [][2]string{{a, b}, {b, a}} {
		if m := r.peers[p[0]]; m != nil {
			delete(m, p[1])
			if len(m) == 0 {
				delete(r.peers, p[0])
			}
		}
	}
}

// collisionsOf derives e's collisions with peers live at now (a zero now ignores liveness),
// oriented with e as A and sorted by peer id. Caller holds mu (read).
func (r *Registry) collisionsOf(e *entry, now time.Time) []Collision {
	if e.rec.Intent != IntentMutate {
		return nil
	}
	return r.derive(e.rec, e.slot, e.placed, now, false)
}

// derive finds the live peers whose items overlap rec's. With onlyHigher, only peers in higher
// slots are reported, so a scan over every presence yields each pair once.
func (r *Registry) derive(rec Record, self uint32, placed []*node, now time.Time, onlyHigher bool) []Collision {
	x := r.brains[rec.Brain]
	if x == nil {
		return nil
	}
	hits := x.query(rec.WorkingSet, placed, nil)
	kept := hits[:0]
	for _, h := range hits {
		if h.h.slot == self || (onlyHigher && h.h.slot < self) {
			continue
		}
		other := r.slots[h.h.slot]
		if !now.IsZero() && !other.liveAt(now) {
			continue
		}
		kept = append(kept, h)
	}
	if len(kept) == 0 {
		return nil
	}
	slices.SortFunc(kept, func(a, b hit) int {
		if c := cmp.Compare(a.h.slot, b.h.slot); c != 0 {
			return c
		}
		if c := cmp.Compare(a.mine, b.mine); c != 0 {
			return c
		}
		return cmp.Compare(a.h.item, b.h.item)
	})
	var out []Collision
	mine := rec.Ref()
	for i := 0; i < len(kept); {
		other := r.slots[kept[i].h.slot]
		c := Collision{Brain: rec.Brain, A: mine, B: other.ref}
		for ; i < len(kept) && kept[i].h.slot == other.slot; i++ {
			c.Overlaps = append(c.Overlaps, Overlap{
				A:    rec.WorkingSet[kept[i].mine].Canon,
				B:    other.rec.WorkingSet[kept[i].h.item].Canon,
				Heat: heatOf(&rec, int(kept[i].mine), &other.rec, int(kept[i].h.item)),
			})
		}
		c.Heat = hottest(c.Overlaps)
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Collision) int { return cmp.Compare(a.B.ID, b.B.ID) })
	return out
}

// allLiveAt reports whether every presence in memory is live at now, refreshing the bound from
// the entries when it has passed (a sweep that finds someone expired pulls it back to the past
// until their removal commits). Caller holds mu (read): no insert can lower the bound meanwhile,
// and a concurrent refresh stores a bound as true as this one.
func (r *Registry) allLiveAt(now time.Time) bool {
	ns := now.UnixNano()
	if ns < r.liveUntil.Load() {
		return true
	}
	bound := int64(math.MaxInt64)
	for _, e := range r.byID {
		if e.dying.Load() {
			bound = math.MinInt64
			break
		}
		bound = min(bound, e.expiresAt())
	}
	r.liveUntil.Store(bound)
	return ns < bound
}
