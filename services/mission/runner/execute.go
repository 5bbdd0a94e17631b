package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/gitrepo"
)

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
	// The change outlives the worktree: one commit on the base, authored by the executor and
	// kept under the mission's ref in the brain's repository, never on a branch.
	runnerID := w.GetLease().GetRunnerId()
	ref := domain.MissionRef(m.GetMissionId())
	commit, err := gitrepo.CommitCandidate(ctx, wt, ref, domain.ExecutorIdentity(runnerID),
		fmt.Sprintf("organism mission %s: %s\n\nGate: %s\nGate-Log: sha256:%s\n", m.GetMissionId(), title(w), w.GetPacket().GetGateCommand(), sha))
	if err != nil {
		return out, r.fail(ctx, w, &out, head, "gate passed but the change could not be committed: "+err.Error())
	}
	cand := &missionv1.ReceiptCandidate{
		LogSha256: sha, LogSize: int64(len(res.log)), ExitCode: 0,
		StartedAt: timestamppb.New(res.start), EndedAt: timestamppb.New(res.end), BaseCommit: base,
		DiffStat: &missionv1.DiffStat{FilesChanged: int32(diff.FilesChanged), Insertions: int32(diff.Insertions),
			Deletions: int32(diff.Deletions), Paths: diff.Paths},
		GateCommand: w.GetPacket().GetGateCommand(), Commit: commit, Ref: ref,
	}
	resp, err := r.o.Client.PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: head,
		Letter: &missionv1.Letter{Schema: domain.Schema, Brain: m.GetBrain(), Phase: missionv1.Phase_PHASE_MERGE_WAIT, Candidate: cand,
			Note: fmt.Sprintf("gate passed in %s; %d files changed", res.end.Sub(res.start).Round(time.Millisecond), diff.FilesChanged)}})
	switch reason := rpcstatus.ReasonOf(err); {
	case err == nil:
	case reason == "SCHEMA_VIOLATION" || reason == "EVIDENCE_MISSING" || reason == "EVIDENCE_MISMATCH":
		// The gate passed but the candidate cannot stand; say so on the chain rather than
		// leaving the mission to a lease expiry that would only repeat this.
		return out, r.fail(ctx, w, &out, head, "gate passed but the receipt candidate was refused: "+err.Error())
	default:
		return out, err
	}
	out.Phase, out.Letter = resp.GetLetter().GetPhase(), resp.GetLetter()
	return out, nil
}

// title is the mission's one-line name for its candidate commit.
func title(w *missionv1.Work) string {
	if t := w.GetPacket().GetTitle(); t != "" {
		return t
	}
	if t := w.GetMission().GetTitle(); t != "" {
		return t
	}
	return "candidate"
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

// keepLease renews the lease at a third of its remaining life, on the runner's clock; onLost
// fires once when the service says the lease is gone, and renewals stop.
func (r *Runner) keepLease(ctx context.Context, l *missionv1.Lease, onLost func(error)) func() {
	ttl := l.GetExpiresAt().AsTime().Sub(r.o.Clock.Now())
	every := max(ttl/3, 50*time.Millisecond)
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		clock.Loop(ctx, r.o.Clock, every, func(ctx context.Context) {
			_, err := r.o.Client.RenewLease(ctx, &missionv1.RenewLeaseRequest{LeaseId: l.GetLeaseId()})
			if err == nil || ctx.Err() != nil {
				return
			}
			if rpcstatus.ReasonOf(err) == "LEASE_NOT_HELD" || status.Code(err) == codes.PermissionDenied {
				onLost(fmt.Errorf("runner: lease %s lost: %w", l.GetLeaseId(), err))
				cancel()
				return
			}
			r.o.Logger.Warn("runner: renew lease", "err", err)
		})
	}()
	return func() { cancel(); <-done }
}
