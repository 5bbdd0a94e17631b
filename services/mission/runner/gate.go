package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

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
	res := gateResult{start: r.o.Clock.Now(), timeout: timeout}
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
	res.end = r.o.Clock.Now()
	res.log = log.Bytes()
	return res
}
