package domain_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

type brains struct{}

func (brains) Brain(context.Context, string) (domain.Brain, error) {
	return domain.Brain{Name: "alpha"}, nil
}

func (brains) BumpStoreVersion(context.Context, domain.Bump) (domain.Receipt, error) {
	return domain.Receipt{}, errors.New("not in this test")
}

// scope is a repository these tests never reach: their brain has no repository root, so no
// candidate, target or landing touches git (a call would panic on the nil Repo).
type scope struct{ domain.Repo }

// flakyMemory refuses until healed, then records what it was given.
type flakyMemory struct {
	mu     sync.Mutex
	healed bool
	bodies map[string]string
}

func (m *flakyMemory) MemorizeProcess(_ context.Context, brain, slug, body string, ev []domain.Evidence) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.healed {
		return "", errors.New("medulla unavailable")
	}
	m.bodies[slug] = body
	return slug, nil
}

// TestDebriefPendingThenRetried: a close that cannot reach medulla stands, its debrief stays
// pending with the error, and a retry memorizes it once medulla answers.
func TestDebriefPendingThenRetried(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "mission.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	mem := &flakyMemory{bodies: map[string]string{}}
	svc, err := domain.New(domain.Options{Store: st, Brains: brains{}, Memory: mem, Repo: scope{},
		Runners: domain.NewRunnerBook(filepath.Join(t.TempDir(), "runners.toml")), Clock: clock.NewFake(time.Unix(1_800_000_000, 0))})
	if err != nil {
		t.Fatal(err)
	}
	orch := principal.Principal{AgentID: "orch", Seat: "orchestrator", Brain: "alpha", Origin: principal.OriginAgent}
	m, _, err := svc.OpenMission(ctx, orch, domain.Packet{Brain: "alpha", GateCommand: "true", Symptom: "flaky"}, "")
	if err != nil {
		t.Fatal(err)
	}
	_, after, err := svc.PostLetter(ctx, orch, m.MissionID, 1, domain.Letter{Schema: domain.Schema, Brain: "alpha",
		Phase: domain.PhaseAbandoned, Note: "superseded"})
	if err != nil {
		t.Fatalf("got %v, want the close to stand without medulla", err)
	}
	if got, want := after.Debrief.State, domain.DebriefPending; got != want {
		t.Fatalf("got debrief %q, want %q", got, want)
	}
	if after.Debrief.LastError == "" {
		t.Error("got a pending debrief without its error")
	}
	if n, err := svc.RetryDebriefs(ctx); err != nil || n != 0 {
		t.Fatalf("got (%d, %v) retrying while medulla is down, want (0, nil)", n, err)
	}
	mem.mu.Lock()
	mem.healed = true
	mem.mu.Unlock()
	if n, err := svc.RetryDebriefs(ctx); err != nil || n != 1 {
		t.Fatalf("got (%d, %v) retrying, want (1, nil)", n, err)
	}
	v, err := svc.GetMission(ctx, orch, m.MissionID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.Mission.Debrief.State, domain.DebriefMemorized; got != want {
		t.Errorf("got debrief %q, want %q", got, want)
	}
	if _, ok := mem.bodies[domain.DebriefSlug(m.MissionID)]; !ok {
		t.Errorf("got memorized %v, want the mission's debrief slug", mem.bodies)
	}
	if n, _ := svc.RetryDebriefs(ctx); n != 0 {
		t.Errorf("got %d debriefs memorized twice, want 0", n)
	}
}

type refusingMemory struct{}

func (refusingMemory) MemorizeProcess(context.Context, string, string, string, []domain.Evidence) (string, error) {
	return "", fmt.Errorf("HOME_PATH: %w", domain.ErrMemoryRefused)
}

// TestDebriefRefusedIsNotRetried: a debrief the door refuses is recorded as refused, with the
// reason, and never offered again.
func TestDebriefRefusedIsNotRetried(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "mission.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc, err := domain.New(domain.Options{Store: st, Brains: brains{}, Memory: refusingMemory{}, Repo: scope{},
		Runners: domain.NewRunnerBook(filepath.Join(t.TempDir(), "runners.toml")), Clock: clock.NewFake(time.Unix(1_800_000_000, 0))})
	if err != nil {
		t.Fatal(err)
	}
	orch := principal.Principal{AgentID: "orch", Seat: "orchestrator", Brain: "alpha", Origin: principal.OriginAgent}
	m, _, err := svc.OpenMission(ctx, orch, domain.Packet{Brain: "alpha", GateCommand: "true", Symptom: "s"}, "")
	if err != nil {
		t.Fatal(err)
	}
	_, after, err := svc.PostLetter(ctx, orch, m.MissionID, 1, domain.Letter{Schema: domain.Schema, Brain: "alpha", Phase: domain.PhaseAbandoned, Note: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := after.Debrief.State, domain.DebriefRefused; got != want {
		t.Fatalf("got debrief %q, want %q", got, want)
	}
	if n, err := svc.RetryDebriefs(ctx); err != nil || n != 0 {
		t.Fatalf("got (%d, %v), want a refused debrief left alone", n, err)
	}
}
