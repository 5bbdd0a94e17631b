package gitrepo_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// FilesAt answers each asked file as the commit left it, in one git call: files changed since read as
// they were, a file the commit lacked absent, an empty file present and empty.
func TestFilesAt(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"a.go":     "package a\n\nfunc A() {}\n",
		"b/b.txt":  "first\n",
		"empty.md": "",
	})
	first := headShort(t, root)
	if err := os.WriteFile(filepath.Join(root, "a.go"), []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "late.go"), []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, root, "add", "-A")
	git(t, root, "commit", "-q", "-m", "two")
	repo, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	got := repo.FilesAt(context.Background(), first, []string{"a.go", "late.go", "empty.md", "b/b.txt", "nowhere/x"})
	want := map[string]string{"a.go": "package a\n\nfunc A() {}\n", "empty.md": "", "b/b.txt": "first\n"}
	if len(got) != len(want) {
		t.Fatalf("got %d files %v, want %d", len(got), got, len(want))
	}
	for p, w := range want {
		if b, ok := got[p]; !ok || string(b) != w {
			t.Errorf("%s: got %q (present %v), want %q", p, b, ok, w)
		}
	}
	if got := repo.FilesAt(context.Background(), "", []string{"a.go"}); got != nil {
		t.Errorf("no commit: got %v, want nil", got)
	}
}
