package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// gitFixture builds a real git repository in a temp dir, one commit at a time.
type gitFixture struct {
	t    testing.TB
	root string
}

func newGitFixture(t testing.TB) *gitFixture {
	t.Helper()
	g := &gitFixture{t: t, root: t.TempDir()}
	g.git("init", "-q", "-b", "main")
	g.git("config", "user.email", "probe@example.com")
	g.git("config", "user.name", "probe")
	g.git("config", "commit.gpgsign", "false")
	return g
}

func (g *gitFixture) git(args ...string) string {
	g.t.Helper()
	return g.gitAt("2026-07-01T10:00:00Z", args...)
}

func (g *gitFixture) gitAt(date string, args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", g.root}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_NOSYSTEM=1", "HOME="+g.root)
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (g *gitFixture) write(rel, body string) {
	g.t.Helper()
	p := filepath.Join(g.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		g.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		g.t.Fatal(err)
	}
}

func (g *gitFixture) remove(rel string) {
	g.t.Helper()
	g.git("rm", "-q", rel)
}

// gone writes each file, commits them on added, then removes them all and commits on removed: the
// fixture's history holds paths a document may still name.
func (g *gitFixture) gone(added, removed string, files ...string) {
	g.t.Helper()
	for _, f := range files {
		g.write(f, "x\n")
	}
	g.commit(added, "add what will go")
	for _, f := range files {
		g.remove(f)
	}
	g.commit(removed, "remove it")
}

// submodule adds sub at rel as a submodule, commits it on date, and deinits it: a clone made without
// its submodules, whose gitlink is tracked and whose directory is empty.
func (g *gitFixture) submodule(date string, sub *gitFixture, rel string) {
	g.t.Helper()
	g.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.root, rel)
	g.commit(date, "add "+rel)
	g.git("submodule", "deinit", "-q", "-f", rel)
}

func (g *gitFixture) commit(date, subject string) string {
	g.t.Helper()
	g.gitAt(date, "add", "-A", "-f")
	g.gitAt(date, "commit", "-q", "--allow-empty", "-m", subject)
	return g.git("rev-parse", "HEAD")
}

// check parses soulRel and checks it against the fixture.
func check(t testing.TB, root, soulRel string, opts engine.CheckOptions) *engine.Report {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, soulRel))
	if err != nil {
		t.Fatal(err)
	}
	soul, err := engine.Parse(soulRel, src, engine.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	repo, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	opts.IncludeClaims = true
	if opts.Now.IsZero() {
		opts.Now = mustTime("2026-07-06T09:00:00Z")
	}
	rep, err := engine.Check(context.Background(), soul, repo, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}
