package domain

import "context"

// Wake is how a replica learns that another one wrote: its store's follower calls it on every
// notification (see store.PG.Follow). Board watchers re-read events by cursor; with work, so
// do runners waiting in ClaimWork (a spawn or a re-run request elsewhere).
func (s *Service) Wake(work bool) {
	s.change.broadcast()
	if work {
		s.work.broadcast()
	}
}

// replicaLock takes name in the store's cross-replica locks when it offers them; the returned
// unlock is never nil.
func (s *Service) replicaLock(ctx context.Context, name string) (func(), error) {
	l, ok := s.o.Store.(Locks)
	if !ok {
		return func() {}, nil
	}
	return l.Lock(ctx, name)
}

// WaitingClaims is how many ClaimWork calls are waiting for work right now: a test of wake-ups
// across replicas spawns only once the runner's claim waits, so the claim cannot have found
// the work by its own first read.
func (s *Service) WaitingClaims() int { return int(s.claimWaiters.Load()) }
