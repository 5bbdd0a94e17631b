package domain

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Replicas. With a SharedStore the roster of record is the database: every replica writes
// its registers, leaves and sweeps there under the writers' lock, as numbered events, and keeps
// its memory (the index collisions are derived from, the announced pairs, the watch tail) by
// applying the events the others wrote, in seq order. A write catches up under the lock before
// it decides, so its collisions and its seqs account for every earlier write on any replica;
// readers and watchers catch up on the follow loop (Service.FollowInterval), and beats other
// replicas received arrive through their flushes (Beats).

// followBatch is how many events one catch-up read asks for.
const followBatch = 512

// lockWrites serializes a write: in this process (wmu) and, with a shared store, across
// replicas, after which memory is brought up to the log's head. The returned func releases both.
// Until the locks are handed over, a failure or a panic (in the shared lock or the catch-up)
// releases what was taken by defer, so no writer is left waiting on a lock nobody holds.
func (r *Registry) lockWrites(ctx context.Context) (unlock func(), err error) {
	r.wmu.Lock()
	handed := false
	defer func() {
		if !handed {
			r.wmu.Unlock()
		}
	}()
	if r.opts.Shared == nil {
		handed = true
		return r.wmu.Unlock, nil
	}
	release, err := r.opts.Shared.LockWriters(ctx)
	if err != nil {
		return nil, fmt.Errorf("lock writers: %w", err)
	}
	defer func() {
		if !handed {
			release()
		}
	}()
	if err := r.catchUp(ctx); err != nil {
		return nil, err
	}
	handed = true
	return func() {
		defer r.wmu.Unlock()
		release()
	}, nil
}

// Follow applies what other replicas wrote since the last catch-up, and their flushed beats.
// A no-op without a shared store. The service runs it every FollowInterval.
func (r *Registry) Follow(ctx context.Context) error {
	if r.opts.Shared == nil {
		return nil
	}
	if err := r.catchUpLocked(ctx); err != nil {
		return err
	}
	return r.refreshBeats(ctx)
}

// catchUpLocked is catchUp under wmu, released by defer.
func (r *Registry) catchUpLocked(ctx context.Context) error {
	r.wmu.Lock()
	defer r.wmu.Unlock()
	return r.catchUp(ctx)
}

// catchUp applies the logged events after nextSeq-1, in order, and publishes them to this
// replica's watchers. Writers commit in seq order under the writers' lock, so the committed
// log has no holes: a hole at the start means the events were pruned while this replica was
// behind, and it reloads the roster whole. Caller holds wmu.
func (r *Registry) catchUp(ctx context.Context) error {
	for {
		evs, err := r.opts.Store.EventsAfter(ctx, r.nextSeq-1, math.MaxInt64, "", followBatch)
		if err != nil {
			return fmt.Errorf("follow the log: %w", err)
		}
		if len(evs) == 0 {
			return nil
		}
		if evs[0].Seq != r.nextSeq {
			return r.reload(ctx)
		}
		n := 1
		for n < len(evs) && evs[n].Seq == evs[n-1].Seq+1 {
			n++
		}
		evs = evs[:n]
		r.applyAllLogged(evs)
		r.nextSeq = evs[n-1].Seq + 1
		r.log.publish(evs)
		if n < followBatch {
			return nil
		}
	}
}

// applyAllLogged applies evs under mu, released by defer.
func (r *Registry) applyAllLogged(evs []Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range evs {
		r.applyLogged(e)
	}
}

// applyLogged brings memory in line with one event another replica wrote. Caller holds mu.
func (r *Registry) applyLogged(e Event) {
	switch e.Type {
	case EventJoined, EventUpdated:
		if old := r.byID[e.Presence.ID]; old != nil {
			r.unindex(old)
		}
		r.insert(e.Presence)
	case EventLeft, EventExpired:
		if old := r.byID[e.Presence.ID]; old != nil {
			for p := range r.peers[old.rec.ID] {
				r.retract(old.rec.ID, p)
			}
			r.unindex(old)
		}
	case EventCollisionBegan:
		r.announce(e.Collision.A.ID, e.Collision.B.ID)
	case EventCollisionEnded:
		r.retract(e.Collision.A.ID, e.Collision.B.ID)
	case EventBeatMissed:
		if x := r.byID[e.Presence.ID]; x != nil {
			x.missed.Store(true)
		}
	}
}

// reload replaces memory with the stored roster, for a replica that fell behind the log's
// retention. Watchers of this replica resume from the new head (older cursors are expired).
// Caller holds wmu.
func (r *Registry) reload(ctx context.Context) error {
	recs, err := r.opts.Store.LoadPresences(ctx)
	if err != nil {
		return fmt.Errorf("reload presences: %w", err)
	}
	first, newest, err := r.opts.Store.Head(ctx)
	if err != nil {
		return fmt.Errorf("reload event log head: %w", err)
	}
	r.replaceRoster(recs)
	r.nextSeq = newest + 1
	r.log.reset(first, newest)
	return nil
}

// replaceRoster rebuilds memory from recs under mu, released by defer.
func (r *Registry) replaceRoster(recs []Record) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byID = make(map[string]*entry, len(recs))
	r.slots, r.free = nil, nil
	r.brains = make(map[string]*brainIndex)
	r.announced = make(map[pairKey]struct{})
	r.peers = make(map[string]map[string]struct{})
	r.pairs.clear()
	r.liveUntil.Store(math.MinInt64)
	for _, rec := range recs {
		r.insert(rec)
	}
	r.restoreAnnounced()
}

// refreshBeats moves each presence's last_beat up to what the store holds: beats another
// replica received and flushed. A beat that arrives re-arms the missed-beat report, as a beat
// received here does.
func (r *Registry) refreshBeats(ctx context.Context) error {
	beats, err := r.opts.Shared.Beats(ctx)
	if err != nil {
		return fmt.Errorf("refresh beats: %w", err)
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, b := range beats {
		e := r.byID[b.ID]
		if e == nil {
			continue
		}
		ns := b.LastBeat.UnixNano()
		for {
			cur := e.lastBeat.Load()
			if ns <= cur {
				break
			}
			if e.lastBeat.CompareAndSwap(cur, ns) {
				if e.missed.Load() {
					e.missed.Store(false)
				}
				break
			}
		}
	}
	return nil
}

// followOnMiss catches up once when a presence this replica does not know is asked for: it may
// have registered on another replica a moment ago. Bounded, since a beat waits on it.
func (r *Registry) followOnMiss() {
	if r.opts.Shared == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.Follow(ctx); err != nil && ctx.Err() == nil {
		r.opts.Logger.Error("presence follow on a miss failed", "err", err)
	}
}
