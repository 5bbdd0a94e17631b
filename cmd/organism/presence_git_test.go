package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
)

// presenceRepo is a real repository built by the test: main with src/a.go of 40 lines, and the
// named worktrees branched from it.
func presenceRepo(t *testing.T, worktrees ...string) (string, map[string]string) {
	t.Helper()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	main := filepath.Join(root, "main")
	if err := os.MkdirAll(main, 0o755); err != nil {
		t.Fatal(err)
	}
	presenceGit(t, main, "init", "-q", "-b", "main")
	presenceGit(t, main, "config", "user.name", "Test")
	presenceGit(t, main, "config", "user.email", "test@example.invalid")
	presenceWrite(t, main, "src/a.go", presenceLines(40))
	presenceWrite(t, main, "README.md", "readme\n")
	presenceGit(t, main, "add", "-A")
	presenceGit(t, main, "commit", "-q", "-m", "base")
	wts := map[string]string{}
	for _, w := range worktrees {
		wts[w] = filepath.Join(root, w)
		presenceGit(t, main, "worktree", "add", "-q", "-b", w, wts[w], "main")
	}
	return main, wts
}

func presenceGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func presenceWrite(t *testing.T, dir, path, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func presenceLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// presenceRewrite is presenceLines(40) with the given lines changed.
func presenceRewrite(at ...int) string {
	ls := strings.SplitAfter(presenceLines(40), "\n")
	for _, i := range at {
		ls[i-1] = fmt.Sprintf("changed %d\n", i)
	}
	return strings.Join(ls, "")
}

// presenceAgents runs CLI verbs as agents of brain alpha against addr.
func presenceAgents(t *testing.T, addr string, signer *auth.Signer) func(agent string, args ...string) (string, error) {
	return func(agent string, args ...string) (string, error) {
		tok, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: agent, Seat: "executor", Brain: "alpha", TTL: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err = dispatch(context.Background(), append(args, "--addr", addr, "--token", tok), &out)
		return out.String(), err
	}
}

// TestJoinFromGit: the working set is what the worktree changed, and a collision between two
// git-derived sessions is labelled by whether their changed lines meet.
func TestJoinFromGit(t *testing.T) {
	tests := []struct {
		name      string
		bo        func(t *testing.T, dir string)
		want      string // regular expression over bo's join output
		wantNoCol bool
	}{
		{"the same lines", func(t *testing.T, dir string) { presenceWrite(t, dir, "src/a.go", presenceRewrite(4, 5)) },
			`hot collision in alpha: prs_\w+ \(bo, -\) x prs_\w+ \(ada, -\): src/a\.go \(hot\)`, false},
		{"lines apart", func(t *testing.T, dir string) { presenceWrite(t, dir, "src/a.go", presenceRewrite(30)) },
			`soft collision in alpha: .*src/a\.go \(soft\)`, false},
		{"a committed change counts", func(t *testing.T, dir string) {
			presenceWrite(t, dir, "src/a.go", presenceRewrite(3))
			presenceGit(t, dir, "commit", "-q", "-am", "bo's work")
		}, `hot collision in alpha`, false},
		{"another file", func(t *testing.T, dir string) { presenceWrite(t, dir, "src/b.go", "package b\n") }, ``, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, signer := presenceServer(t)
			run := presenceAgents(t, addr, signer)
			_, wts := presenceRepo(t, "ada", "bo")
			presenceWrite(t, wts["ada"], "src/a.go", presenceRewrite(3, 4))
			presenceWrite(t, wts["ada"], "notes.txt", "untracked\n")
			out, err := run("ada", "presence", "join", "--from-git", "--worktree", wts["ada"], "--json")
			if err != nil {
				t.Fatal(err)
			}
			var p struct {
				WorkingSet []string `json:"working_set"`
				Worktree   string   `json:"worktree"`
				Base       string   `json:"base"`
				Changes    []struct {
					Path  string `json:"path"`
					Hunks []struct {
						Start int `json:"start"`
						Count int `json:"count"`
					} `json:"hunks"`
				} `json:"changes"`
			}
			if err := json.Unmarshal([]byte(out), &p); err != nil {
				t.Fatalf("--json: %v in %q", err, out)
			}
			if strings.Join(p.WorkingSet, ",") != "notes.txt,src/a.go" || p.Worktree != wts["ada"] || len(p.Base) != 40 {
				t.Fatalf("ada's presence: got working set %q in %q base %q, want notes.txt and src/a.go in %q with a base", p.WorkingSet, p.Worktree, p.Base, wts["ada"])
			}
			if len(p.Changes) != 2 || p.Changes[1].Path != "src/a.go" || len(p.Changes[1].Hunks) != 1 || p.Changes[1].Hunks[0].Start != 3 || p.Changes[1].Hunks[0].Count != 2 {
				t.Fatalf("ada's changes: got %+v, want notes.txt added and src/a.go lines 3-4", p.Changes)
			}
			tt.bo(t, wts["bo"])
			out, err = run("bo", "presence", "join", "--from-git", "--worktree", wts["bo"])
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantNoCol {
				if strings.Contains(out, "collision") {
					t.Fatalf("got %q, want no collision", out)
				}
				return
			}
			if !regexp.MustCompile(tt.want).MatchString(out) {
				t.Fatalf("bo's join: got %q, want %q", out, tt.want)
			}
			// ada sees the same heat in the roster.
			heat := regexp.MustCompile(`(hot|soft) collision`).FindStringSubmatch(out)[1]
			ls, err := run("ada", "presence", "ls")
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(`prs_\w+\(bo,` + heat + `\)`).MatchString(ls) {
				t.Fatalf("ada's ls: got %q, want bo marked %s", ls, heat)
			}
		})
	}
	addr, signer := presenceServer(t)
	run := presenceAgents(t, addr, signer)
	_, wts := presenceRepo(t, "ada")
	if _, err := run("ada", "presence", "join", "--from-git", "--worktree", wts["ada"], "--target", "no-such-branch"); err == nil || !strings.Contains(err.Error(), "no-such-branch") {
		t.Fatalf("unknown target: got %v, want an error naming it", err)
	}
	if _, err := run("ada", "presence", "join", "--target", "main"); exitCode(err) != 2 {
		t.Fatalf("--target without --from-git: got %v (exit %d), want a usage error", err, exitCode(err))
	}
}

