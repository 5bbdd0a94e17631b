package domain

import (
	"context"
	"slices"
	"sync"
	"time"
)

// memStore is an in-memory Store for the domain's own tests: the registry's laws are checked
// through its API without a database, fast enough for a fuzz target to open one per input.
// It keeps what the SQLite store keeps (records, the event log, receipts) with none of the
// durability.
type memStore struct {
	mu       sync.Mutex
	recs     map[string]Record
	events   []Event
	receipts []Receipt
}

func newMemStore() *memStore { return &memStore{recs: map[string]Record{}} }

var _ Store = (*memStore)(nil)

func (s *memStore) LoadPresences(context.Context) ([]Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Record, 0, len(s.recs))
	for _, r := range s.recs {
		out = append(out, r)
	}
	return out, nil
}

func (s *memStore) Head(context.Context) (int64, int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.events) == 0 {
		return 1, 0, nil
	}
	return s.events[0].Seq, s.events[len(s.events)-1].Seq, nil
}

func (s *memStore) SavePresence(_ context.Context, rec Record, evs []Event, rc *Receipt) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recs[rec.ID] = rec
	s.events = append(s.events, evs...)
	s.addReceipt(rc)
	return nil
}

func (s *memStore) DeletePresences(_ context.Context, ids []string, evs []Event, rc *Receipt) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		delete(s.recs, id)
	}
	s.events = append(s.events, evs...)
	s.addReceipt(rc)
	return nil
}

func (s *memStore) addReceipt(rc *Receipt) {
	if rc != nil {
		c := *rc
		c.Seq = int64(len(s.receipts) + 1)
		s.receipts = append(s.receipts, c)
	}
}

func (s *memStore) RecordRefusal(_ context.Context, rc Receipt, since time.Time) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.receipts {
		if x := &s.receipts[i]; x.Ledger == rc.Ledger && x.Key != "" && x.Key == rc.Key && !x.At.Before(since) {
			x.Count++
			x.LastAt = rc.At
			return x.ID, nil
		}
	}
	s.addReceipt(&rc)
	return rc.ID, nil
}

func (s *memStore) Receipts(_ context.Context, ledger string, before int64, limit int) ([]Receipt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Receipt
	for _, rc := range slices.Backward(s.receipts) {
		if rc.Ledger == ledger && (before == 0 || rc.Seq < before) && len(out) < limit {
			out = append(out, rc)
		}
	}
	return out, nil
}

func (s *memStore) SaveBeats(_ context.Context, beats []Beat) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range beats {
		if r, ok := s.recs[b.ID]; ok && b.LastBeat.After(r.LastBeat) {
			r.LastBeat = b.LastBeat
			s.recs[b.ID] = r
		}
	}
	return nil
}

func (s *memStore) PruneEvents(_ context.Context, before time.Time, keep int) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for n < len(s.events)-keep && s.events[n].At.Before(before) {
		n++
	}
	s.events = s.events[n:]
	if len(s.events) == 0 {
		return 1, nil
	}
	return s.events[0].Seq, nil
}

func (s *memStore) EventsAfter(_ context.Context, after, through int64, brain string, limit int) ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Event
	for _, e := range s.events {
		if e.Seq > after && e.Seq <= through && (brain == "" || e.Brain == brain) && len(out) < limit {
			out = append(out, e)
		}
	}
	return out, nil
}
