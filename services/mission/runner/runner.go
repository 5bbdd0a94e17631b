// Package runner is the reference runner: it claims leased missions from the mission organ,
// runs the pinned gate in a fresh git worktree, stores the full log and posts an honest result.
// It never lands anything.
package runner

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/refusal"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/mission/domain"
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
			if reason := refusal.ReasonOf(err); reason == "UNPINNED_RUNNER" || reason == "NOT_A_RUNNER" || errors.Is(err, errWrongID) {
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

func (r *Runner) execute(ctx context.Context, w *missionv1.Work) (Outcome, error) {
	m := w.GetMission()
	out := Outcome{MissionID: m.GetMissionId()}
	runCtx, cancelRun := context.WithCancel(ctx)
	defer cancelRun()
	var lost error
	var lostMu sync.Mutex
	stopRenew := r.keepLease(runCtx, w.GetLease(), func(err error) {
		lostMu.Lock()
		lost = err
		lostMu.Unlock()
		cancelRun()
	})
	defer stopRenew()

	repo := w.GetRepoRoot()
	if repo == "" {
		return out, r.fail(ctx, w, &out, w.GetHeadSeq(), "the brain has no repository root to check out")
	}
	base, err := gitrepo.Head(runCtx, repo)
	if err != nil {
		return out, r.fail(ctx, w, &out, w.GetHeadSeq(), "cannot read the repository's HEAD: "+err.Error())
	}
	if err := os.MkdirAll(r.o.WorkDir, 0o700); err != nil {
		return out, err
	}
	wt, err := os.MkdirTemp(r.o.WorkDir, m.GetMissionId()+"-")
	if err != nil {
		return out, err
	}
	out.Worktree = wt
	// The marker names the worktree's repository so a runner that was killed before its
	// cleanup can remove the worktree when it starts again (Sweep).
	if err := os.WriteFile(wt+markerSuffix, []byte(repo), 0o600); err != nil {
		os.RemoveAll(wt)
		return out, err
	}
	if same, _ := samePlace(wt, repo); same {
		os.RemoveAll(wt)
		return out, fmt.Errorf("runner: worktree %s would be the main checkout", wt)
	}
	if err := gitrepo.AddWorktree(runCtx, repo, wt, base); err != nil {
		os.RemoveAll(wt)
		os.Remove(wt + markerSuffix)
		return out, r.fail(ctx, w, &out, w.GetHeadSeq(), "cannot open a worktree: "+err.Error())
	}
	defer func() {
		// Cleanup must happen even when the run was cut short.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if err := gitrepo.RemoveWorktree(cctx, repo, wt); err != nil {
			r.o.Logger.Warn("runner: worktree cleanup", "worktree", wt, "err", err)
			return
		}
		os.Remove(wt + markerSuffix)
	}()
	r.announce(runCtx, wt)

	head := w.GetHeadSeq()
	if w.GetPhase() == missionv1.Phase_PHASE_JUDGING {
		resp, err := r.o.Client.PostLetter(runCtx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: head,
			Letter: &missionv1.Letter{Schema: domain.Schema, Brain: m.GetBrain(), Phase: missionv1.Phase_PHASE_EXECUTING,
				Note: fmt.Sprintf("runner %s executing in a fresh worktree at base %s", w.GetLease().GetRunnerId(), base)}})
		if err != nil {
			return out, r.cut(ctx, &lostMu, &lost, err)
		}
		head = resp.GetLetter().GetSeq()
	}

	res := r.runGate(runCtx, w, wt)
	if ctx.Err() != nil {
		return out, ctx.Err()
	}
	lostMu.Lock()
	if lost != nil {
		lostMu.Unlock()
		return out, lost
	}
	lostMu.Unlock()

	if len(res.log) > r.o.MaxLogBytes {
		return out, r.fail(ctx, w, &out, head, fmt.Sprintf("gate log is %d bytes, more than the %d this runner may store; nothing to vouch for", len(res.log), r.o.MaxLogBytes))
	}
	sha, err := r.putLog(ctx, m.GetMissionId(), res.log)
	if err != nil {
		return out, err
	}
	if res.err != nil || res.exit != 0 {
		return out, r.fail(ctx, w, &out, head, res.reason(w.GetPacket().GetGateCommand(), sha))
	}
	diff, err := gitrepo.DiffStat(ctx, wt, base)
	if err != nil {
		return out, r.fail(ctx, w, &out, head, "gate passed but the worktree diff could not be read: "+err.Error())
	}
	cand := &missionv1.ReceiptCandidate{
		LogSha256: sha, LogSize: int64(len(res.log)), ExitCode: 0,
		StartedAt: timestamppb.New(res.start), EndedAt: timestamppb.New(res.end), BaseCommit: base,
		DiffStat: &missionv1.DiffStat{FilesChanged: int32(diff.FilesChanged), Insertions: int32(diff.Insertions),
			Deletions: int32(diff.Deletions), Paths: diff.Paths},
		GateCommand: w.GetPacket().GetGateCommand(),
	}
	resp, err := r.o.Client.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: head,
		Letter: &missionv1.Letter{Schema: domain.Schema, Brain: m.GetBrain(), Phase: missionv1.Phase_PHASE_MERGE_WAIT, Candidate: cand,
			Note: fmt.Sprintf("gate passed in %s; %d files changed", res.end.Sub(res.start).Round(time.Millisecond), diff.FilesChanged)}})
	switch reason := refusal.ReasonOf(err); {
	case err == nil:
	case reason == "SCHEMA_VIOLATION" || reason == "EVIDENCE_MISSING":
		// The gate passed but the candidate cannot stand; say so on the chain rather than
		// leaving the mission to a lease expiry that would only repeat this.
		return out, r.fail(ctx, w, &out, head, "gate passed but the receipt candidate was refused: "+err.Error())
	default:
		return out, err
	}
	out.Phase, out.Letter = resp.GetLetter().GetPhase(), resp.GetLetter()
	return out, nil
}