// presenceOutput is an output a sidecar writes while the test reads.
type presenceOutput struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *presenceOutput) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *presenceOutput) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSidecarCollisionWithinOneBeat: two sessions joined from git with --keep; when one of
// them starts changing the lines the other changed, its own next beat reports the collision
// and the other's next beat after that does too: both see it within one beat interval of it
// beginning. Beats are counted on a fake clock, never timed.
func TestSidecarCollisionWithinOneBeat(t *testing.T) {
	addr, signer := presenceServer(t)
	_, wts := presenceRepo(t, "ada", "bo")
	clk := clock.NewFake(time.Date(2026, 7, 12, 9, 0, 0, 0, time.UTC))
	beaten := make(chan string, 16)
	sidecarClock, sidecarBeaten = clk, func(id string, _ int) { beaten <- id }
	t.Cleanup(func() { sidecarClock, sidecarBeaten = clock.Real{}, nil })

	presenceWrite(t, wts["ada"], "src/a.go", presenceRewrite(10, 11))
	ctx, cancel := context.WithCancel(context.Background())
	outs := map[string]*presenceOutput{"ada": {}, "bo": {}}
	done := make(chan error, 2)
	for _, who := range []string{"ada", "bo"} {
		tok, err := signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: who, Seat: "executor", Brain: "alpha", TTL: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			done <- dispatch(ctx, []string{"presence", "join", "--from-git", "--keep", "--ttl", "30", "--worktree", wts[who],
				"--addr", addr, "--token", tok}, outs[who])
		}()
	}
	defer func() {
		cancel()
		for range 2 {
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("sidecar: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("a sidecar did not leave within 10 s of being interrupted")
			}
		}
	}()
	ids := map[string]string{}
	idOf := regexp.MustCompile(`joined (prs_[0-9a-f]{12}) as (\w+)`)
	// One beat interval: both sidecars wait on their tickers, the clock moves a third of the
	// TTL, and each reports its beat done.
	beat := func(n int) {
		t.Helper()
		clk.BlockUntil(2)
		clk.Advance(10 * time.Second)
		for range 2 {
			select {
			case <-beaten:
			case <-time.After(10 * time.Second):
				t.Fatalf("beat %d: a sidecar did not beat within 10 s", n)
			}
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(ids) < 2 && time.Now().Before(deadline) {
		for who, out := range outs {
			if m := idOf.FindStringSubmatch(out.String()); m != nil {
				ids[who] = m[1]
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(ids) < 2 {
		t.Fatalf("both sessions should have joined: got %v", ids)
	}
	beat(1)
	if strings.Contains(outs["ada"].String()+outs["bo"].String(), "collision in") {
		t.Fatalf("before bo changes anything: got a collision\nada: %s\nbo: %s", outs["ada"], outs["bo"])
	}
	// bo starts editing ada's lines; the collision begins with bo's next beat (its refresh).
	presenceWrite(t, wts["bo"], "src/a.go", presenceRewrite(11))
	beat(2)
	want := "hot collision in alpha: "
	if !strings.Contains(outs["bo"].String(), want+ids["bo"]) {
		t.Fatalf("bo after the beat that refreshed its working set: got %q, want a hot collision", outs["bo"])
	}
	beat(3)
	if !strings.Contains(outs["ada"].String(), want+ids["ada"]) {
		t.Fatalf("ada one beat after the collision began: got %q, want a hot collision", outs["ada"])
	}
	// bo moves its change away: the heat drops to soft on both sides within the same bound.
	presenceWrite(t, wts["bo"], "src/a.go", presenceRewrite(35))
	beat(4)
	beat(5)
	for who, out := range outs {
		if !strings.Contains(out.String(), "soft collision in alpha: "+ids[who]) {
			t.Errorf("%s after bo moved away: got %q, want the collision reported again as soft", who, out)
		}
	}
}

// TestPresenceScan: every worktree is inspected; the ones with changes that no live presence
// names are reported as unowned.
func TestPresenceScan(t *testing.T) {
	addr, signer := presenceServer(t)
	run := presenceAgents(t, addr, signer)
	main, wts := presenceRepo(t, "owned", "orphan", "clean")
	presenceWrite(t, wts["owned"], "src/a.go", presenceRewrite(1))
	presenceWrite(t, wts["orphan"], "src/new.go", "package x\n")
	presenceWrite(t, wts["orphan"], "README.md", "changed\n")
	presenceGit(t, wts["orphan"], "add", "README.md")
	presenceGit(t, wts["orphan"], "commit", "-q", "-m", "orphan work")
	if _, err := run("ada", "presence", "join", "--from-git", "--worktree", wts["owned"]); err != nil {
		t.Fatal(err)
	}

	out, err := run("bo", "presence", "scan", "--repo", main)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(regexp.QuoteMeta(wts["orphan"]) + `\s+orphan\s+1\s+2\s+UNOWNED`).MatchString(out) {
		t.Errorf("scan: got %q, want the orphan worktree unowned with 1 commit ahead and 2 files", out)
	}
	if strings.Contains(out, wts["owned"]) || strings.Contains(out, wts["clean"]) {
		t.Errorf("scan without --all: got %q, want only unowned worktrees with changes", out)
	}
	if !strings.Contains(out, "4 worktrees scanned against main; 1 unowned with changes") {
		t.Errorf("scan summary: got %q", out)
	}
	// One worktree (the repository alone) is counted in the singular.
	lone, _ := presenceRepo(t)
	if out, err := run("bo", "presence", "scan", "--repo", lone); err != nil || !strings.Contains(out, "1 worktree scanned against main; 0 unowned with changes") {
		t.Errorf("scan of a lone repository: got %q (%v), want \"1 worktree scanned against main; 0 unowned with changes\"", out, err)
	}
	out, err = run("bo", "presence", "scan", "--repo", wts["clean"], "--all", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep scanReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json: %v in %q", err, out)
	}
	rows := map[string]scanRow{}
	for _, r := range rep.Worktrees {
		rows[r.Worktree] = r
	}
	if len(rows) != 4 || rep.Unowned != 1 {
		t.Fatalf("--all: got %d worktrees, %d unowned, want 4 and 1: %+v", len(rows), rep.Unowned, rep)
	}
	if r := rows[wts["owned"]]; r.Unowned || len(r.Owners) != 1 || !strings.HasSuffix(r.Owners[0], "(ada)") || r.Changed != 1 {
		t.Errorf("owned: got %+v, want owned by ada with 1 change", r)
	}
	if r := rows[wts["clean"]]; r.Unowned || r.Changed != 0 {
		t.Errorf("clean: got %+v, want no changes", r)
	}
	if r := rows[wts["orphan"]]; !r.Unowned || strings.Join(r.Files, ",") != "README.md,src/new.go" {
		t.Errorf("orphan: got %+v, want unowned with README.md and src/new.go", r)
	}
}
