package gitset

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repo is a real git repository built by a test, with its identity set locally.
type repo struct {
	tb  testing.TB
	dir string
}

func newRepo(tb testing.TB) *repo {
	tb.Helper()
	r := &repo{tb: tb, dir: filepath.Join(tb.TempDir(), "main")}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	r.git(r.dir, "init", "-q", "-b", "main")
	r.git(r.dir, "config", "user.name", "Test")
	r.git(r.dir, "config", "user.email", "test@example.invalid")
	r.git(r.dir, "config", "commit.gpgsign", "false")
	return r
}

// git runs git in dir and returns its output, failing the test on error.
func (r *repo) git(dir string, args ...string) string {
	r.tb.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.tb.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// write puts content at path under dir.
func (r *repo) write(dir, path, content string) {
	r.tb.Helper()
	p := filepath.Join(dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.tb.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.tb.Fatal(err)
	}
}

func (r *repo) commitAll(dir, msg string) {
	r.tb.Helper()
	r.git(dir, "add", "-A")
	r.git(dir, "commit", "-q", "-m", msg)
}

// worktree adds a worktree on a new branch from main and returns its directory.
func (r *repo) worktree(name string) string {
	r.tb.Helper()
	dir := filepath.Join(filepath.Dir(r.dir), name)
	r.git(r.dir, "worktree", "add", "-q", "-b", name, dir, "main")
	return dir
}

// lines is n numbered lines.
func lines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// edit replaces the given 1-based lines of text with marked ones.
func edit(text string, at ...int) string {
	ls := strings.SplitAfter(text, "\n")
	for _, i := range at {
		ls[i-1] = fmt.Sprintf("changed %d\n", i)
	}
	return strings.Join(ls, "")
}
