package gitset

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/presence/domain"
)

var ctx = context.Background()

// describe renders files as "path:start+count,..." (binary "path:bin") for comparison.
func describe(fs []File) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		var hs []string
		for _, h := range f.Hunks {
			hs = append(hs, fmt.Sprintf("%d+%d", h.Start, h.Count))
		}
		if f.Binary {
			hs = append(hs, "bin")
		}
		out[i] = f.Path + ":" + strings.Join(hs, ",")
	}
	return out
}

// TestDerive: every way a worktree can differ from its merge-base shows up, with hunks in the
// base's line numbers, and nothing the target gained after the fork does.
func TestDerive(t *testing.T) {
	tests := []struct {
		name      string
		work      func(r *repo, wt string)
		want      []string
		wantAhead int
	}{
		{"clean", func(r *repo, wt string) {}, []string{}, 0},
		{"unstaged lines", func(r *repo, wt string) { r.write(wt, "src/a.go", edit(lines(20), 3, 4, 15)) }, []string{"src/a.go:3+2,15+1"}, 0},
		{"staged, then more unstaged", func(r *repo, wt string) {
			r.write(wt, "src/a.go", edit(lines(20), 2))
			r.git(wt, "add", "src/a.go")
			r.write(wt, "src/a.go", edit(lines(20), 2, 18))
		}, []string{"src/a.go:2+1,18+1"}, 0},
		{"untracked file", func(r *repo, wt string) { r.write(wt, "new/b.txt", "x\n") }, []string{"new/b.txt:0+0"}, 0},
		{"staged new file", func(r *repo, wt string) { r.write(wt, "c.md", "a\nb\n"); r.git(wt, "add", "c.md") }, []string{"c.md:0+0"}, 0},
		{"deleted file", func(r *repo, wt string) { r.git(wt, "rm", "-q", "docs/readme.md") }, []string{"docs/readme.md:1+3"}, 0},
		{"insertion between lines", func(r *repo, wt string) {
			ls := strings.SplitAfter(lines(20), "\n")
			r.write(wt, "src/a.go", strings.Join(ls[:7], "")+"inserted\n"+strings.Join(ls[7:], ""))
		}, []string{"src/a.go:7+0"}, 0},
		{"commits ahead plus a dirty file", func(r *repo, wt string) {
			r.write(wt, "src/a.go", edit(lines(20), 10))
			r.commitAll(wt, "one")
			r.write(wt, "docs/readme.md", "new readme\n")
			r.commitAll(wt, "two")
			r.write(wt, "src/z.go", "package z\n")
		}, []string{"docs/readme.md:1+3", "src/a.go:10+1", "src/z.go:0+0"}, 2},
		{"binary file", func(r *repo, wt string) { r.write(wt, "img/logo.png", "\x00\x01\x02changed") }, []string{"img/logo.png:bin"}, 0},
		{"names with spaces, quotes and accents", func(r *repo, wt string) {
			r.write(wt, "odd dir/a b.go", "x\n")
			r.write(wt, `q"uote.txt`, "y\n")
			r.write(wt, "café/é.md", "z\n")
		}, []string{`café/é.md:0+0`, "odd dir/a b.go:0+0", `q"uote.txt:0+0`}, 0},
		{"a tracked name with spaces changed", func(r *repo, wt string) { r.write(wt, "odd name.txt", "1\nchanged\n") }, []string{"odd name.txt:2+1"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.write(r.dir, "src/a.go", lines(20))
			r.write(r.dir, "docs/readme.md", "a\nb\nc\n")
			r.write(r.dir, "img/logo.png", "\x00\x01\x02")
			r.write(r.dir, "odd name.txt", "1\n2\n")
			r.commitAll(r.dir, "base")
			wt := r.worktree("feature")
			// The target moves on after the fork: none of this is the worktree's.
			r.write(r.dir, "src/a.go", edit(lines(20), 1))
			r.write(r.dir, "main-only.txt", "m\n")
			r.commitAll(r.dir, "main moves")
			tt.work(r, wt)

			s, err := Derive(ctx, wt, "main")
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(s.Files); !slices.Equal(got, tt.want) {
				t.Errorf("files: got %q, want %q", got, tt.want)
			}
			if s.Ahead != tt.wantAhead {
				t.Errorf("ahead: got %d, want %d", s.Ahead, tt.wantAhead)
			}
			if fork := r.git(wt, "merge-base", "HEAD", "main"); s.Base != fork {
				t.Errorf("base: got %s, want the fork point %s", s.Base, fork)
			}
			if s.Branch != "feature" || s.Worktree != wt {
				t.Errorf("got branch %q in %q, want feature in %q", s.Branch, s.Worktree, wt)
			}
		})
	}
}

