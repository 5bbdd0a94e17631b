package domain

import (
	"github.com/organism-dev/organism/platform/principal"

	"github.com/organism-dev/organism/platform/refusal"

	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// SpawnMission hands a judging mission to a pinned runner (runnerID, or any pinned runner that
// serves the brain when empty). An unpinned choice is the daemon refusal of §6: the chain
// records it as spawn_refused and the call answers UNPINNED_RUNNER.
func (s *Service) SpawnMission(ctx context.Context, a principal.Principal, missionID, runnerID string) (Mission, error) {
	m, err := s.missionFor(ctx, a, missionID)
	if err != nil {
		return Mission{}, err
	}
	if m.Packet.GateCommand == "" {
		// A curation's chain has no gate: its work goes to a hand-runner through ClaimCuration.
		return Mission{}, refusal.New(ReasonIllegalTransition, "mission %s has no gate command (a curation's chain); nothing to spawn", m.MissionID)
	}
	if m.Phase != PhaseJudging || m.Spawned {
		return Mission{}, refusal.New(ReasonIllegalTransition, "only an unspawned judging mission can be spawned; %s is %s (spawned=%t)", m.MissionID, m.Phase, m.Spawned)
	}
	var pinned PinnedRunner
	var why error
	if runnerID != "" {
		pinned, err = s.o.Runners.Pinned(runnerID)
		switch {
		case refusal.ReasonOf(err) == ReasonUnpinnedRunner:
			why = err
		case err != nil:
			return Mission{}, err
		case !pinned.Can(CapabilityGate) || !pinned.Serves(m.Brain):
			why = refusal.New(ReasonUnpinnedRunner, "runner %q is not pinned to run gates for brain %s", runnerID, m.Brain)
		}
	} else {
		var ok bool
		pinned, ok, err = s.o.Runners.pickFor(m.Brain)
		if err != nil {
			return Mission{}, err
		}
		if !ok {
			why = refusal.New(ReasonUnpinnedRunner, "no runner in the owner's runners.toml runs gates for brain %s", m.Brain)
		}
	}
	now := s.o.Clock.Now()
	if why != nil {
		l := Letter{Schema: Schema, Brain: m.Brain, Phase: PhaseSpawnRefused, Note: why.Error()}
		if _, _, err := s.PostLetter(ctx, a, m.MissionID, m.HeadSeq, l); err != nil {
			return Mission{}, err
		}
		s.logRefusal(ctx, m.MissionID, a, why)
		return Mission{}, why
	}
	if err := s.o.Store.Spawn(ctx, m.MissionID, pinned.ID, m.HeadSeq, now); err != nil {
		if errors.Is(err, ErrHeadMoved) {
			return Mission{}, headMoved(m.HeadSeq, -1)
		}
		return Mission{}, err
	}
	s.change.broadcast()
	s.work.broadcast()
	return s.mission(ctx, m.MissionID)
}

func (s *Service) logRefusal(ctx context.Context, missionID string, a principal.Principal, err error) {
	e, ok := refusal.As(err)
	if !ok {
		return
	}
	r := Refusal{MissionID: missionID, Reason: e.Reason, Message: e.Message, By: AuthorOf(a), At: s.o.Clock.Now()}
	if err := s.o.Store.AddRefusal(ctx, r); err != nil {
		s.log.ErrorContext(ctx, "log refusal", "mission", missionID, "reason", e.Reason, "err", err)
	}
}

// Work is one leased mission handed to a runner.
type Work struct {
	Mission  Mission
	Lease    Lease
	RepoRoot string
	Runner   PinnedRunner
}

// pinnedCaller resolves the runner behind a credential: runner seat, pinned id.
func (s *Service) pinnedCaller(a principal.Principal) (PinnedRunner, error) {
	if a.Seat != RunnerSeat {
		return PinnedRunner{}, refusal.New(ReasonNotARunner, "seat %q is not a runner seat", a.Seat)
	}
	return s.o.Runners.Pinned(a.AgentID)
}

// ClaimWork waits up to wait for a mission the calling runner may take and leases it. It
// returns ok=false when the wait ends empty.
func (s *Service) ClaimWork(ctx context.Context, a principal.Principal, wait time.Duration) (Work, bool, error) {
	pinned, err := s.pinnedCaller(a)
	if err != nil {
		return Work{}, false, err
	}
	if wait > s.o.MaxClaimWait {
		wait = s.o.MaxClaimWait
	}
	// The long poll's deadline is the caller's network wait, measured on the wall clock like
	// the call's own deadline, not a rule's time: a fake clock must not hold a runner forever.
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		// A stopping server hands out no leases: the runner could lose the answer with the
		// connection, and the mission would sit leased until the lease expired.
		select {
		case <-s.stopping:
			return Work{}, false, errShuttingDown(retryClaim)
		default:
		}
		changed := s.work.wait()
		w, ok, err := s.tryClaim(ctx, a, pinned)
		if err != nil || ok {
			return w, ok, err
		}
		s.claimWaiters.Add(1)
		select {
		case <-ctx.Done():
			s.claimWaiters.Add(-1)
			return Work{}, false, ctx.Err()
		case <-s.stopping:
			s.claimWaiters.Add(-1)
			return Work{}, false, errShuttingDown(retryClaim)
		case <-deadline.C:
			s.claimWaiters.Add(-1)
			return Work{}, false, nil
		case <-changed:
			s.claimWaiters.Add(-1)
		}
	}
}

