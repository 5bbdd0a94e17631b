package domain

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/organism-dev/organism/platform/principal"
)

// takeSeqs numbers evs in order. Caller holds wmu.
func (r *Registry) takeSeqs(evs []Event, now time.Time) {
	for i := range evs {
		evs[i].Seq = r.nextSeq
		evs[i].At = now
		r.nextSeq++
	}
}

// Register creates or updates the caller's presence and returns it with its collisions, which
// are advisory: a colliding register succeeds.
// Either way it leaves a receipt: a commit receipt in the presence's brain, or a rejection
// receipt in the caller's own ledger.
func (r *Registry) Register(ctx context.Context, c principal.Principal, in RegisterInput) (Record, []Collision, error) {
	p := propose(EffectRegister, in.Brain, in.ID, c)
	rec, cols, err := r.register(ctx, c, in, p)
	if err != nil {
		return Record{}, nil, r.refused(ctx, p, err)
	}
	return rec, cols, nil
}

func (r *Registry) register(ctx context.Context, c principal.Principal, in RegisterInput, p *proposal) (Record, []Collision, error) {
	v, err := in.validate()
	if err != nil {
		return Record{}, nil, err
	}
	p.pass("input")
	brain, err := resolveBrain(c, in.Brain)
	if err != nil {
		return Record{}, nil, err
	}
	p.brain = brain
	p.pass("brain")
	if v.kind == KindHumanUI && c.Origin != principal.OriginHumanUI {
		return Record{}, nil, errKindReserved
	}
	p.pass("kind")
	unlock, err := r.lockWrites(ctx)
	if err != nil {
		return Record{}, nil, err
	}
	defer unlock()
	now := r.opts.Clock.Now().UTC()
	pl, err := r.planRegister(c, v, brain, now, p)
	if err != nil {
		return Record{}, nil, err
	}
	rec, cols, evs, evType := pl.rec, pl.cols, pl.evs, pl.evType

	r.takeSeqs(evs, now)
	rc := p.commitReceipt(brain, now, evs, map[string]string{"presence_id": rec.ID, "agent_id": rec.AgentID,
		"event": string(evType), "kind": string(rec.Kind), "intent": string(rec.Intent),
		"working_set_items": countText(len(rec.WorkingSet)), "ttl_seconds": countText(int(rec.TTL / time.Second))})
	if err := r.opts.Store.SavePresence(ctx, rec, evs, rc); err != nil {
		r.nextSeq -= int64(len(evs))
		return Record{}, nil, fmt.Errorf("save presence: %w", err)
	}
	r.applyRegister(pl)
	r.log.publish(evs)
	return rec, cols, nil
}

// registerPlan is what a register decided under the read lock, to be committed and applied.
type registerPlan struct {
	old    *entry
	rec    Record
	cols   []Collision
	evs    []Event
	ended  []string
	evType EventType
}

