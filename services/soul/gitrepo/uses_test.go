package gitrepo_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// TestUsesFollowTheWorkTree: a symbol query answered with the cached uses of its words answers as a
// fresh grep of the work tree does, as the tree gains an untracked file, an unstaged and a staged edit, a commit and a file dropped from
// the index but left on disk.
func TestUsesFollowTheWorkTree(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"a/a.go":    "package a\n\nfunc call() {\n\tFoo()\n\tBar()\n}\n",
		"b/b.go":    "package b\n\nfunc init() {\n\t_ = Foo\n}\n",
		"README.md": "Foo Bar Baz\n",
	})
	words := [][]string{{"Foo", "Bar"}, {"Bar", "Baz"}, {"Foo", "Baz", "Qux"}}
	steps := []struct {
		name string
		do   func()
	}{
		{"a clean tree", func() {}},
		{"an untracked source file", func() { write(t, root, "c/c.go", "package c\n\nfunc init() {\n\tprintln(Baz, Foo)\n}\n") }},
		{"an unstaged edit", func() { write(t, root, "a/a.go", "package a\n\nfunc call() {\n\tQux()\n}\n") }},
		{"a staged edit", func() { git(t, root, "add", "-A") }},
		{"a commit", func() { git(t, root, "commit", "-q", "-m", "more") }},
		{"a deleted file", func() { git(t, root, "rm", "-q", "--cached", "b/b.go") }},
	}
	gitrepo.ResetCache()
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.do()
			for _, w := range words {
				warm := symbolLines(t, root, w...) // the cache holds the words earlier queries asked
				gitrepo.ResetCache()
				cold := symbolLines(t, root, w...)
				if warm != cold {
					t.Fatalf("words %v: cached uses answered\n%s\na fresh grep answers\n%s", w, warm, cold)
				}
				for _, other := range words {
					symbolLines(t, root, other...) // refill the cache from this state of the tree
				}
			}
		})
	}
}

// TestUsesFromTheStagedGrep: a cold symbol query that greps the index for its words takes the uses of
// the undefined ones from those lines only while the work tree's source files are the index's and
// HEAD's, and answers then as the grep of the work tree it replaces; any other tree greps it.
func TestUsesFromTheStagedGrep(t *testing.T) {
	ctx := context.Background()
	root := committed(t, "start", map[string]string{
		"a/a.go":    "package a\n\nfunc call() {\n\tFoo()\n\tBar()\n\tx.Foo_ = Bar2\n}\n",
		"b/b.go":    "package b\n\n// Foo is not defined here\nfunc init() {\n\t_ = Foo\n}\n\nfunc Defined() {}\n",
		"c/c.py":    "def helper():\n    return Bar\n",
		"README.md": "Foo Bar Baz\n",
	})
	words := []string{"Foo", "Bar", "Defined", "Baz"}
	query := func(reuse bool) (string, int64) {
		t.Helper()
		gitrepo.ResetCache()
		defer gitrepo.SetColdBlobs(0)()
		defer gitrepo.GrepStagedOnly(reuse)()
		r, err := gitrepo.Open(ctx, root)
		if err != nil {
			t.Fatal(err)
		}
		before := gitrepo.WorkTreeGreps()
		ans, err := r.Batch(ctx, engine.BatchQuery{Symbols: words})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(ans.SymbolLines), gitrepo.WorkTreeGreps() - before
	}
	steps := []struct {
		name      string
		do        func()
		wantGreps int64
	}{
		{"a clean tree", func() {}, 0},
		{"an unstaged edit", func() { write(t, root, "a/a.go", "package a\n\nfunc call() {\n\tBaz()\n}\n") }, 1},
		{"a staged edit", func() { git(t, root, "add", "-A") }, 1},
		{"the staged edit undone on disk only", func() {
			write(t, root, "a/a.go", "package a\n\nfunc call() {\n\tFoo()\n\tBar()\n\tx.Foo_ = Bar2\n}\n")
		}, 1},
		{"a commit", func() { git(t, root, "add", "-A"); git(t, root, "commit", "-q", "--allow-empty", "-m", "two") }, 0},
		{"an untracked source file", func() { write(t, root, "d/d.go", "package d\n\nvar _ = Foo\n") }, 1},
		{"the untracked file committed", func() { git(t, root, "add", "-A"); git(t, root, "commit", "-q", "-m", "three") }, 0},
		{"tracked source symlinks, to a source file and to a word", func() {
			link(t, root, "a/a.go", "e/same.go")
			link(t, root, "Foo", "e/word.go")
			git(t, root, "add", "-A")
			git(t, root, "commit", "-q", "-m", "four")
		}, 0},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.do()
			want, _ := query(false)
			got, greps := query(true)
			if got != want {
				t.Fatalf("uses from the staged grep answered\n%s\nthe work tree's grep answers\n%s", got, want)
			}
			if greps != st.wantGreps {
				t.Fatalf("work-tree greps: got %d, want %d", greps, st.wantGreps)
			}
		})
	}
}

// link makes name (a repository path) a symbolic link whose text is target.
func link(t *testing.T, root, target, name string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

// TestUsesPastTheBound: a query whose new words push the kept uses past their bound starts the
// snapshot over, and still answers with the uses of its words that were kept before (they are taken
// when asked, not read back after the snapshot started over), as a fresh grep does.
func TestUsesPastTheBound(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"a/a.go": "package a\n\nfunc call() {\n\tFoo()\n\tBar()\n}\n",
		"b/b.go": "package b\n\nfunc init() {\n\t_ = Foo\n}\n",
		"c/c.go": "package c\n\nfunc init() {\n\tBaz()\n}\n",
	})
	gitrepo.ResetCache()
	cold := symbolLines(t, root, "Bar", "Baz")
	gitrepo.ResetCache()
	defer gitrepo.SetUsesBound(3)() // Foo's 2 lines and Bar's 1 fill it; Baz's one passes it
	symbolLines(t, root, "Foo", "Bar")
	if warm := symbolLines(t, root, "Bar", "Baz"); warm != cold {
		t.Fatalf("past the bound: got\n%s\nwant what a fresh grep answers\n%s", warm, cold)
	}
}
