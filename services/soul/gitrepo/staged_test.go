package gitrepo_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// TestStagedLinesAcrossChecks: the checks of one index after the first (the documents of soul check
// --all) grep it only for the words no earlier check asked and merge the kept lines of the others;
// each answers as a first, fresh check of its words does, and one grep of the index per check at most.
func TestStagedLinesAcrossChecks(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"a/a.go":    "package a\n\nfunc Foo() {\n\tBar()\n\tx.Foo_ = Bar2\n}\n\nfunc Bar() { Foo(); Foo() }\n",
		"b/b.rs":    "pub fn baz() {}\nfn other() { baz(); Qux::new() }\n",
		"c/c.py":    "def helper():\n    return Bar\n\nclass Qux:\n    pass\n",
		"README.md": "Foo Bar Baz\n",
	})
	checks := [][]string{
		{"Foo", "Bar"},
		{"Bar", "baz", "Nowhere"},
		{"Foo", "baz", "Qux", "helper"},
		{"Foo", "Bar"},
		{"other", "Bar2", "Foo_"},
	}
	defer gitrepo.SetColdBlobs(0)()
	fresh := make([]string, len(checks))
	for i, words := range checks {
		gitrepo.ResetCache()
		fresh[i] = symbolLines(t, root, words...)
	}
	gitrepo.ResetCache()
	for i, words := range checks {
		t.Run(fmt.Sprint(words), func(t *testing.T) {
			before := gitrepo.IndexGreps()
			got := symbolLines(t, root, words...)
			if got != fresh[i] {
				t.Fatalf("after %v: got\n%s\nwant a fresh check's\n%s", checks[:i], got, fresh[i])
			}
			if greps := gitrepo.IndexGreps() - before; greps > 1 {
				t.Fatalf("greps of the index: got %d, want at most 1", greps)
			}
		})
	}
	if gitrepo.DefinitionsCached() != 0 {
		t.Errorf("definition cache: got %d blobs read, want none (every check grepped)", gitrepo.DefinitionsCached())
	}
}

// symbolLines opens root afresh, as each check does, and prints its answer to a symbol query of words.
func symbolLines(t *testing.T, root string, words ...string) string {
	t.Helper()
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := r.Batch(context.Background(), engine.BatchQuery{Symbols: words})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(ans.SymbolLines)
}