// planRegister decides a register under mu (read): the record, its collisions, and the events
// it writes. The lock is released by defer, so a panic here cannot leave the roster locked.
func (r *Registry) planRegister(c principal.Principal, v validated, brain string, now time.Time, p *proposal) (registerPlan, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var old *entry
	if v.id != "" {
		old = r.byID[v.id]
	} else {
		for v.id = r.opts.NewID(); r.byID[v.id] != nil; v.id = r.opts.NewID() {
		}
	}
	if old != nil {
		if old.rec.Brain != brain {
			return registerPlan{}, errForeignBrain(old.rec.Brain)
		}
		if old.rec.AgentID != c.AgentID {
			return registerPlan{}, errNotHolder(v.id)
		}
	}
	p.pass("holder")
	p.subject = v.id
	continuing := old != nil && old.liveAt(now)
	rec := Record{ID: v.id, Brain: brain, AgentID: c.AgentID, Kind: v.kind, Theme: v.theme, Intent: v.intent,
		WorkingSet: v.set, Worktree: v.worktree, StartedAt: now, UpdatedAt: now, LastBeat: now, TTL: v.ttl,
		Changes: v.changes, Base: v.base}
	if continuing {
		rec.StartedAt = old.rec.StartedAt
	}
	self := ^uint32(0)
	if old != nil {
		self = old.slot
	}
	var cols []Collision
	if rec.Intent == IntentMutate {
		cols = r.derive(rec, self, nil, now, false)
	}
	var evs []Event
	var ended []string
	evType := EventJoined
	if continuing {
		evType = EventUpdated
	} else if old != nil {
		// The old session expired unswept: report its end before the new session begins.
		evs = append(evs, Event{Type: EventExpired, Brain: brain, Presence: old.snapshot()})
		evs = append(evs, r.endAll(old, nil)...)
		for p := range r.peers[rec.ID] {
			ended = append(ended, p)
		}
	}
	evs = append(evs, Event{Type: evType, Brain: brain, Presence: rec})
	current := make(map[string]bool, len(cols))
	for i := range cols {
		current[cols[i].B.ID] = true
		if _, ok := r.announced[pairOf(rec.ID, cols[i].B.ID)]; !ok || !continuing {
			cc := cols[i]
			evs = append(evs, Event{Type: EventCollisionBegan, Brain: brain, Collision: &cc})
		}
	}
	if continuing {
		var gone []string
		for peer := range r.peers[rec.ID] {
			p := r.byID[peer]
			// A peer that expired is ended by the sweep that reports its expiry, never twice.
			if current[peer] || p == nil || !p.liveAt(now) {
				continue
			}
			gone = append(gone, peer)
		}
		sort.Strings(gone)
		for _, peer := range gone {
			ended = append(ended, peer)
			evs = append(evs, Event{Type: EventCollisionEnded, Brain: brain,
				Collision: &Collision{Brain: brain, A: rec.Ref(), B: r.byID[peer].rec.Ref()}})
		}
	}
	return registerPlan{old: old, rec: rec, cols: cols, evs: evs, ended: ended, evType: evType}, nil
}

// applyRegister puts a committed register in memory under mu, released by defer.
func (r *Registry) applyRegister(pl registerPlan) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if pl.old != nil {
		r.unindex(pl.old)
	}
	r.insert(pl.rec)
	for _, p := range pl.ended {
		r.retract(pl.rec.ID, p)
	}
	for _, col := range pl.cols {
		r.announce(pl.rec.ID, col.B.ID)
	}
}

// lookup finds id for c under mu (read) and applies the read rules.
func (r *Registry) lookup(c principal.Principal, id string) (*entry, error) {
	if !ValidID(id) {
		return nil, invalid(violation("presence_id", "must be prs_ followed by 12 lowercase hex digits"))
	}
	e := r.byID[id]
	if e == nil {
		return nil, errNotFound(id)
	}
	if !mayRead(c, e.rec.Brain) {
		return nil, errForeignBrain(e.rec.Brain)
	}
	return e, nil
}

// Beat refreshes last_beat. It is the hot path: no database write, no event, no exclusive lock
// and no allocation; the new value reaches the database with the next FlushBeats.
func (r *Registry) Beat(c principal.Principal, id string) (Record, error) {
	if r.opts.Shared != nil && !r.knows(id) {
		r.followOnMiss()
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, err := r.lookup(c, id)
	if err != nil {
		return Record{}, err
	}
	if e.rec.AgentID != c.AgentID {
		return Record{}, errNotHolder(id)
	}
	now := r.opts.Clock.Now()
	if !e.liveAt(now) {
		return Record{}, errExpired(id)
	}
	ns := now.UnixNano()
	for {
		cur := e.lastBeat.Load()
		if ns <= cur || e.lastBeat.CompareAndSwap(cur, ns) {
			break
		}
	}
	// Stores only when the flag changes, so steady beats leave the shared cache line alone.
	if e.missed.Load() {
		e.missed.Store(false)
	}
	if !e.dirty.Load() {
		e.dirty.Store(true)
	}
	return e.snapshot(), nil
}

// knows reports whether id is in memory.
func (r *Registry) knows(id string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.byID[id] != nil
}

// FlushBeats writes the beats received since the last flush in one transaction.
func (r *Registry) FlushBeats(ctx context.Context) error {
	flushed, beats := r.dirtyBeats()
	if len(beats) == 0 {
		return nil
	}
	if err := r.opts.Store.SaveBeats(ctx, beats); err != nil {
		// The next flush retries them (with whatever newer beat has arrived since).
		for _, e := range flushed {
			e.dirty.Store(true)
		}
		return fmt.Errorf("save beats: %w", err)
	}
	return nil
}

// dirtyBeats collects and clears the beats not yet written, under mu (read).
func (r *Registry) dirtyBeats() (flushed []*entry, beats []Beat) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, e := range r.slots {
		// Clear before reading lastBeat: a beat landing after the read sets the flag again.
		if e != nil && e.dirty.Load() && e.dirty.Swap(false) {
			flushed = append(flushed, e)
			beats = append(beats, Beat{ID: e.rec.ID, LastBeat: time.Unix(0, e.lastBeat.Load()).UTC()})
		}
	}
	return flushed, beats
}

