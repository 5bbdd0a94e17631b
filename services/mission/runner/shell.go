package runner

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// groupLeader is the process-group leader every step runs under, as sh -c groupLeader
// organism-gate CMDLINE. It exists so no gate child outlives its run, however the run ends:
//   - the runner cancels or times out: the runner kills the whole group (shell's Cancel);
//   - the runner dies, even by SIGKILL: the watcher's read of fd 3, a pipe whose only write
//     end the runner holds, sees end-of-file and the watcher kills the group;
//   - the gate exits but left background children: the leader, ignoring TERM itself, sends
//     TERM to the group before reporting the gate's status, and the runner follows with KILL.
//
// The gate runs in the foreground so it keeps the packet on stdin.
const groupLeader = `(read lifeline <&3; kill -9 0) </dev/null &
exec 3<&-
sh -c "$1"
rc=$?
trap '' TERM
kill -TERM 0
exit $rc`

// shell runs cmd with sh -c in dir under groupLeader in a process group of its own, stdout
// and stderr both into log. A non-zero exit is reported as exit, not as err.
func shell(ctx context.Context, dir, cmdline string, stdin io.Reader, log io.Writer) (int, error) {
	return shellTo(ctx, dir, cmdline, stdin, log, log)
}

// shellTo is shell with stdout and stderr kept apart (the hand-runner submits its command's
// stdout and reports its stderr).
func shellTo(ctx context.Context, dir, cmdline string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	lifeline, keep, err := os.Pipe()
	if err != nil {
		return -1, err
	}
	// The write end stays open, and referenced, until the group is gone; closing it earlier
	// (or letting it be collected) would read as the runner's death and kill the gate.
	defer keep.Close()
	cmd := exec.CommandContext(ctx, "sh", "-c", groupLeader, "organism-gate", cmdline)
	cmd.Dir = dir
	cmd.Stdin = stdin
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.ExtraFiles = []*os.File{lifeline}
	cmd.Env = commandEnv(runnerEnv(), dir) // never the runner's credential (env.go)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		lifeline.Close()
		return -1, err
	}
	lifeline.Close()
	err = cmd.Wait()
	// Whatever ignored the leader's TERM goes now. While any member lives the kernel keeps the
	// group id from being reused; with none left this finds no group (ESRCH) unless the pid
	// space wrapped around onto a new group leader in the microseconds since Wait.
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ctx.Err() != nil {
			return -1, nil
		}
		return ee.ExitCode(), nil
	}
	if err != nil && !errors.Is(err, exec.ErrWaitDelay) {
		return -1, err
	}
	return 0, nil
}

// samePlace reports whether two paths resolve to the same directory or a is inside b.
func samePlace(a, b string) (bool, error) {
	ra, err := filepath.EvalSymlinks(a)
	if err != nil {
		return false, err
	}
	rb, err := filepath.EvalSymlinks(b)
	if err != nil {
		return false, err
	}
	rel, err := filepath.Rel(rb, ra)
	if err != nil {
		return false, err
	}
	return rel == "." || (len(rel) > 0 && rel[0] != '.'), nil
}
