package gitrepo_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// TestSymbolPathsAgree pins that a cold symbol query answered by git grep says exactly what the
// definition cache says: staged definitions of the asked words, then the work-tree uses of the rest.
func TestSymbolPathsAgree(t *testing.T) {
	root := committed(t, "one", map[string]string{
		"svc/server.go": "package svc\n\n// Server serves.\ntype Server struct{ n int }\n\nfunc (s *Server) Handle() int { return s.n }\n\nfunc NewServer() *Server { return &Server{} }\n",
		"svc/client.go": "package svc\n\nfunc call() { _ = NewServer().Handle() }\n",
		"web/app.ts":    "export function renderApp(): void {}\nexport class Store {}\n",
		"tools/gen.py":  "def generate():\n    return Helper()\n",
		"README.md":     "NewServer Handle Helper\n",
	})
	// staged content is what definitions are read from; the work tree's edit is not staged
	write(t, root, "svc/server.go", "package svc\n\nfunc Replaced() {}\n")
	write(t, root, "tools/extra.py", "x = Helper\n") // untracked: a use, never a definition

	words := []string{"Server", "Handle", "NewServer", "renderApp", "Store", "generate", "Helper", "Replaced", "Nowhere"}
	ask := func(cold int) []string {
		t.Helper()
		gitrepo.ResetCache()
		defer gitrepo.SetColdBlobs(cold)()
		r, err := gitrepo.Open(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := r.Batch(context.Background(), engine.BatchQuery{Symbols: words})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range ans.SymbolLines {
			out = append(out, fmt.Sprintf("%s:%d:%s", l.Path, l.Line, l.Text))
		}
		slices.Sort(out)
		return out
	}
	viaCache, viaGrep := ask(1<<30), ask(0)
	if !slices.Equal(viaCache, viaGrep) {
		t.Errorf("grep path: got %q, want the cache path's %q", viaGrep, viaCache)
	}
	// the definitions at lines 4 and 6 exist only in the staged content
	for _, want := range []string{
		"svc/server.go:4:type Server struct{ n int }",
		"svc/server.go:6:func (s *Server) Handle() int { return s.n }",
		"web/app.ts:1:export function renderApp(): void {}",
		"tools/gen.py:1:def generate():",
		"tools/extra.py:1:x = Helper",
	} {
		if !slices.Contains(viaGrep, want) {
			t.Errorf("grep path: got %q, want it to hold %q", viaGrep, want)
		}
	}
}

// globRepo opens a repository of one commit holding these files, each one line.
func globRepo(t *testing.T, files ...string) *gitrepo.Repo {
	t.Helper()
	root := t.TempDir()
	git(t, root, "init", "-q", "-b", "main")
	for _, f := range files {
		write(t, root, f, "x\n")
	}
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "one")
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGlobSuffixAgrees pins the literal "**/name" fast path to the regexp every other pattern takes.
func TestGlobSuffixAgrees(t *testing.T) {
	r := globRepo(t, "a/b/c.go", "x/a/b/c.go", "a/bc.go", "sdk/internal/x/x.go", "internal/x/y.go", "docs/setup.md", "ab/c.go")
	for _, rest := range []string{"c.go", "b/c.go", "a/b", "internal/x", "internal/x/x.go", "x", "setup.md", "docs/", "nothere.go", "c.go/", "b"} {
		for _, limit := range []int{0, 1} {
			got, want := r.Glob("**/"+rest, limit), r.GlobByRegexp("**/"+rest, limit)
			if !slices.Equal(got, want) {
				t.Errorf("Glob(**/%s, %d): got %q, want the regexp's %q", rest, limit, got, want)
			}
		}
	}
}

// TestHistoryWalkAnswersEverAdded pins the one-walk answer (the log read that also asks which paths
// were ever added) to the separate pathspec walk, on a history with a merged side branch.
func TestHistoryWalkAnswersEverAdded(t *testing.T) {
	root := committed(t, "one (#1)", map[string]string{
		"keep/a.go":    "package keep\n",
		"old/gone.txt": "x\n",
	})
	git(t, root, "rm", "-q", "old/gone.txt")
	git(t, root, "commit", "-q", "-m", "two (#2)")
	git(t, root, "checkout", "-q", "-b", "side")
	write(t, root, "side/tmp.go", "package side\n")
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "side adds")
	git(t, root, "rm", "-q", "side/tmp.go")
	git(t, root, "commit", "-q", "-m", "side removes")
	git(t, root, "checkout", "-q", "main")
	write(t, root, "keep/b.go", "package keep\n")
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "three (#3)")
	git(t, root, "merge", "-q", "--no-ff", "-m", "merge side (#4)", "side")

	ctx := context.Background()
	asked := []string{"old/gone.txt", "old", "side/tmp.go", "never/was.txt", "keep/gone.go"}
	want := map[string]bool{"old/gone.txt": true, "old": true, "side/tmp.go": true}
	for _, logFirst := range []bool{false, true} {
		gitrepo.ResetCache()
		r, err := gitrepo.Open(ctx, root)
		if err != nil {
			t.Fatal(err)
		}
		if logFirst {
			_ = r.Log() // a plain log read first: the paths go to their own walk
		}
		ans, err := r.Batch(ctx, engine.BatchQuery{EverSeen: asked})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range asked {
			if ans.EverSeen[p] != want[p] {
				t.Errorf("log first %v: ever added %s: got %v, want %v", logFirst, p, ans.EverSeen[p], want[p])
			}
		}
		if got := len(r.Log()); got != 6 {
			t.Errorf("log first %v: log length: got %d, want 6 (every commit of both lines and the merge)", logFirst, got)
		}
		if r.Log()[0].SHA != r.Head().SHA || len(r.Log()[0].Parents) != 2 {
			t.Errorf("log first %v: newest commit: got %v, want HEAD, the merge", logFirst, r.Log()[0])
		}
	}
}

