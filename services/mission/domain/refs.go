package domain

import (
	"context"
	"fmt"
)

// SweepRefs removes the candidate refs of missions that have been landed, failed or abandoned
// for at least RefGrace, and reports how many it removed. A landed candidate lives on in the
// target branch; a failed one is kept for the grace period so the owner can still look at it.
func (s *Service) SweepRefs(ctx context.Context) (int, error) {
	now := s.o.Clock.Now()
	n := 0
	for {
		due, err := s.o.Store.DueRefs(ctx, now.Add(-s.o.RefGrace), 100)
		if err != nil {
			return n, err
		}
		if len(due) == 0 {
			return n, nil
		}
		for _, r := range due {
			if err := s.o.Repo.DeleteRef(ctx, r.RepoRoot, r.Ref); err != nil {
				return n, fmt.Errorf("remove %s of %s: %w", r.Ref, r.MissionID, err)
			}
			if err := s.o.Store.RefRemoved(ctx, r.MissionID, now); err != nil {
				return n, err
			}
			n++
		}
	}
}