// cut reports why a run stopped: the lost lease if that is what ended it.
func (r *Runner) cut(ctx context.Context, mu *sync.Mutex, lost *error, err error) error {
	mu.Lock()
	defer mu.Unlock()
	if *lost != nil {
		return *lost
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// fail posts the honest failed letter.
func (r *Runner) fail(ctx context.Context, w *missionv1.Work, out *Outcome, head int64, reason string) error {
	m := w.GetMission()
	if w.GetPhase() == missionv1.Phase_PHASE_JUDGING && head == w.GetHeadSeq() {
		// judging has no arrow to failed; move to executing first so the failure is on the chain.
		resp, err := r.o.Client.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: head,
			Letter: &missionv1.Letter{Schema: domain.Schema, Brain: m.GetBrain(), Phase: missionv1.Phase_PHASE_EXECUTING,
				Note: "runner " + w.GetLease().GetRunnerId() + " executing"}})
		if err != nil {
			return err
		}
		head = resp.GetLetter().GetSeq()
	}
	resp, err := r.o.Client.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: head,
		Letter: &missionv1.Letter{Schema: domain.Schema, Brain: m.GetBrain(), Phase: missionv1.Phase_PHASE_FAILED, Note: reason}})
	if err != nil {
		return err
	}
	out.Phase, out.Letter = resp.GetLetter().GetPhase(), resp.GetLetter()
	return nil
}

