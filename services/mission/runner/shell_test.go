package runner

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// patience bounds how long a test waits for the kernel to deliver a kill or for a helper to
// write its pid file; it is a liveness bound, not a speed target.
const patience = 20 * time.Second

// waitFor polls cond until it holds or patience runs out.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// alive reports whether pid is a running process; a zombie (killed, not yet reaped by
// whoever adopted it) counts as dead.
func alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name.
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

func readPid(t *testing.T, path string) int {
	t.Helper()
	var pid int
	waitFor(t, "the gate's child to write its pid", func() bool {
		b, err := os.ReadFile(path)
		if err != nil {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil && pid > 0
	})
	return pid
}

// TestShellLeavesNoChild: however a gate step ends, the background child it started is gone
// afterwards, and the gate's own exit status and stdin are what they were.
func TestShellLeavesNoChild(t *testing.T) {
	tests := []struct {
		name    string
		cmd     string
		timeout time.Duration
		cancel  bool // cancel the run once the child is up, as a stopping runner does
		want    int
		wantLog string
	}{
		{name: "gate times out", cmd: "sleep 300 & echo $! > child.pid; wait", timeout: 500 * time.Millisecond, want: -1},
		{name: "runner cancels", cmd: "sleep 300 & echo $! > child.pid; wait", cancel: true, want: -1},
		{name: "gate exits leaving a child", cmd: "sleep 300 & echo $! > child.pid; exit 3", want: 3},
		{name: "child ignores TERM", cmd: "sh -c 'trap \"\" TERM; echo $$ > child.pid; sleep 300' >/dev/null 2>&1 & wait_for() { while [ ! -s child.pid ]; do sleep 0.01; done; }; wait_for; exit 0", want: 0},
		{name: "packet on stdin, status kept", cmd: "cat; sleep 300 & echo $! > child.pid; exit 7", want: 7, wantLog: "the packet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.timeout > 0 {
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			if tc.cancel {
				go func() {
					readPid(t, filepath.Join(dir, "child.pid"))
					cancel()
				}()
			}
			var log bytes.Buffer
			exit, err := shell(ctx, dir, tc.cmd, strings.NewReader("the packet"), &log)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if exit != tc.want {
				t.Errorf("got exit %d, want %d (log %q)", exit, tc.want, log.String())
			}
			if !strings.Contains(log.String(), tc.wantLog) {
				t.Errorf("got log %q, want it to hold %q", log.String(), tc.wantLog)
			}
			child := readPid(t, filepath.Join(dir, "child.pid"))
			waitFor(t, "the gate's child to die", func() bool { return !alive(child) })
		})
	}
}

// helperDirEnv makes this test binary act as a runner mid-gate for TestShellRunnerKilled.
const helperDirEnv = "ORGANISM_SHELL_HELPER_DIR"

func TestShellHelperProcess(t *testing.T) {
	dir := os.Getenv(helperDirEnv)
	if dir == "" {
		return // only meaningful as the child of TestShellRunnerKilled
	}
	_, _ = shell(context.Background(), dir, "sleep 300 & echo $! > child.pid; wait", nil, &bytes.Buffer{})
	os.Exit(0)
}

// TestShellRunnerKilled: a runner killed with SIGKILL runs no cleanup of its own, yet its
// gate's children die with it.
func TestShellRunnerKilled(t *testing.T) {
	dir := t.TempDir()
	helper := exec.Command(os.Args[0], "-test.run=^TestShellHelperProcess$")
	helper.Env = append(os.Environ(), helperDirEnv+"="+dir)
	if err := helper.Start(); err != nil {
		t.Fatal(err)
	}
	child := readPid(t, filepath.Join(dir, "child.pid"))
	if !alive(child) {
		t.Fatal("got the gate's child dead before the runner was killed, want it running")
	}
	if err := helper.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = helper.Wait()
	waitFor(t, "the killed runner's gate child to die", func() bool { return !alive(child) })
}

// TestCommandEnv: which variables a command keeps of its runner's environment.
func TestCommandEnv(t *testing.T) {
	tests := []struct {
		name string
		in   string
		keep bool
	}{
		{name: "the runner's token", in: "ORGANISM_TOKEN=t"},
		{name: "a server's own credential", in: "ORGANISM_SERVICE_TOKEN=t"},
		{name: "the gateway's credential", in: "ORGANISM_GATEWAY_TOKEN=t"},
		{name: "the mutual-TLS key", in: "ORGANISM_TLS_KEY=/k.pem"},
		{name: "any suite secret by its suffix", in: "ORGANISM_PEER_SECRET=s"},
		{name: "lower-case spelling", in: "organism_token=t"},
		{name: "a code host token", in: "GITHUB_TOKEN=t"},
		{name: "a stale worktree variable is replaced", in: "ORGANISM_WORKTREE=/elsewhere"},
		{name: "the address", in: "ORGANISM_ADDR=h:1", keep: true},
		{name: "the TLS certificate (public)", in: "ORGANISM_TLS_CERT=/c.pem", keep: true},
		{name: "PATH", in: "PATH=/usr/bin", keep: true},
		{name: "a tool's own variable", in: "GOFLAGS=-mod=mod", keep: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := commandEnv([]string{tc.in}, "/wt")
			kept := len(got) == 2 && got[0] == tc.in
			if kept != tc.keep {
				t.Errorf("got %q, want kept=%t", got, tc.keep)
			}
			if last := got[len(got)-1]; last != "ORGANISM_WORKTREE=/wt" {
				t.Errorf("got last %q, want ORGANISM_WORKTREE=/wt", last)
			}
		})
	}
}