// TestDeriveWithoutSharedHistory: an unborn branch and a branch with no common ancestor count
// every file as added.
func TestDeriveWithoutSharedHistory(t *testing.T) {
	r := newRepo(t)
	r.write(r.dir, "a.txt", "a\n")
	r.commitAll(r.dir, "base")
	r.git(r.dir, "checkout", "-q", "--orphan", "island")
	r.git(r.dir, "rm", "-q", "-rf", ".")
	r.write(r.dir, "b.txt", "b\n")
	s, err := Derive(ctx, r.dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	if got := describe(s.Files); !slices.Equal(got, []string{"b.txt:0+0"}) || s.Base != "" || s.Head != "" {
		t.Fatalf("unborn: got %q base %q head %q, want b.txt added, no base, no head", got, s.Base, s.Head)
	}
	r.commitAll(r.dir, "island")
	if s, err = Derive(ctx, r.dir, "main"); err != nil {
		t.Fatal(err)
	}
	if got := describe(s.Files); !slices.Equal(got, []string{"b.txt:0+0"}) || s.Base != "" || s.Ahead != 1 {
		t.Fatalf("no common history: got %q base %q ahead %d, want b.txt added, no base, 1 ahead", got, s.Base, s.Ahead)
	}
}

func TestDefaultTarget(t *testing.T) {
	tests := []struct {
		name  string
		setup func(r *repo)
		want  string
	}{
		{"main", func(r *repo) {}, "main"},
		{"init.defaultBranch first", func(r *repo) {
			r.git(r.dir, "branch", "develop")
			r.git(r.dir, "config", "init.defaultBranch", "develop")
		}, "develop"},
		{"origin's HEAD before local names", func(r *repo) {
			r.git(r.dir, "update-ref", "refs/remotes/origin/trunk", "HEAD")
			r.git(r.dir, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk")
		}, "origin/trunk"},
		{"master when there is no main", func(r *repo) {
			r.git(r.dir, "branch", "-m", "main", "master")
		}, "master"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRepo(t)
			r.write(r.dir, "a", "a\n")
			r.commitAll(r.dir, "base")
			tt.setup(r)
			got, err := DefaultTarget(ctx, r.dir)
			if err != nil || got != tt.want {
				t.Fatalf("got %q (%v), want %q", got, err, tt.want)
			}
		})
	}
	r := newRepo(t)
	r.write(r.dir, "a", "a\n")
	r.commitAll(r.dir, "base")
	r.git(r.dir, "branch", "-m", "main", "topic")
	if got, err := DefaultTarget(ctx, r.dir); err == nil {
		t.Fatalf("no candidate: got %q, want an error asking for a target", got)
	}
	if _, err := NewWatcher(ctx, r.dir, "no-such-branch"); err == nil {
		t.Fatal("unknown target: got no error")
	}
}

// TestWatcherDerivesOnlyWhenSomethingMoved: a refresh with nothing moved costs no derive; an
// edit, a new file, a commit or a move of the target each does, and reports a change only when
// the working set or hunks differ.
func TestWatcherDerivesOnlyWhenSomethingMoved(t *testing.T) {
	r := newRepo(t)
	r.write(r.dir, "a.go", lines(30))
	r.commitAll(r.dir, "base")
	wt := r.worktree("feature")
	r.write(wt, "a.go", edit(lines(30), 5))
	w, err := NewWatcher(ctx, wt, "main")
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name        string
		do          func()
		wantDerives int
		wantChanged bool
		wantFiles   []string
	}{
		{"first refresh", func() {}, 1, true, []string{"a.go:5+1"}},
		{"nothing moved", func() {}, 1, false, []string{"a.go:5+1"}},
		{"nothing moved again", func() {}, 1, false, []string{"a.go:5+1"}},
		{"a second edit of the changed file", func() { r.write(wt, "a.go", edit(lines(30), 5, 20)) }, 2, true, []string{"a.go:5+1,20+1"}},
		{"rewritten with the same lines", func() {
			later := time.Now().Add(time.Minute)
			os.Chtimes(filepath.Join(wt, "a.go"), later, later)
		}, 3, false, []string{"a.go:5+1,20+1"}},
		{"a new untracked file", func() { r.write(wt, "b.go", "b\n") }, 4, true, []string{"a.go:5+1,20+1", "b.go:0+0"}},
		{"a commit of both", func() { r.commitAll(wt, "work") }, 5, false, []string{"a.go:5+1,20+1", "b.go:0+0"}},
		{"the target merges the work", func() { r.git(r.dir, "merge", "-q", "--ff-only", "feature") }, 6, true, []string{}},
	}
	for _, st := range steps {
		st.do()
		s, changed, err := w.Refresh(ctx)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if w.Derives != st.wantDerives || changed != st.wantChanged {
			t.Errorf("%s: got %d derives, changed %v; want %d, %v", st.name, w.Derives, changed, st.wantDerives, st.wantChanged)
		}
		if got := describe(s.Files); !slices.Equal(got, st.wantFiles) {
			t.Errorf("%s: files got %q, want %q", st.name, got, st.wantFiles)
		}
	}
}

