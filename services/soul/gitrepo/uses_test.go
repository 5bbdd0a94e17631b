package gitrepo_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// TestUsesFollowTheWorkTree: a symbol query answered with the cached uses of its words answers as a
// fresh grep of the work tree does, as the tree gains an untracked file, an unstaged and a staged edit, a commit and a file dropped from
// the index but left on disk.
func TestUsesFollowTheWorkTree(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	git(t, root, "init", "-q", "-b", "main")
	write(t, root, "a/a.go", "package a\n\nfunc call() {\n\tFoo()\n\tBar()\n}\n")
	write(t, root, "b/b.go", "package b\n\nfunc init() {\n\t_ = Foo\n}\n")
	write(t, root, "README.md", "Foo Bar Baz\n")
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "start")
	words := [][]string{{"Foo", "Bar"}, {"Bar", "Baz"}, {"Foo", "Baz", "Qux"}}
	query := func(w []string) string {
		t.Helper()
		r, err := gitrepo.Open(ctx, root)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := r.Batch(ctx, engine.BatchQuery{Symbols: w})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(ans.SymbolLines)
	}
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
				warm := query(w) // the cache holds the words earlier queries asked
				gitrepo.ResetCache()
				cold := query(w)
				if warm != cold {
					t.Fatalf("words %v: cached uses answered\n%s\na fresh grep answers\n%s", w, warm, cold)
				}
				for _, other := range words {
					query(other) // refill the cache from this state of the tree
				}
			}
		})
	}
}