// Leave ends a presence at once. Its holder may leave it, and so may the owner. Either way it
// leaves a receipt, as Register does.
func (r *Registry) Leave(ctx context.Context, c principal.Principal, id string) (Record, error) {
	p := propose(EffectLeave, "", id, c)
	rec, err := r.leave(ctx, c, id, p)
	if err != nil {
		return Record{}, r.refused(ctx, p, err)
	}
	return rec, nil
}

func (r *Registry) leave(ctx context.Context, c principal.Principal, id string, p *proposal) (Record, error) {
	unlock, err := r.lockWrites(ctx)
	if err != nil {
		return Record{}, err
	}
	defer unlock()
	now := r.opts.Clock.Now().UTC()
	e, rec, evs, err := r.planLeave(c, id, now, p)
	if err != nil {
		return Record{}, err
	}
	receipt := func(evs []Event) *Receipt {
		return p.commitReceipt(rec.Brain, now, evs, map[string]string{"presence_id": rec.ID, "agent_id": rec.AgentID,
			"event": string(EventLeft), "kind": string(rec.Kind)})
	}
	if err := r.commitRemoval(ctx, []*entry{e}, evs, now, receipt); err != nil {
		return Record{}, err
	}
	return rec, nil
}

// planLeave checks a leave and makes its events under mu (read), released by defer.
func (r *Registry) planLeave(c principal.Principal, id string, now time.Time, p *proposal) (*entry, Record, []Event, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, err := r.lookup(c, id)
	if err != nil {
		return nil, Record{}, nil, err
	}
	// Only now is the brain one the caller may know of.
	p.brain = e.rec.Brain
	p.pass("brain")
	if e.rec.AgentID != c.AgentID && !c.Owner() {
		return nil, Record{}, nil, errNotHolder(id)
	}
	p.pass("holder")
	if !e.liveAt(now) {
		return nil, Record{}, nil, errExpired(id)
	}
	p.pass("live")
	rec := e.snapshot()
	evs := append([]Event{{Type: EventLeft, Brain: rec.Brain, Presence: rec}}, r.endAll(e, nil)...)
	return e, rec, evs, nil
}

// endAll returns collision-ended events for every announced pair of e whose peer is not in
// skip. Caller holds mu (read).
func (r *Registry) endAll(e *entry, skip map[string]bool) []Event {
	peers := make([]string, 0, len(r.peers[e.rec.ID]))
	for p := range r.peers[e.rec.ID] {
		if !skip[p] {
			peers = append(peers, p)
		}
	}
	sort.Strings(peers)
	var evs []Event
	for _, p := range peers {
		pe := r.byID[p]
		if pe == nil {
			continue
		}
		evs = append(evs, Event{Type: EventCollisionEnded, Brain: e.rec.Brain,
			Collision: &Collision{Brain: e.rec.Brain, A: e.rec.Ref(), B: pe.rec.Ref()}})
	}
	return evs
}

// commitRemoval deletes gone from the database and memory with evs and, when receipt is not
// nil, the receipt it makes of the numbered events. Caller holds wmu.
func (r *Registry) commitRemoval(ctx context.Context, gone []*entry, evs []Event, now time.Time, receipt func([]Event) *Receipt) error {
	r.takeSeqs(evs, now)
	ids := make([]string, len(gone))
	for i, e := range gone {
		ids[i] = e.rec.ID
	}
	var rc *Receipt
	if receipt != nil {
		rc = receipt(evs)
	}
	if err := r.opts.Store.DeletePresences(ctx, ids, evs, rc); err != nil {
		r.nextSeq -= int64(len(evs))
		return fmt.Errorf("delete presences: %w", err)
	}
	r.forget(gone)
	r.log.publish(evs)
	return nil
}

