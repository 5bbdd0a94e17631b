// Package runner is the reference runner: it claims leased missions from the mission organ,
// runs the pinned gate in a fresh git worktree, stores the full log and posts an honest result.
// It never lands anything.
package runner

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/mission/gitrepo"
	"github.com/organism-dev/organism/services/mission/peers"
)

// Options configure a Runner.
type Options struct {
	Client missionv1.MissionServiceClient
	// ID is the runner id the operator expects; the server decides from the credential and a
	// mismatch stops the runner rather than working under a name it was not started with.
	ID string
	// WorkDir holds the per-mission worktrees; default <os.TempDir()>/organism-runner.
	WorkDir string
	// Wait is the long-poll wait per claim; default 30s.
	Wait time.Duration
	// MaxLogBytes is the largest log the runner uploads; default 64 MiB (the server's default).
	MaxLogBytes int
	// Presence, when set, lists the runner in the roster as kind runner.
	Presence presencev1.PresenceServiceClient
	Logger   *slog.Logger
	// Clock defaults to the wall clock; the execution window is read from it, and the lease
	// renewals and the pause after a failed mission run on it.
	Clock clock.Clock
}

// Runner claims and executes missions.
type Runner struct {
	o          Options
	roster     *peers.Presence
	presenceID string
}

// New returns a Runner.
func New(o Options) (*Runner, error) {
	if o.Client == nil {
		return nil, errors.New("runner: Client is required")
	}
	if o.WorkDir == "" {
		o.WorkDir = filepath.Join(os.TempDir(), "organism-runner")
	}
	if o.Wait <= 0 {
		o.Wait = 30 * time.Second
	}
	if o.MaxLogBytes <= 0 {
		o.MaxLogBytes = 64 << 20
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	o.Clock = clock.Or(o.Clock)
	r := &Runner{o: o}
	if o.Presence != nil {
		r.roster = peers.NewPresence(o.Presence)
	}
	return r, nil
}

// Outcome is what one executed mission ended as.
type Outcome struct {
	MissionID string
	Phase     missionv1.Phase
	Letter    *missionv1.Letter
	Worktree  string
}

// markerSuffix names the file beside each worktree that records its repository.
const markerSuffix = ".repo"

// Sweep removes worktrees a killed run left behind in WorkDir and reports how many.
func (r *Runner) Sweep(ctx context.Context) (int, error) {
	markers, err := filepath.Glob(filepath.Join(r.o.WorkDir, "*"+markerSuffix))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, mk := range markers {
		repo, err := os.ReadFile(mk)
		if err != nil {
			continue
		}
		wt := strings.TrimSuffix(mk, markerSuffix)
		if err := gitrepo.RemoveWorktree(ctx, string(repo), wt); err != nil {
			r.o.Logger.Warn("runner: sweep worktree", "worktree", wt, "err", err)
			continue
		}
		os.Remove(mk)
		n++
	}
	return n, nil
}

// Loop sweeps leftovers, claims and executes missions until ctx ends, then leaves the roster.
func (r *Runner) Loop(ctx context.Context) error {
	defer r.leave(ctx)
	if n, err := r.Sweep(ctx); err != nil {
		r.o.Logger.Warn("runner: sweep", "err", err)
	} else if n > 0 {
		r.o.Logger.Info("runner: removed worktrees left by a killed run", "count", n)
	}
	for {
		out, ran, err := r.RunOnce(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			if reason := rpcstatus.ReasonOf(err); reason == "UNPINNED_RUNNER" || reason == "NOT_A_RUNNER" || errors.Is(err, errWrongID) {
				return err
			}
			r.o.Logger.Warn("runner: mission", "err", err)
			if !r.pause(ctx, time.Second) {
				return nil
			}
			continue
		}
		if ran {
			r.o.Logger.Info("runner: mission done", "mission", out.MissionID, "phase", out.Phase.String())
		}
	}
}

// pause waits d on the runner's clock; false when ctx ended first.
func (r *Runner) pause(ctx context.Context, d time.Duration) bool {
	t := r.o.Clock.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C():
		return true
	}
}

var errWrongID = errors.New("runner: credential names a different runner")

// RunOnce claims at most one mission and executes it. ran is false when the wait ended empty.
// When ctx ends mid-run the runner stops without posting anything: a dead runner's lease
// expires and the mission is reclaimed, which is exactly what a kill must look like.
func (r *Runner) RunOnce(ctx context.Context) (Outcome, bool, error) {
	r.announce(ctx, "")
	resp, err := r.o.Client.ClaimWork(ctx, &missionv1.ClaimWorkRequest{Wait: durationpb.New(r.o.Wait)})
	if err != nil {
		return Outcome{}, false, err
	}
	w := resp.GetWork()
	if w == nil {
		return Outcome{}, false, nil
	}
	if r.o.ID != "" && w.GetLease().GetRunnerId() != r.o.ID {
		return Outcome{}, false, fmt.Errorf("%w: started as %q, credential is %q", errWrongID, r.o.ID, w.GetLease().GetRunnerId())
	}
	out, err := r.execute(ctx, w)
	return out, true, err
}

// announce registers or refreshes the runner's presence; presence is advisory, so failures
// are logged and never stop work.
func (r *Runner) announce(ctx context.Context, worktree string) {
	if r.roster == nil {
		return
	}
	id, err := r.roster.Announce(ctx, r.presenceID, r.o.ID, worktree)
	if err != nil {
		r.o.Logger.Warn("runner: presence", "err", err)
		return
	}
	r.presenceID = id
}

// leave takes the runner off the roster; expiry would do it too, only later.
func (r *Runner) leave(ctx context.Context) {
	if r.roster == nil || r.presenceID == "" {
		return
	}
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := r.roster.Leave(lctx, r.presenceID); err != nil {
		r.o.Logger.Warn("runner: leave roster", "err", err)
	}
}
