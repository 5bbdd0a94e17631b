package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/presence"
)

// The targets and scale of services/presence/gitset's BenchmarkScan and BenchmarkRefresh (issue 16):
// a scan of 10 worktrees x 200 changed files within 1 s, and a sidecar's refresh of a worktree within
// 50 ms per beat; a repository of 1,000 files of 60 lines, each worktree with 50 files changed in a
// commit ahead of main, 100 edited and not staged (two hunks each) and 50 untracked.
const (
	gitScanTarget    = time.Second
	gitRefreshTarget = 50 * time.Millisecond
	gitBenchFiles    = 1000
	gitBenchChanged  = 200
	gitBenchTrees    = 10
)

// BenchmarkPresenceScanCLI: `organism presence scan --json` through the command tree against a real
// presence server on loopback, on the gitset scan's repository; half the worktrees are owned by a
// live session, so the roster's worktrees are matched as well. The domain's figure is gitset's
// BenchmarkScan (the derive alone); this adds dialing, paging the roster and printing.
func BenchmarkPresenceScanCLI(b *testing.B) {
	fx := presenceBenchFixture(b)
	for w, wt := range fx.trees[:gitBenchTrees/2] {
		if _, err := fx.run(fmt.Sprintf("owner-%d", w), "presence", "join", "--from-git", "--worktree", wt, "--target", "main", "--ttl", "3600"); err != nil {
			b.Fatal(err)
		}
	}
	scan := func() {
		out, err := fx.run("scanner", "presence", "scan", "--repo", fx.main, "--target", "main", "--json")
		if err != nil {
			b.Fatalf("presence scan: %v\n%s", err, out)
		}
		var rep scanReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			b.Fatalf("presence scan --json: %v\n%s", err, out)
		}
		if rep.Scanned != gitBenchTrees+1 || rep.Unowned != gitBenchTrees/2 {
			b.Fatalf("presence scan: got %d scanned, %d unowned; want %d and %d", rep.Scanned, rep.Unowned, gitBenchTrees+1, gitBenchTrees/2)
		}
		for _, r := range rep.Worktrees {
			if r.Changed != gitBenchChanged {
				b.Fatalf("%s: got %d changed files, want %d", r.Worktree, r.Changed, gitBenchChanged)
			}
		}
	}
	scan()
	b.ResetTimer()
	for b.Loop() {
		scan()
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/scan")
	b.ReportMetric(float64(per)/float64(gitScanTarget), "ratio-to-1s")
}

// BenchmarkPresenceJoinFromGitCLI: `organism presence join --from-git --id ID` of one worktree with
// 200 changed files, re-announcing the same presence: the CLI's whole run short of the process start
// (dial, a full derive from git as gitset's BenchmarkRefresh/edited does, Register with its
// collisions against the other worktrees' sessions, printing), against the 50 ms refresh target.
func BenchmarkPresenceJoinFromGitCLI(b *testing.B) {
	fx := presenceBenchFixture(b)
	for w, wt := range fx.trees[1:] {
		if _, err := fx.run(fmt.Sprintf("peer-%d", w), "presence", "join", "--from-git", "--worktree", wt, "--target", "main", "--ttl", "3600"); err != nil {
			b.Fatal(err)
		}
	}
	args := []string{"presence", "join", "--from-git", "--worktree", fx.trees[0], "--target", "main", "--ttl", "3600", "--json"}
	join := func(extra ...string) string {
		out, err := fx.run("joiner", append(args, extra...)...)
		if err != nil {
			b.Fatalf("presence join: %v\n%s", err, out)
		}
		var p struct {
			PresenceID string   `json:"presence_id"`
			WorkingSet []string `json:"working_set"`
			Collisions []any    `json:"collisions"`
		}
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			b.Fatalf("presence join --json: %v\n%s", err, out)
		}
		if len(p.WorkingSet) != gitBenchChanged || len(p.Collisions) == 0 {
			b.Fatalf("presence join: got %d working-set entries and %d collisions, want %d and some", len(p.WorkingSet), len(p.Collisions), gitBenchChanged)
		}
		return p.PresenceID
	}
	id := join()
	b.ResetTimer()
	for b.Loop() {
		join("--id", id)
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/join")
	b.ReportMetric(float64(per)/float64(gitRefreshTarget), "ratio-to-50ms")
}

