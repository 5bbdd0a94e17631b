package gitrepo_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/gitrepo"
)

func headShort(t *testing.T, root string) string {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short=7", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

func TestRenames(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"docs/setup.md": "# setup\nhow to set it up\n",
		"old/a.go":      "package old\n\nfunc A() {}\n",
		"gone.md":       "bye\n",
	})
	git(t, root, "mv", "docs/setup.md", "docs/install.md")
	git(t, root, "commit", "-q", "-m", "one")
	if err := os.MkdirAll(filepath.Join(root, "docs", "guide"), 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, root, "mv", "docs/install.md", "docs/guide/setup.md")
	git(t, root, "commit", "-q", "-m", "two")
	second := headShort(t, root)
	git(t, root, "mv", "old", "fresh")
	git(t, root, "commit", "-q", "-m", "dir")
	dir := headShort(t, root)
	git(t, root, "rm", "-q", "gone.md")
	git(t, root, "commit", "-q", "-m", "drop")
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Renames(context.Background(), []string{"docs/setup.md", "docs/install.md", "old", "old/a.go", "gone.md"})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ asked, to, sha string }{
		{"docs/setup.md", "docs/guide/setup.md", second},
		{"docs/install.md", "docs/guide/setup.md", second},
		{"old", "fresh", dir},
		{"old/a.go", "fresh/a.go", dir},
		{"gone.md", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.asked, func(t *testing.T) {
			m := got[tc.asked]
			if m.To != tc.to || m.SHA != tc.sha {
				t.Fatalf("got %q in %q, want %q in %q", m.To, m.SHA, tc.to, tc.sha)
			}
		})
	}
}

// TestRenamesAsksEachPathOnce: the engine passes one path per anchor, so twelve links into one gone
// directory name it twelve times; history is walked for it once (openrewrite's nested CLAUDE.md files
// spent 36 walks of 12k commits on three directories).
func TestRenamesAsksEachPathOnce(t *testing.T) {
	root := committed(t, "start", map[string]string{"ctx/a.md": "a\n", "keep.md": "k\n"})
	git(t, root, "rm", "-q", "-r", "ctx")
	git(t, root, "commit", "-q", "-m", "drop ctx")
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	before := gitrepo.DeletionWalks()
	asked := []string{"ctx", "ctx/", "ctx", "nowhere", "nowhere", "ctx"}
	if _, err := r.Renames(context.Background(), asked); err != nil {
		t.Fatal(err)
	}
	if got := gitrepo.DeletionWalks() - before; got > 2 {
		t.Fatalf("got %d deletion walks for %q, want at most one per distinct path (2)", got, asked)
	}
}

func TestRemovedLines(t *testing.T) {
	root := committed(t, "start", map[string]string{
		"s.go":      "package s\n\nfunc Keep() {}\n\nfunc Drop() {}\n",
		"README.md": "Drop\n",
	})
	write(t, root, "s.go", "package s\n\nfunc Keep() {}\n")
	write(t, root, "README.md", "\n")
	git(t, root, "commit", "-q", "-am", "drop")
	drop := headShort(t, root)
	r, err := gitrepo.Open(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		words []string
		paths []string
		want  string
	}{
		{"a removed definition", []string{"Drop"}, []string{"s.go"}, drop + " s.go func Drop() {}"},
		{"the whole tree", []string{"Drop"}, []string{"."}, drop + " s.go func Drop() {}"},
		{"another file", []string{"Drop"}, []string{"other.go"}, ""},
		{"no path asked walks nothing", []string{"Drop"}, nil, ""},
		{"a kept definition", []string{"Keep"}, []string{"."}, ""},
		{"not an identifier", []string{"a|b"}, []string{"."}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := r.RemovedLines(context.Background(), tc.words, tc.paths)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range lines {
				got = append(got, l.SHA+" "+l.Path+" "+l.Text)
			}
			if strings.Join(got, "\n") != tc.want {
				t.Fatalf("got %q, want %q (README.md is no source file)", got, tc.want)
			}
		})
	}
}
