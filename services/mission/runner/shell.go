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

// shell runs cmd with sh -c in dir, its own process group so a timeout kills every child,
// stdout and stderr both into log. A non-zero exit is reported as exit, not as err.
func shell(ctx context.Context, dir, cmdline string, stdin io.Reader, log io.Writer) (int, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", cmdline)
	cmd.Dir = dir
	cmd.Stdin = stdin
	cmd.Stdout, cmd.Stderr = log, log
	cmd.Env = append(os.Environ(), "ORGANISM_WORKTREE="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ctx.Err() != nil {
			return -1, nil
		}
		return ee.ExitCode(), nil
	}
	if err != nil {
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
