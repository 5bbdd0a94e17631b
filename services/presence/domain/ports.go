package domain

import (
	"context"
	"time"
)

// The interfaces the domain owns: what it needs from the world, implemented outside it
// (store.Store, platform/clock).

// Clock tells the time; platform/clock satisfies it. Liveness is always judged against it.
type Clock interface{ Now() time.Time }

// Beat is one refreshed last_beat waiting to be written.
type Beat struct {
	ID       string
	LastBeat time.Time
}

// Store persists records and the event log. Collisions and liveness are never stored. Its
// errors are internal failures to the domain: it never refuses anything.
type Store interface {
	eventStore
	// LoadPresences returns every stored record; Head the bounds of the event log.
	LoadPresences(ctx context.Context) ([]Record, error)
	Head(ctx context.Context) (first, newest int64, err error)
	// SavePresence upserts rec and appends evs and, when rc is not nil, its commit receipt in
	// one transaction.
	SavePresence(ctx context.Context, rec Record, evs []Event, rc *Receipt) error
	// DeletePresences removes ids and appends evs (and rc, when not nil) in one transaction.
	DeletePresences(ctx context.Context, ids []string, evs []Event, rc *Receipt) error
	// RecordRefusal appends the rejection receipt rc, unless a receipt of rc.Ledger with the
	// same Key was first written at or after since: then it adds one to that receipt's count
	// and moves its LastAt to rc.At. It returns the id of the receipt that records the refusal.
	RecordRefusal(ctx context.Context, rc Receipt, since time.Time) (string, error)
	// Receipts returns up to limit receipts of ledger with seq below before (0: from the
	// newest), newest first.
	Receipts(ctx context.Context, ledger string, before int64, limit int) ([]Receipt, error)
	// SaveBeats writes last_beat values, never moving one backwards.
	SaveBeats(ctx context.Context, beats []Beat) error
	// PruneEvents drops events older than before, always keeping the newest keep; it returns
	// the oldest retained seq.
	PruneEvents(ctx context.Context, before time.Time, keep int) (int64, error)
}

// eventStore is the part of Store the log falls back to for events no longer in memory.
type eventStore interface {
	EventsAfter(ctx context.Context, after, through int64, brain string, limit int) ([]Event, error)
}

// SharedStore is a store that several presence replicas write at once (PostgreSQL). With one,
// the roster lives in the database and each replica's memory is a cache that follows the event
// log: every write takes the writers' lock and first applies what other replicas logged, and
// a background follow applies it for readers and watchers.
type SharedStore interface {
	// LockWriters takes the lock every replica's writers share; release frees it.
	LockWriters(ctx context.Context) (release func(), err error)
	// Beats returns every stored presence's last_beat (what any replica flushed).
	Beats(ctx context.Context) ([]Beat, error)
}