// TestWorkingSet: the snapshot becomes literal items with their hunks, within the service's limits.
func TestWorkingSet(t *testing.T) {
	many := func(n int, hunks int) []File {
		fs := make([]File, n)
		for i := range fs {
			fs[i] = File{Path: fmt.Sprintf("d%d/sub%d/f%d.go", i%7, i%50, i)}
			for j := range hunks {
				fs[i].Hunks = append(fs[i].Hunks, domain.Hunk{Start: int32(10*j + 1), Count: 1})
			}
		}
		return fs
	}
	tests := []struct {
		name        string
		files       []File
		wantItems   int
		wantChanges int
		wantHunks   int
		check       func(t *testing.T, items []string, cs []domain.FileChange)
	}{
		{"plain files", []File{{Path: "a.go", Hunks: []domain.Hunk{{Start: 1, Count: 1}}}, {Path: "sb_notes"}}, 2, 2, 1, func(t *testing.T, items []string, cs []domain.FileChange) {
			if !slices.Equal(items, []string{"a.go", "./sb_notes"}) {
				t.Errorf("items: got %q, want a.go and ./sb_notes (a root file shaped like a block id stays a path)", items)
			}
		}},
		{"a glob-shaped name falls back to its directory", []File{{Path: "src/a[1].go", Hunks: []domain.Hunk{{Start: 2, Count: 1}}}}, 1, 0, 0, func(t *testing.T, items []string, cs []domain.FileChange) {
			if items[0] != "src/" {
				t.Errorf("items: got %q, want src/", items)
			}
		}},
		{"more files than a working set holds fold into directories", many(1500, 1), 350, 0, 0, nil},
		// 15,000 hunks: 173 files merged into one hunk each (29 fewer per file) bring it to 9,983.
		{"more hunks than allowed merge", many(500, 30), 500, 500, 9983, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items, cs := Snapshot{Files: tt.files}.WorkingSet()
			hunks := 0
			for _, c := range cs {
				hunks += len(c.Hunks)
			}
			if len(items) != tt.wantItems || len(cs) != tt.wantChanges || hunks != tt.wantHunks {
				t.Fatalf("got %d items, %d changes, %d hunks; want %d, %d, %d", len(items), len(cs), hunks, tt.wantItems, tt.wantChanges, tt.wantHunks)
			}
			if _, bad := domain.ParseWorkingSet(items); len(bad) > 0 {
				t.Fatalf("items refused by the service's grammar: %v", bad)
			}
			if tt.check != nil {
				tt.check(t, items, cs)
			}
		})
	}
}

// TestScan: every worktree is inspected, clean or not, bare or not.
func TestScan(t *testing.T) {
	r := newRepo(t)
	r.write(r.dir, "a.go", lines(10))
	r.commitAll(r.dir, "base")
	busy, clean := r.worktree("busy"), r.worktree("clean")
	r.write(busy, "a.go", edit(lines(10), 2))
	gone := r.worktree("gone")
	if err := os.RemoveAll(gone); err != nil {
		t.Fatal(err)
	}
	got, err := Scan(ctx, clean, "main")
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]Inspected{}
	for _, in := range got {
		byPath[in.Path] = in
	}
	if len(got) != 4 {
		t.Fatalf("got %d worktrees, want 4 (main, busy, clean, gone)", len(got))
	}
	if in := byPath[busy]; in.Err != nil || !slices.Equal(describe(in.Snapshot.Files), []string{"a.go:2+1"}) || in.Branch != "refs/heads/busy" {
		t.Errorf("busy: got %+v", in)
	}
	if in := byPath[clean]; in.Err != nil || in.Snapshot.Changed() {
		t.Errorf("clean: got %+v, want no changes", in)
	}
	if in := byPath[gone]; !in.Prunable || in.Snapshot.Worktree != "" {
		t.Errorf("gone: got %+v, want prunable and not read", in)
	}
}