// forget takes removed presences and their announced pairs out of memory under mu, released
// by defer.
func (r *Registry) forget(gone []*entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range gone {
		for p := range r.peers[e.rec.ID] {
			r.retract(e.rec.ID, p)
		}
		if r.byID[e.rec.ID] == e {
			r.unindex(e)
		}
	}
}

// Sweep is the gc: it reports presences that have gone half their TTL without a beat
// (beat-missed, once per silence), and deletes expired ones with their expired and
// collision-ended events. It returns the presences it deleted.
func (r *Registry) Sweep(ctx context.Context) ([]Record, error) {
	unlock, err := r.lockWrites(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if r.opts.Shared != nil {
		// Judge expiry by the beats every replica flushed, not only those received here.
		if err := r.refreshBeats(ctx); err != nil {
			return nil, err
		}
	}
	now := r.opts.Clock.Now().UTC()
	ns := now.UnixNano()

	gone, missed := r.markExpired(ns)
	sort.Slice(gone, func(i, j int) bool { return gone[i].rec.ID < gone[j].rec.ID })
	sort.Slice(missed, func(i, j int) bool { return missed[i].rec.ID < missed[j].rec.ID })
	evs, out := r.sweepEvents(gone, missed)
	if len(evs) == 0 {
		return nil, nil
	}
	if len(gone) == 0 {
		r.takeSeqs(evs, now)
		err := r.opts.Store.DeletePresences(ctx, nil, evs, nil)
		if err == nil {
			r.log.publish(evs)
			return out, nil
		}
		r.nextSeq -= int64(len(evs))
		err = fmt.Errorf("append events: %w", err)
		for _, e := range missed {
			e.missed.Store(false)
		}
		return nil, err
	}
	if err := r.commitRemoval(ctx, gone, evs, now, nil); err != nil {
		for _, e := range missed {
			e.missed.Store(false)
		}
		return nil, err
	}
	return out, nil
}

// markExpired finds, under mu (released by defer), the presences expired at ns (marking them
// dying) and those silent for half their TTL not yet reported.
func (r *Registry) markExpired(ns int64) (gone, missed []*entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.byID {
		switch {
		case e.dying.Load() || ns >= e.expiresAt():
			e.dying.Store(true)
			r.liveUntil.Store(math.MinInt64)
			gone = append(gone, e)
		case !e.missed.Load() && ns >= e.lastBeat.Load()+int64(e.rec.TTL/2):
			// Set now, under the lock beats respect, so a beat arriving after this sweep
			// re-arms the report for the next silence.
			e.missed.Store(true)
			missed = append(missed, e)
		}
	}
	return gone, missed
}

// sweepEvents makes a sweep's events under mu (read), released by defer, and the records of
// the presences it removes.
func (r *Registry) sweepEvents(gone, missed []*entry) ([]Event, []Record) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var evs []Event
	for _, e := range missed {
		evs = append(evs, Event{Type: EventBeatMissed, Brain: e.rec.Brain, Presence: e.snapshot()})
	}
	done := make(map[string]bool, len(gone))
	out := make([]Record, 0, len(gone))
	for _, e := range gone {
		rec := e.snapshot()
		out = append(out, rec)
		evs = append(evs, Event{Type: EventExpired, Brain: rec.Brain, Presence: rec})
		evs = append(evs, r.endAll(e, done)...)
		done[rec.ID] = true
	}
	return evs, out
}

// PruneEvents drops events past the retention window, keeping at least KeepEvents.
func (r *Registry) PruneEvents(ctx context.Context) error {
	unlock, err := r.lockWrites(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	first, err := r.opts.Store.PruneEvents(ctx, r.opts.Clock.Now().Add(-r.opts.EventRetention), r.opts.KeepEvents)
	if err != nil {
		return fmt.Errorf("prune events: %w", err)
	}
	r.log.pruned(first)
	return nil
}
