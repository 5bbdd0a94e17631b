package domain

import "sync"

// heads remembers, per chain, the mission row as this replica's last append on it left it
// (or as this replica opened it), so the next letter on that chain is judged without reading
// the mission first: one append is then one trip to the store instead of two.
//
// What is remembered is only a guess. It is used when the letter expects exactly the head it
// remembers, and the store's compare-and-swap on the head decides: a remembered row whose
// head is still the chain's head has the chain's phase and brain too, since only an append
// moves the phase and it moves the head with it (and the brain never changes). A live lease
// the guess relies on is checked again by the append (lease id and expiry in the store's
// WHERE). Whatever the guess refuses, and any append that loses its CAS or lease, is decided
// again from a fresh read, so a stale guess costs one more round and never a wrong answer.
type heads struct {
	mu sync.Mutex
	m  map[string]Mission
}

// maxHeads bounds the memory: beyond it an arbitrary chain is forgotten, and its next letter
// reads the mission as before.
const maxHeads = 4096

func newHeads() *heads { return &heads{m: map[string]Mission{}} }

// at returns the remembered row of chain id if its head is expected.
func (h *heads) at(id string, expected int64) (Mission, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	m, ok := h.m[id]
	if !ok || m.HeadSeq != expected {
		return Mission{}, false
	}
	return m, true
}

// keep remembers m, the row an append of this replica just left, unless a later head of the
// chain is remembered already (two appends' acknowledgements may arrive out of order).
func (h *heads) keep(m Mission) {
	h.mu.Lock()
	defer h.mu.Unlock()
	old, ok := h.m[m.MissionID]
	if ok && old.HeadSeq > m.HeadSeq {
		return
	}
	if !ok && len(h.m) >= maxHeads {
		for id := range h.m {
			delete(h.m, id)
			break
		}
	}
	h.m[m.MissionID] = m
}

// forget drops chain id's row: it was found stale.
func (h *heads) forget(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.m, id)
}
