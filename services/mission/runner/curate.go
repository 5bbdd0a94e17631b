package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// The hand-runner (curation-lane §2): it claims one curation at a time over gRPC, runs its
// pinned command once with the curation packet on stdin (no worktree, no gate command) in an
// empty scratch directory, bounded by the curation_timeout, and submits exactly what the
// command printed on stdout. It never reads the store and never writes a skeleton: the
// service validates, sanitizes and applies the proposal.

// maxProposal bounds what the hand-runner reads from its command's stdout (the service's own
// bound on a proposal).
const maxProposal = 1 << 20

// HandOptions configure a HandRunner.
type HandOptions struct {
	Client missionv1.MissionServiceClient
	// ID is the runner id the operator expects; a credential naming another stops the runner.
	ID string
	// Wait is the long-poll wait per claim; default 30s.
	Wait   time.Duration
	Logger *slog.Logger
}

// HandRunner claims and runs curations.
type HandRunner struct{ o HandOptions }

// NewHand returns a HandRunner.
func NewHand(o HandOptions) (*HandRunner, error) {
	if o.Client == nil {
		return nil, errors.New("hand-runner: Client is required")
	}
	if o.Wait <= 0 {
		o.Wait = 30 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &HandRunner{o: o}, nil
}

// HandOutcome is what one curation ended as.
type HandOutcome struct {
	CurationID string
	Curation   *missionv1.Curation
	// Err is the service's refusal of the proposal (the curation failed honestly), if any.
	Err error
}

// RunOnce claims at most one curation and runs it. ran is false when the wait ended empty.
func (h *HandRunner) RunOnce(ctx context.Context) (HandOutcome, bool, error) {
	resp, err := h.o.Client.ClaimCuration(ctx, &missionv1.ClaimCurationRequest{Wait: durationpb.New(h.o.Wait)})
	if err != nil {
		return HandOutcome{}, false, err
	}
	w := resp.GetWork()
	if w == nil {
		return HandOutcome{}, false, nil
	}
	if h.o.ID != "" && w.GetCuration().GetRunnerId() != h.o.ID {
		return HandOutcome{}, false, fmt.Errorf("%w: started as %q, credential is %q", errWrongID, h.o.ID, w.GetCuration().GetRunnerId())
	}
	id := w.GetCuration().GetCurationId()
	req := &missionv1.SubmitCurationRequest{CurationId: id, LeaseId: w.GetLeaseId()}
	out, failure := h.run(ctx, w)
	if ctx.Err() != nil {
		// A stopped runner submits nothing; the lease lapses and the curation fails honestly.
		return HandOutcome{CurationID: id}, true, ctx.Err()
	}
	if failure != "" {
		req.Failure = failure
	} else {
		req.Proposal = out
	}
	sub, err := h.o.Client.SubmitCuration(ctx, req)
	if err != nil {
		if rpcstatus.ReasonOf(err) != "" {
			return HandOutcome{CurationID: id, Err: err}, true, nil
		}
		return HandOutcome{CurationID: id}, true, err
	}
	return HandOutcome{CurationID: id, Curation: sub.GetCuration()}, true, nil
}

// run executes the pinned command once; it returns its stdout, or why there is none.
func (h *HandRunner) run(ctx context.Context, w *missionv1.CurationWork) ([]byte, string) {
	cmdline := strings.TrimSpace(w.GetRunner().GetCommand())
	if cmdline == "" {
		return nil, "the hand-runner has no pinned command in runners.toml"
	}
	timeout := w.GetTimeout().AsDuration()
	if timeout <= 0 {
		timeout = 300 * time.Second
	}
	dir, err := os.MkdirTemp("", "organism-curation-")
	if err != nil {
		return nil, "scratch directory: " + err.Error()
	}
	defer os.RemoveAll(dir)
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	stdout := &capped{max: maxProposal}
	stderr := &capped{max: 4096}
	code, err := shellTo(rctx, dir, cmdline, bytes.NewReader(w.GetPacket()), stdout, stderr)
	switch {
	case err != nil:
		return nil, "command: " + err.Error()
	case rctx.Err() != nil && ctx.Err() == nil:
		return nil, fmt.Sprintf("command timed out after %s (curation_timeout)", timeout)
	case code != 0:
		return nil, fmt.Sprintf("command exited %d: %s", code, strings.TrimSpace(stderr.String()))
	case stdout.over:
		return nil, fmt.Sprintf("command printed more than %d bytes", maxProposal)
	}
	return bytes.TrimSpace(stdout.Bytes()), ""
}

// Loop claims and runs curations until ctx ends.
func (h *HandRunner) Loop(ctx context.Context) error {
	for {
		out, ran, err := h.RunOnce(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			if reason := rpcstatus.ReasonOf(err); reason == "UNPINNED_RUNNER" || reason == "NOT_A_RUNNER" || errors.Is(err, errWrongID) {
				return err
			}
			h.o.Logger.Warn("hand-runner: curation", "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
			continue
		}
		if ran {
			h.o.Logger.Info("hand-runner: curation done", "curation", out.CurationID, "state", out.Curation.GetState().String(), "refusal", out.Err)
		}
	}
}

// capped keeps at most max bytes and remembers whether more came.
type capped struct {
	bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); len(p) > room {
		c.over = true
		if room > 0 {
			c.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return c.Buffer.Write(p)
}
