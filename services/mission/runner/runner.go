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

	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/mission/gitrepo"
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
	// Now defaults to time.Now; the execution window is read from it.
	Now func() time.Time
}

// Runner claims and executes missions.
type Runner struct {
	o          Options
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
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Runner{o: o}, nil
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
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
			continue
		}
		if ran {
			r.o.Logger.Info("runner: mission done", "mission", out.MissionID, "phase", out.Phase.String())
		}
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
	if r.o.Presence == nil {
		return
	}
	resp, err := r.o.Presence.Register(ctx, &presencev1.RegisterRequest{PresenceId: r.presenceID, Kind: "runner",
		Theme: "runner " + r.o.ID, Intent: presencev1.Intent_INTENT_READ, Worktree: worktree, TtlSeconds: 120})
	if err != nil {
		r.o.Logger.Warn("runner: presence", "err", err)
		return
	}
	r.presenceID = resp.GetPresence().GetPresenceId()
}

// leave takes the runner off the roster; expiry would do it too, only later.
func (r *Runner) leave(ctx context.Context) {
	if r.o.Presence == nil || r.presenceID == "" {
		return
	}
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := r.o.Presence.Leave(lctx, &presencev1.LeaveRequest{PresenceId: r.presenceID}); err != nil {
		r.o.Logger.Warn("runner: leave roster", "err", err)
	}
}
