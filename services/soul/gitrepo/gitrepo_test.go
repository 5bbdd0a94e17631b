package gitrepo_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

func write(t *testing.T, root, rel, body string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func git(t *testing.T, root string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+root, "GIT_AUTHOR_DATE=2026-07-01T10:00:00Z", "GIT_COMMITTER_DATE=2026-07-01T10:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func TestSnapshotAndBatch(t *testing.T) {
	root := t.TempDir()
	git(t, root, "init", "-q", "-b", "main")
	write(t, root, "pkg/api/router.go", "package api\n\nfunc NewRouter() {}\n")
	write(t, root, "old/gone.txt", "x\n")
	write(t, root, ".gitignore", "*.log\n")
	write(t, root, "keep.log", "tracked despite the pattern\n")
	git(t, root, "add", "-A")
	git(t, root, "add", "-f", "keep.log")
	git(t, root, "commit", "-q", "-m", "one (#1)")
	git(t, root, "tag", "-a", "v1.0.0", "-m", "v1")
	git(t, root, "rm", "-q", "old/gone.txt")
	git(t, root, "commit", "-q", "-m", "two (#2)")
	write(t, root, "untracked.md", "u\n")

	ctx := context.Background()
	gitrepo.ResetCache()
	for pass := 0; pass < 2; pass++ { // the second pass runs from the caches and must agree
		r, err := gitrepo.Open(ctx, filepath.Join(root, "pkg"))
		if err != nil {
			t.Fatal(err)
		}
		checks := []struct {
			name      string
			got, want any
		}{
			{"git", r.Git(), true},
			{"log length", len(r.Log()), 2},
			{"annotated tag peels to a commit", r.Tags()["v1.0.0"], r.Log()[1].SHA},
			{"tracked file", first(r.Exists("pkg/api/router.go")), true},
			{"tracked dir", second(r.Exists("pkg/api")), true},
			{"untracked file on disk", first(r.Exists("untracked.md")), true},
			{"deleted file", first(r.Exists("old/gone.txt")), false},
			{"escape refused", first(r.Exists("../etc/passwd")), false},
			{"basename", r.HasBasename("router.go"), true},
			{"stem", r.HasStem("router"), true},
			{"directory name", r.HasDirName("api"), true},
			{"a file stem is no directory name", r.HasDirName("router"), false},
			{"folded file", r.HasFolded("pkg/api/router.go"), true},
			{"folded directory", r.HasFolded("pkg/api"), true},
			{"folded, another name", r.HasFolded("pkg/api/route.go"), false},
			{"glob", r.Glob("pkg/**/*.go", 0), []string{"pkg/api/router.go"}},
		}
		for _, c := range checks {
			if !equal(c.got, c.want) {
				t.Errorf("pass %d %s: got %v, want %v", pass, c.name, c.got, c.want)
			}
		}
		ans, err := r.Batch(ctx, engine.BatchQuery{
			Commits:  []string{r.Log()[1].SHA[:9], "deadbeef1234"},
			Ignored:  []string{"run.log", "old/gone.txt", "keep.log"},
			EverSeen: []string{"old/gone.txt", "never/was.txt"},
			Symbols:  []string{"NewRouter", "api", "Missing"},
		})
		if err != nil {
			t.Fatal(err)
		}
		if ans.Commits[r.Log()[1].SHA[:9]] != r.Log()[1].SHA || ans.Commits["deadbeef1234"] != "" {
			t.Errorf("pass %d commits: got %v", pass, ans.Commits)
		}
		if !ans.Ignored["run.log"] || ans.Ignored["old/gone.txt"] || ans.Ignored["keep.log"] {
			t.Errorf("pass %d ignored: got %v, want run.log only (a tracked file is never ignored)", pass, ans.Ignored)
		}
		if !ans.EverSeen["old/gone.txt"] || ans.EverSeen["never/was.txt"] {
			t.Errorf("pass %d ever seen: got %v, want old/gone.txt only", pass, ans.EverSeen)
		}
		var texts []string
		for _, l := range ans.SymbolLines {
			texts = append(texts, l.Text)
		}
		if !slices.Contains(texts, "func NewRouter() {}") || !slices.Contains(texts, "package api") {
			t.Errorf("pass %d symbol lines: got %q", pass, texts)
		}
		touch, ok := r.LastTouch(ctx, "old/gone.txt")
		if !ok || touch.SHA != r.Log()[0].SHA {
			t.Errorf("pass %d last touch: got %v %v, want the deleting commit", pass, touch, ok)
		}
	}
}

func TestPlainDirectory(t *testing.T) {
	root := t.TempDir()
	write(t, root, "src/lib.rs", "pub fn run() {}\n")
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	if r.Git() || !first(r.Exists("src/lib.rs")) {
		t.Errorf("plain dir: got git=%v exists=%v, want a walked non-git tree", r.Git(), first(r.Exists("src/lib.rs")))
	}
	ans, err := r.Batch(context.Background(), engine.BatchQuery{Symbols: []string{"run"}})
	if err != nil || len(ans.SymbolLines) != 1 {
		t.Errorf("plain dir symbols: got %v %v, want the one definition line", ans.SymbolLines, err)
	}
	if _, err := gitrepo.Open(context.Background(), filepath.Join(root, "src", "lib.rs")); err == nil {
		t.Errorf("a file as root: got nil error")
	}
}

func first(a, _ bool) bool  { return a }
func second(_, b bool) bool { return b }

func equal(a, b any) bool {
	as, aok := a.([]string)
	bs, bok := b.([]string)
	if aok && bok {
		return slices.Equal(as, bs)
	}
	return a == b
}

// committed is a new repository whose one commit, msg, holds files (path to body).
func committed(t *testing.T, msg string, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	git(t, root, "init", "-q", "-b", "main")
	for rel, body := range files {
		write(t, root, rel, body)
	}
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", msg)
	return root
}

// TestIgnoredBeyondSymlink: a tracked symlink to a directory makes git refuse a whole check-ignore run
// ("pathspec … is beyond a symbolic link", exit 128) when one asked path passes through it (the
// thirty-third holdout's CopilotKit, whose docs/content is such a link). The batch answers the other
// paths and calls the linked one not ignored.
func TestIgnoredBeyondSymlink(t *testing.T) {
	root := committed(t, "init", map[string]string{
		"site/content/docs/intro.md": "# intro\n",
		".gitignore":                 "*.log\n",
	})
	if err := os.Symlink("../site/content", filepath.Join(root, "docs")); err != nil {
		t.Fatal(err)
	}
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "link docs")
	gitrepo.ResetCache()
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := r.Batch(context.Background(), engine.BatchQuery{Ignored: []string{"docs/docs/gone.md", "run.log"}})
	if err != nil {
		t.Fatalf("a path through a symlink sank the batch: %v", err)
	}
	if !ans.Ignored["run.log"] || ans.Ignored["docs/docs/gone.md"] {
		t.Errorf("ignored: got %v, want run.log only", ans.Ignored)
	}
}