func (s *Service) tryClaim(ctx context.Context, a principal.Principal, pinned PinnedRunner) (Work, bool, error) {
	now := s.o.Clock.Now()
	if l, busy, err := s.o.Store.RunnerLease(ctx, pinned.ID, now); err != nil {
		return Work{}, false, err
	} else if busy {
		return Work{}, false, refusal.New(ReasonRunnerBusy, "runner %s already holds lease %s on %s", pinned.ID, l.LeaseID, l.MissionID)
	}
	if !pinned.Can(CapabilityGate) {
		return Work{}, false, nil
	}
	ms, err := s.o.Store.Claimable(ctx, pinned.ID, now, 64)
	if err != nil {
		return Work{}, false, err
	}
	for _, m := range ms {
		if !pinned.Serves(m.Brain) || !MayUse(a, m.Brain) {
			continue
		}
		if m.Attempts >= s.o.MaxAttempts {
			s.failAbandonedRun(ctx, m)
			continue
		}
		brain, err := s.brain(ctx, m.Brain)
		if err != nil {
			return Work{}, false, err
		}
		l := Lease{LeaseID: s.o.IDs.New("lse_"), MissionID: m.MissionID, RunnerID: pinned.ID,
			ExpiresAt: now.Add(s.o.LeaseTTL), Attempt: m.Attempts + 1}
		ok, err := s.o.Store.TakeLease(ctx, l, m.HeadSeq, now)
		if err != nil {
			return Work{}, false, err
		}
		if !ok {
			continue
		}
		m.Lease, m.Attempts = l, l.Attempt
		s.change.broadcast()
		return Work{Mission: m, Lease: l, RepoRoot: brain.RepoRoot, Runner: pinned}, true, nil
	}
	return Work{}, false, nil
}

// failAbandonedRun closes a mission whose runners kept dying: a real event (a claim found every
// lease expired), recorded honestly instead of handing the work out forever.
func (s *Service) failAbandonedRun(ctx context.Context, m Mission) {
	// judging has no arrow to failed: a mission no runner ever started is abandoned instead.
	to := PhaseFailed
	if m.Phase == PhaseJudging {
		to = PhaseAbandoned
	}
	note := fmt.Sprintf("lease expired %d times; last runner %s stopped renewing before finishing", m.Attempts, m.Lease.RunnerID)
	now := s.o.Clock.Now()
	l := Letter{Schema: Schema, LetterID: s.o.IDs.New("ltr_"), MissionID: m.MissionID, Seq: m.HeadSeq + 1, Brain: m.Brain,
		Phase: to, Note: note, Author: Author{AgentID: "mission", Seat: "service", Origin: principal.OriginService}, PostedAt: now}
	ap := Append{Letter: l, ExpectedHead: m.HeadSeq, Phase: to, ClearLease: true, ClearRerun: true, Now: now,
		Event: BoardEvent{Kind: eventKindFor(m.Phase, to), MissionID: m.MissionID, Brain: m.Brain, Seq: l.Seq, From: m.Phase, To: to, At: now}}
	if _, err := s.o.Store.Append(ctx, ap); err != nil {
		if !errors.Is(err, ErrHeadMoved) {
			s.log.ErrorContext(ctx, "fail abandoned run", "mission", m.MissionID, "err", err)
		}
		return
	}
	s.change.broadcast()
	if after, err := s.mission(ctx, m.MissionID); err == nil {
		s.debrief(ctx, after)
	}
}

// RenewLease extends the caller's live lease by the lease TTL.
func (s *Service) RenewLease(ctx context.Context, a principal.Principal, leaseID string) (Lease, error) {
	pinned, err := s.pinnedCaller(a)
	if err != nil {
		return Lease{}, err
	}
	now := s.o.Clock.Now()
	l, err := s.o.Store.RenewLease(ctx, leaseID, pinned.ID, now.Add(s.o.LeaseTTL), now)
	if errors.Is(err, ErrLeaseNotHeld) {
		return Lease{}, refusal.New(ReasonLeaseNotHeld, "runner %s holds no live lease %s", pinned.ID, leaseID)
	}
	return l, err
}

// PutLog stores a gate log for the mission whose live lease the calling runner holds and
// returns its sha256, computed here so the evidence never rests on the runner's word.
func (s *Service) PutLog(ctx context.Context, a principal.Principal, missionID string, data []byte) (string, error) {
	if _, err := s.pinnedCaller(a); err != nil {
		return "", err
	}
	m, err := s.missionFor(ctx, a, missionID)
	if err != nil {
		return "", err
	}
	now := s.o.Clock.Now()
	if err := s.holdsLease(a, m, now); err != nil {
		return "", err
	}
	if int64(len(data)) > s.o.MaxLogBytes {
		return "", refusal.New(ReasonLogTooLarge, "log is %d bytes, at most %d", len(data), s.o.MaxLogBytes)
	}
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	if err := s.o.Store.PutLog(ctx, m.MissionID, sha, data, a.AgentID, now); err != nil {
		return "", err
	}
	return sha, nil
}

// GetLog returns a stored gate log.
func (s *Service) GetLog(ctx context.Context, a principal.Principal, missionID, sha string) ([]byte, error) {
	m, err := s.missionFor(ctx, a, missionID)
	if err != nil {
		return nil, err
	}
	data, err := s.o.Store.Log(ctx, m.MissionID, sha)
	if errors.Is(err, ErrNoLog) {
		return nil, refusal.New(ReasonLogNotFound, "mission %s has no log %s", m.MissionID, sha)
	}
	return data, err
}
