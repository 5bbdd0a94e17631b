package domain

import (
	"context"
	"sync"
	"time"
)

// EventType names what happened to the roster.
type EventType string

// The event types of the watch stream.
const (
	EventJoined         EventType = "joined"
	EventUpdated        EventType = "updated"
	EventBeatMissed     EventType = "beat-missed"
	EventLeft           EventType = "left"
	EventExpired        EventType = "expired"
	EventCollisionBegan EventType = "collision-began"
	EventCollisionEnded EventType = "collision-ended"
)

// Event is one entry of the append-only roster log. Seq is dense and strictly increasing
// across all brains, so a watcher resumes by remembering the last Seq it saw.
type Event struct {
	Seq   int64
	At    time.Time
	Type  EventType
	Brain string
	// Presence is the subject's snapshot for presence events.
	Presence Record
	// Collision is set for collision events.
	Collision *Collision
}

// SubjectID is the presence the event is about (the first of a colliding pair).
func (e Event) SubjectID() string {
	if e.Collision != nil {
		return e.Collision.A.ID
	}
	return e.Presence.ID
}

// Overlap is one pair of overlapping items: A's item and B's item, as normalized.
type Overlap struct {
	A string
	B string
	// Heat is set when both sides sent changes for the same file (see changes.go).
	Heat Heat
}

// Collision is two live mutating presences of one brain whose working sets overlap. It is
// derived whenever asked and never stored.
type Collision struct {
	Brain string
	// A and B are shared, read-only references (one per presence, not one per collision: a
	// roster's answer holds tens of thousands of collisions).
	A, B     *Ref
	Overlaps []Overlap
	// Heat is the hottest overlap's.
	Heat Heat
}

// Ref names a presence inside a collision: who, doing what, where.
type Ref struct {
	ID       string
	AgentID  string
	Kind     Kind
	Theme    string
	Worktree string
}

// Ref returns r's reference.
func (r Record) Ref() *Ref {
	return &Ref{ID: r.ID, AgentID: r.AgentID, Kind: r.Kind, Theme: r.Theme, Worktree: r.Worktree}
}

// eventLog keeps the newest events in memory for watchers and knows the bounds of the
// durable log, so most resumes never touch the database.
type eventLog struct {
	mu      sync.Mutex
	tail    []Event
	max     int
	first   int64 // oldest retained seq; newest+1 when the log is empty
	newest  int64
	changed chan struct{}
}

func newEventLog(max int, first, newest int64) *eventLog {
	return &eventLog{max: max, first: first, newest: newest, changed: make(chan struct{})}
}

// publish appends committed events and wakes every waiting watcher.
func (l *eventLog) publish(evs []Event) {
	if len(evs) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tail = append(l.tail, evs...)
	// The tail may hold up to twice max before it is cut back to the newest max: cutting on
	// every publish copied thousands of events per register once the tail was full.
	if len(l.tail) > 2*l.max {
		l.tail = append(l.tail[:0:0], l.tail[len(l.tail)-l.max:]...)
	}
	l.newest = evs[len(evs)-1].Seq
	close(l.changed)
	l.changed = make(chan struct{})
}

// reset forgets the tail and starts again at the given bounds (a replica that reloaded).
func (l *eventLog) reset(first, newest int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tail = nil
	l.first, l.newest = first, newest
	close(l.changed)
	l.changed = make(chan struct{})
}

func (l *eventLog) pruned(first int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if first > l.first {
		l.first = first
	}
}

func (l *eventLog) head() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.newest
}

// EventPage is what one read of the log returns.
type EventPage struct {
	Events []Event
	// Through is the newest seq this read considered; resume after it even when every event in
	// between belonged to brains the watcher does not see.
	Through int64
	// Changed closes when newer events are published.
	Changed <-chan struct{}
}

// fromTail reads the bounds and, when the tail reaches back to after, the events after it, under
// mu released by defer.
func (l *eventLog) fromTail(after int64, brain string, limit int) (page EventPage, first, newest int64, fromMemory []Event, inMemory bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	page = EventPage{Changed: l.changed, Through: l.newest}
	first, newest = l.first, l.newest
	inMemory = len(l.tail) > 0 && l.tail[0].Seq <= after+1
	if inMemory {
		// Seqs in the tail are dense, so the first event after the cursor is found by arithmetic.
		for _, e := range l.tail[min(int(after+1-l.tail[0].Seq), len(l.tail)):] {
			if e.Seq <= after || (brain != "" && e.Brain != brain) {
				continue
			}
			fromMemory = append(fromMemory, e)
			if len(fromMemory) == limit {
				page.Through = e.Seq
				break
			}
		}
	}
	return page, first, newest, fromMemory, inMemory
}

func (l *eventLog) read(ctx context.Context, st eventStore, after int64, brain string, limit int) (EventPage, error) {
	page, first, newest, fromMemory, inMemory := l.fromTail(after, brain, limit)
	switch {
	case after > newest:
		return EventPage{}, errCursorAhead(after, newest)
	case after < first-1:
		return EventPage{}, errCursorExpired(after, first)
	case after == newest:
		return page, nil
	case inMemory:
		page.Events = fromMemory
		return page, nil
	}
	evs, err := st.EventsAfter(ctx, after, newest, brain, limit)
	if err != nil {
		return EventPage{}, err
	}
	if len(evs) == limit {
		page.Through = evs[len(evs)-1].Seq
	}
	page.Events = evs
	return page, nil
}