// TestGlobMatchesFilesAndDirectories pins Glob's answers on a small tree: a pattern matches a file, or
// every file under a directory it matches, at any level; the limit keeps the first files in index order.
func TestGlobMatchesFilesAndDirectories(t *testing.T) {
	r := globRepo(t, "a/b/c.go", "a/b/d/e.go", "a/x.go", "crates/foo/src/lib.rs", "crates/bar/src/lib.rs", "top.go",
		"db/migrations/0001_accounts.sql", "db/migrations/0012_state.sql", "db/NNNN_template.sql", "docs/Notes_x.md")
	cases := []struct {
		name, pattern string
		limit         int
		want          []string
	}{
		{"a directory two levels up", "a/b", 0, []string{"a/b/c.go", "a/b/d/e.go"}},
		{"a directory by a star", "a/*", 0, []string{"a/b/c.go", "a/b/d/e.go", "a/x.go"}},
		{"a deep directory by a star", "a/*/d", 0, []string{"a/b/d/e.go"}},
		{"files at any depth", "**/*.go", 0, []string{"a/b/c.go", "a/b/d/e.go", "a/x.go", "top.go"}},
		{"a star per crate", "crates/*/src", 0, []string{"crates/bar/src/lib.rs", "crates/foo/src/lib.rs"}},
		{"the first only", "crates/*/src", 1, []string{"crates/bar/src/lib.rs"}},
		{"a top file", "top.go", 0, []string{"top.go"}},
		{"nothing", "b/*", 0, nil},
		// N or X standing for digits (the eighty-second holdout's lifeos): after a digit, or a run
		// opening a segment before a separator; the run itself is a name too, and a word is a word
		{"digits after a digit", "db/migrations/000N_*.sql", 0, []string{"db/migrations/0001_accounts.sql"}},
		{"a run of slots", "db/migrations/NNNN_*.sql", 0, []string{"db/migrations/0001_accounts.sql", "db/migrations/0012_state.sql"}},
		{"a file named by the run", "db/NNNN_*.sql", 0, []string{"db/NNNN_template.sql"}},
		{"a lone N before a star is a letter", "docs/N*", 0, []string{"docs/Notes_x.md"}},
		{"a word is no slot either", "docs/Notes_*.md", 0, []string{"docs/Notes_x.md"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := r.Glob(c.pattern, c.limit); !slices.Equal(got, c.want) {
				t.Errorf("Glob(%q, %d): got %q, want %q", c.pattern, c.limit, got, c.want)
			}
		})
	}
}

// TestBareNamesSkipDependencyTrees: a bare name is looked for in every directory history had, but not
// in another project's files a commit once carried (a node_modules committed by mistake, a vendored
// tree): pipecat's deleted node_modules/events/security.md made its CONTRIBUTING's `security.md` "gone".
func TestBareNamesSkipDependencyTrees(t *testing.T) {
	root := committed(t, "one", map[string]string{
		"examples/app/node_modules/events/security.md": "x\n",
		"vendor/x/notes.md":                            "x\n",
		"docs/guide.md":                                "x\n",
	})
	git(t, root, "rm", "-q", "-r", "examples", "vendor", "docs")
	write(t, root, "main.go", "package main\n")
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "two")

	gitrepo.ResetCache()
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	asked := []string{"security.md", "notes.md", "guide.md"}
	ans, err := r.Batch(context.Background(), engine.BatchQuery{EverSeen: asked})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"guide.md": true}
	for _, p := range asked {
		if ans.EverSeen[p] != want[p] {
			t.Errorf("ever seen %s: got %v, want %v", p, ans.EverSeen[p], want[p])
		}
	}
}