// BenchmarkPresenceSidecarBeat: one beat of `presence join --from-git --keep`'s sidecar (its own
// code: refresh from git, then a Beats round trip, or a Register when the changes moved) over a real
// connection, when nothing moved and when a file was just edited; gitset's BenchmarkRefresh is the
// domain's figure, against the same 50 ms per beat.
func BenchmarkPresenceSidecarBeat(b *testing.B) {
	fx := presenceBenchFixture(b)
	wt := fx.trees[0]
	target := filepath.Join(wt, filepath.FromSlash(gitBenchPath(60)))
	original, err := os.ReadFile(target)
	if err != nil {
		b.Fatal(err)
	}
	// The fixture is reused by later runs: leave the edited file as it was.
	b.Cleanup(func() { _ = os.WriteFile(target, original, 0o644) })
	for w, peer := range fx.trees[1:] {
		if _, err := fx.run(fmt.Sprintf("peer-%d", w), "presence", "join", "--from-git", "--worktree", peer, "--target", "main", "--ttl", "3600"); err != nil {
			b.Fatal(err)
		}
	}
	for _, bc := range []struct {
		name string
		edit bool
	}{{"unchanged", false}, {"edited", true}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			conn, err := grpcserver.Dial(fx.addr, grpcserver.DialOptions{Credentials: auth.Bearer(fx.token(b, "keeper"))})
			if err != nil {
				b.Fatal(err)
			}
			defer conn.Close()
			client := presencev1.NewPresenceServiceClient(conn)
			req := &presencev1.RegisterRequest{Kind: "executor", Intent: presencev1.Intent_INTENT_MUTATE, Worktree: wt, TtlSeconds: 3600}
			watcher, err := joinFromGit(ctx, req, wt, "main", nil)
			if err != nil {
				b.Fatal(err)
			}
			resp, err := client.Register(ctx, req)
			if err != nil {
				b.Fatal(err)
			}
			sc := newSidecar(client, resp.GetPresence(), req, io.Discard, false)
			sc.git = watcher
			st, err := client.Beats(ctx)
			if err != nil {
				b.Fatal(err)
			}
			defer st.CloseSend()
			derives := watcher.Derives
			i := 0
			b.ResetTimer()
			for b.Loop() {
				if bc.edit {
					b.StopTimer()
					i++
					if err := os.WriteFile(target, []byte(gitBenchEdit(gitBenchLines(60), 3, 40, 10+i%40)), 0o644); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if err := sc.beat(ctx, st); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if got := watcher.Derives - derives; bc.edit != (got > 0) {
				b.Fatalf("got %d full derives over %d beats, want them only when a file was edited", got, b.N)
			}
			if len(sc.shown) == 0 {
				b.Fatalf("got no collisions, want the peers' overlapping worktrees")
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/beat")
			b.ReportMetric(float64(per)/float64(gitRefreshTarget), "ratio-to-50ms")
			b.ReportMetric(float64(watcher.Derives-derives), "derives")
		})
	}
}

// presenceBench is a presence server on loopback and the gitset benchmarks' repository.
type presenceBench struct {
	addr   string
	signer *auth.Signer
	main   string
	trees  []string
}

func presenceBenchFixture(b *testing.B) *presenceBench {
	b.Helper()
	main, trees, err := presenceBenchRepo()
	if err != nil {
		b.Fatal(err)
	}
	svc, err := presence.Open(context.Background(), presence.Options{DataDir: b.TempDir(), Logger: slog.New(slog.DiscardHandler), SweepInterval: -1})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { svc.Close() })
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := auth.NewSigner(key, nil)
	lisAddr := serveLoopback(b, signer, svc.Register)
	return &presenceBench{addr: lisAddr, signer: signer, main: main, trees: trees}
}

