package domain

import (
	"context"
	"sort"
	"strings"

	"github.com/organism-dev/organism/platform/principal"
)

// Row is one live presence with its collisions, as the roster shows it.
type Row struct {
	Presence   Record
	Collisions []Collision
}

// Get returns one live presence and its collisions.
func (r *Registry) Get(c principal.Principal, id string) (Row, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, err := r.lookup(c, id)
	if err != nil {
		return Row{}, err
	}
	now := r.opts.Clock.Now()
	if !e.liveAt(now) {
		return Row{}, errExpired(id)
	}
	return Row{Presence: e.snapshot(), Collisions: r.collisionsOf(e, now)}, nil
}

// ListFilter narrows a roster read.
type ListFilter struct {
	// Brain: an agent sees only its own (empty means its own); the owner any, empty meaning all.
	Brain   string
	Kind    string
	AgentID string
	// After is the page token: the last presence id of the previous page.
	After string
	Limit int
}

// List returns the live presences the caller may see, by id, with their collisions. Liveness
// is computed here: a presence past last_beat + ttl is absent whether or not a sweep ran.
// cursor is the event log head at the time of the read, so a watcher can continue from it.
func (r *Registry) List(c principal.Principal, f ListFilter) (rows []Row, next string, cursor int64, err error) {
	brain, err := readBrain(c, f.Brain)
	if err != nil {
		return nil, "", 0, err
	}
	if f.Limit <= 0 {
		f.Limit = 500
	}
	// The head is read before the roster so no event after the snapshot can be missed.
	cursor = r.log.head()
	r.mu.RLock()
	defer r.mu.RUnlock()
	now := r.opts.Clock.Now()
	live := make([]*entry, 0, len(r.byID))
	for _, e := range r.byID {
		if (brain != "" && e.rec.Brain != brain) || !e.liveAt(now) ||
			(f.Kind != "" && string(e.rec.Kind) != f.Kind) ||
			(f.AgentID != "" && e.rec.AgentID != f.AgentID) ||
			(f.After != "" && e.rec.ID <= f.After) {
			continue
		}
		live = append(live, e)
	}
	sort.Slice(live, func(i, j int) bool { return live[i].rec.ID < live[j].rec.ID })
	if len(live) > f.Limit {
		live = live[:f.Limit]
		next = live[len(live)-1].rec.ID
	}
	rows = make([]Row, len(live))
	for i, e := range live {
		rows[i] = Row{Presence: e.snapshot(), Collisions: r.collisionsOf(e, now)}
	}
	return rows, next, cursor, nil
}

// Events reads the log after cursor for the caller (an agent sees only its brain).
func (r *Registry) Events(ctx context.Context, c principal.Principal, brain string, after int64, limit int) (EventPage, error) {
	b, err := readBrain(c, brain)
	if err != nil {
		return EventPage{}, err
	}
	if after < 0 {
		return EventPage{}, invalid(violation("after_seq", "must not be negative"))
	}
	if limit <= 0 {
		limit = 256
	}
	return r.log.read(ctx, r.opts.Store, after, b, limit)
}

// Head is the newest event seq: watching from it yields only what happens next.
func (r *Registry) Head() int64 { return r.log.head() }

// Describe renders a collision for logs and CLI lines.
func (c Collision) Describe() string {
	parts := make([]string, len(c.Overlaps))
	for i, o := range c.Overlaps {
		if o.A == o.B {
			parts[i] = o.A
		} else {
			parts[i] = o.A + " ~ " + o.B
		}
	}
	return c.A.ID + " x " + c.B.ID + ": " + strings.Join(parts, ", ")
}