func (r *Runner) putLog(ctx context.Context, missionID string, data []byte) (string, error) {
	stream, err := r.o.Client.PutLog(ctx)
	if err != nil {
		return "", err
	}
	const chunk = 1 << 20
	for off := 0; off < len(data) || off == 0; off += chunk {
		end := min(off+chunk, len(data))
		if err := stream.Send(&missionv1.PutLogRequest{MissionId: missionID, Chunk: data[off:end]}); err != nil {
			return "", err
		}
		if end == len(data) {
			break
		}
	}
	resp, err := stream.CloseAndRecv()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	if local := hex.EncodeToString(sum[:]); resp.GetLogSha256() != local {
		return "", fmt.Errorf("runner: the service stored log %s, the runner hashed %s", resp.GetLogSha256(), local)
	}
	return resp.GetLogSha256(), nil
}

// keepLease renews the lease at a third of its remaining life; onLost fires once when the
// service says the lease is gone.
func (r *Runner) keepLease(ctx context.Context, l *missionv1.Lease, onLost func(error)) func() {
	ttl := time.Until(l.GetExpiresAt().AsTime())
	every := ttl / 3
	if every < 50*time.Millisecond {
		every = 50 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				_, err := r.o.Client.RenewLease(ctx, &missionv1.RenewLeaseRequest{LeaseId: l.GetLeaseId()})
				if err == nil || ctx.Err() != nil {
					continue
				}
				if refusal.ReasonOf(err) == "LEASE_NOT_HELD" || status.Code(err) == codes.PermissionDenied {
					onLost(fmt.Errorf("runner: lease %s lost: %w", l.GetLeaseId(), err))
					return
				}
				r.o.Logger.Warn("runner: renew lease", "err", err)
			}
		}
	}()
	return func() { cancel(); <-done }
}

type gateResult struct {
	log        []byte
	exit       int
	err        error
	timedOut   bool
	stage      string
	start, end time.Time
	timeout    time.Duration
}

func (g gateResult) reason(gate, sha string) string {
	var b strings.Builder
	switch {
	case g.timedOut:
		fmt.Fprintf(&b, "%s timed out after %s", g.stage, g.timeout)
	case g.err != nil:
		fmt.Fprintf(&b, "%s could not run: %v", g.stage, g.err)
	default:
		fmt.Fprintf(&b, "%s exited %d", g.stage, g.exit)
	}
	fmt.Fprintf(&b, " (gate `%s`, full log sha256:%s)", gate, sha)
	if tail := lastLines(g.log, 5); tail != "" {
		b.WriteString("\n" + tail)
	}
	return b.String()
}

func lastLines(b []byte, n int) string {
	s := strings.TrimRight(string(b), "\n")
	if s == "" {
		return ""
	}
	ls := strings.Split(s, "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	out := strings.Join(ls, "\n")
	if len(out) > 2000 {
		out = out[len(out)-2000:]
	}
	return out
}

// runGate runs the pinned executor (if any) with the packet on stdin, then the gate, inside
// the worktree, both under the pinned timeout.
func (r *Runner) runGate(ctx context.Context, w *missionv1.Work, wt string) gateResult {
	timeout := w.GetRunner().GetTimeout().AsDuration()
	if timeout <= 0 {
		timeout = domain.DefaultRunnerTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var log bytes.Buffer
	res := gateResult{start: r.o.Now(), timeout: timeout}
	packet, _ := json.Marshal(w.GetPacket())
	steps := []struct{ stage, cmd string }{}
	if c := w.GetRunner().GetCommand(); c != "" {
		steps = append(steps, struct{ stage, cmd string }{"executor", c})
	}
	steps = append(steps, struct{ stage, cmd string }{"gate", w.GetPacket().GetGateCommand()})
	for _, st := range steps {
		fmt.Fprintf(&log, "$ %s\n", st.cmd)
		res.stage = st.stage
		exit, err := shell(ctx, wt, st.cmd, bytes.NewReader(packet), &log)
		res.exit, res.err = exit, err
		if ctx.Err() == context.DeadlineExceeded {
			res.timedOut = true
		}
		if err != nil || exit != 0 || res.timedOut {
			break
		}
	}
	res.end = r.o.Now()
	res.log = log.Bytes()
	return res
}

var _ io.Writer = (*bytes.Buffer)(nil)