func (fx *presenceBench) token(b *testing.B, agent string) string {
	tok, err := fx.signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: agent, Seat: "executor", Brain: "alpha", TTL: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	return tok
}

// run runs one CLI verb as agent of brain alpha, as its own invocation (it dials afresh).
func (fx *presenceBench) run(agent string, args ...string) (string, error) {
	tok, err := fx.signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: agent, Seat: "executor", Brain: "alpha", TTL: time.Hour})
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var out bytes.Buffer
	err = dispatch(ctx, append(args, "--addr", fx.addr, "--token", tok), &out)
	return out.String(), err
}

// presenceBenchRepo builds the gitset benchmarks' repository once per machine in the temp dir
// (a marker says the build finished) and returns main and its worktrees.
func presenceBenchRepo() (string, []string, error) {
	root := filepath.Join(os.TempDir(), "organism-cli-bench-presence-v1")
	main := filepath.Join(root, "main")
	var trees []string
	for w := range gitBenchTrees {
		trees = append(trees, filepath.Join(root, fmt.Sprintf("w%d", w)))
	}
	if _, err := os.Stat(filepath.Join(root, ".bench-complete")); err == nil {
		return main, trees, nil
	}
	if err := os.RemoveAll(root); err != nil {
		return "", nil, err
	}
	bld := &gitBenchBuilder{}
	bld.mkdir(main)
	bld.git(main, "init", "-q", "-b", "main")
	bld.git(main, "config", "user.name", "Bench")
	bld.git(main, "config", "user.email", "bench@example.invalid")
	bld.git(main, "config", "commit.gpgsign", "false")
	for i := range gitBenchFiles {
		bld.write(main, gitBenchPath(i), gitBenchLines(60))
	}
	bld.git(main, "add", "-A")
	bld.git(main, "commit", "-q", "-m", "base")
	for w, wt := range trees {
		off := w * 97 // each worktree works on its own stretch, overlapping its neighbours'
		bld.git(main, "worktree", "add", "-q", "-b", fmt.Sprintf("w%d", w), wt, "main")
		for k := range 50 {
			bld.write(wt, gitBenchPath((off+k)%gitBenchFiles), gitBenchEdit(gitBenchLines(60), 7))
		}
		bld.git(wt, "add", "-A")
		bld.git(wt, "commit", "-q", "-m", "ahead")
		for k := 50; k < 150; k++ {
			bld.write(wt, gitBenchPath((off+k)%gitBenchFiles), gitBenchEdit(gitBenchLines(60), 3, 40))
		}
		for k := range 50 {
			bld.write(wt, fmt.Sprintf("new/w%d/n%d.go", w, k), "package n\n")
		}
	}
	if bld.err != nil {
		return "", nil, bld.err
	}
	return main, trees, os.WriteFile(filepath.Join(root, ".bench-complete"), nil, 0o644)
}

// gitBenchBuilder runs the build's steps until the first fails, and keeps that error.
type gitBenchBuilder struct{ err error }

func (g *gitBenchBuilder) mkdir(dir string) {
	if g.err == nil {
		g.err = os.MkdirAll(dir, 0o755)
	}
}

func (g *gitBenchBuilder) git(dir string, args ...string) {
	if g.err != nil {
		return
	}
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		g.err = fmt.Errorf("git %s: %w\n%s", strings.Join(args, " "), err, out)
	}
}

func (g *gitBenchBuilder) write(dir, rel, body string) {
	g.mkdir(filepath.Dir(filepath.Join(dir, filepath.FromSlash(rel))))
	if g.err == nil {
		g.err = os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(body), 0o644)
	}
}

func gitBenchPath(i int) string { return fmt.Sprintf("src/d%02d/f%03d.go", i%40, i) }

func gitBenchLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// gitBenchEdit replaces the given 1-based lines with marked ones.
func gitBenchEdit(text string, at ...int) string {
	ls := strings.SplitAfter(text, "\n")
	for _, i := range at {
		ls[i-1] = fmt.Sprintf("changed %d\n", i)
	}
	return strings.Join(ls, "")
}
