package domain_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

// signalStore is the real store telling the test when a claim or a board stream has read the
// board, which is the last thing either does before it waits.
type signalStore struct {
	*store.Store
	claimed chan struct{}
	read    chan struct{}
}

func (s signalStore) Claimable(ctx context.Context, runner string, now time.Time, limit int) ([]domain.Mission, error) {
	ms, err := s.Store.Claimable(ctx, runner, now, limit)
	select {
	case s.claimed <- struct{}{}:
	default:
	}
	return ms, err
}

func (s signalStore) Events(ctx context.Context, brain string, after int64, limit int) ([]domain.BoardEvent, error) {
	evs, err := s.Store.Events(ctx, brain, after, limit)
	select {
	case s.read <- struct{}{}:
	default:
	}
	return evs, err
}

// TestShutdownEndsWaits: closing Shutdown ends a claim and a board stream that are already
// waiting (they would otherwise wait an hour) with SHUTTING_DOWN, and refuses new ones at once.
func TestShutdownEndsWaits(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "mission.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runners := filepath.Join(t.TempDir(), "runners.toml")
	if err := os.WriteFile(runners, []byte("[[runner]]\nid = \"r1\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sig := signalStore{Store: st, claimed: make(chan struct{}, 1), read: make(chan struct{}, 1)}
	shutdown := make(chan struct{})
	svc, err := domain.New(domain.Options{Store: sig, Brains: brains{}, Repo: scope{}, Runners: domain.NewRunnerBook(runners),
		Clock: clock.NewFake(time.Unix(1_800_000_000, 0)), MaxClaimWait: time.Hour, BellPoll: time.Hour, Shutdown: shutdown})
	if err != nil {
		t.Fatal(err)
	}
	runner := principal.Principal{AgentID: "r1", Seat: domain.RunnerSeat, Brain: "alpha", Origin: principal.OriginAgent}
	owner := principal.Principal{AgentID: "owner", Origin: principal.OriginHumanCLI}

	claimDone := make(chan error, 1)
	go func() {
		_, ok, err := svc.ClaimWork(ctx, runner, time.Hour)
		if ok {
			t.Error("got work from an empty board, want none")
		}
		claimDone <- err
	}()
	watchDone := make(chan error, 1)
	go func() {
		watchDone <- svc.WatchBoard(ctx, owner, "", 0, func(domain.BoardEvent) error { return nil })
	}()
	// Both have read the board and found nothing, so both are in (or entering) their wait.
	<-sig.claimed
	<-sig.read
	close(shutdown)

	for _, tc := range []struct {
		name string
		done chan error
	}{{"waiting claim", claimDone}, {"open board stream", watchDone}} {
		if err := <-tc.done; refusal.ReasonOf(err) != domain.ReasonShuttingDown {
			t.Errorf("%s: got %v, want %s", tc.name, err, domain.ReasonShuttingDown)
		}
	}

	tests := []struct {
		name string
		call func() error
	}{
		{"claim after shutdown", func() error { _, _, err := svc.ClaimWork(ctx, runner, time.Hour); return err }},
		{"watch after shutdown", func() error {
			return svc.WatchBoard(ctx, owner, "", 0, func(domain.BoardEvent) error { return nil })
		}},
	}
	for _, tc := range tests {
		if err := tc.call(); refusal.ReasonOf(err) != domain.ReasonShuttingDown {
			t.Errorf("%s: got %v, want %s", tc.name, err, domain.ReasonShuttingDown)
		}
	}
	svc.Stop() // after Shutdown already closed: must not panic
}