// TestIgnoredOutsideTree: a path outside the work tree (an absolute "/tag" from "Do not use `[/tag]`",
// the ninety-fourth holdout's goa4web, or one that climbs above the root) makes git refuse a whole
// check-ignore run ("… is outside repository", exit 128). The batch answers the other paths and
// calls those not ignored.
func TestIgnoredOutsideTree(t *testing.T) {
	root := committed(t, "init", map[string]string{"a.md": "# a\n", ".gitignore": "*.log\n"})
	gitrepo.ResetCache()
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := r.Batch(context.Background(), engine.BatchQuery{Ignored: []string{"/tag", "../up.log", "x/../../up.log", "run.log"}})
	if err != nil {
		t.Fatalf("a path outside the tree sank the batch: %v", err)
	}
	if !ans.Ignored["run.log"] || len(ans.Ignored) != 1 {
		t.Errorf("ignored: got %v, want run.log only", ans.Ignored)
	}
}

// TestIgnoredCRLFBlankLines: a .gitignore written with CRLF line ends has "\r" lines for its blank ones,
// which git reads as an empty pattern matching every directory asked with its slash (the
// hundred-and-sixth holdout's vitality_system_rulebook, whose gone `simulation/` was "ignored"). The
// batch keeps what the real patterns keep out, and a negated pattern keeps its path in.
func TestIgnoredCRLFBlankLines(t *testing.T) {
	root := committed(t, "init", map[string]string{
		"a.md":       "# a\n",
		".gitignore": "logs/\r\n\r\n*.log\r\n!keep.log\r\n\r\n",
	})
	gitrepo.ResetCache()
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := r.Batch(context.Background(), engine.BatchQuery{Ignored: []string{"simulation/", "logs/", "run.log", "keep.log"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"logs/": true, "run.log": true}
	if len(ans.Ignored) != len(want) || !ans.Ignored["logs/"] || !ans.Ignored["run.log"] {
		t.Errorf("ignored: got %v, want %v", ans.Ignored, want)
	}
}
