package gitrepo_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// walkHistory builds a history that touches, renames, deletes and re-adds files; with merges it also
// carries a side branch and a commit whose clock runs behind the window (the case where git's --since
// walk stops early).
func walkHistory(t *testing.T, merges bool) string {
	t.Helper()
	root := t.TempDir()
	gitAt(t, root, "2026-01-01T10:00:00Z", "init", "-q", "-b", "main")
	step := func(date, msg string, files map[string]string, rm ...string) {
		t.Helper()
		for p, body := range files {
			write(t, root, p, body)
		}
		for _, p := range rm {
			gitAt(t, root, date, "rm", "-q", "-r", p)
		}
		gitAt(t, root, date, "add", "-A")
		gitAt(t, root, date, "commit", "-q", "--allow-empty", "-m", msg)
	}
	step("2026-01-01T10:00:00Z", "start", map[string]string{"AGENTS.md": "# a\n", "s/s.go": "package s\n\nfunc Keep() {}\n\nfunc Drop() {}\n", "old/a.go": "package old\n", "gone.md": "bye\n", "d/back.go": "package d\n"})
	step("2026-02-01T10:00:00Z", "drop (#3)", map[string]string{"s/s.go": "package s\n\nfunc Keep() {}\n"})
	gitAt(t, root, "2026-03-01T10:00:00Z", "mv", "old", "fresh")
	step("2026-03-01T10:00:00Z", "move", nil)
	step("2026-04-01T10:00:00Z", "rm", nil, "gone.md", "d/back.go")
	step("2026-05-01T10:00:00Z", "back", map[string]string{"gone.md": "again\n", "AGENTS.md": "# b\n", "d/back.go": "package d\n\n// again\n"})
	if merges {
		gitAt(t, root, "2026-05-02T10:00:00Z", "checkout", "-q", "-b", "side")
		step("2026-05-03T10:00:00Z", "side", map[string]string{"side.go": "package side\n\nfunc Close() {}\n", "AGENTS.md": "# side\n"})
		step("2026-04-15T10:00:00Z", "skewed", map[string]string{"skew.go": "package skew\n"}) // behind the window's start
		step("2026-06-20T10:00:00Z", "after the skew", map[string]string{"late.go": "package late\n"})
		gitAt(t, root, "2026-06-21T10:00:00Z", "checkout", "-q", "main")
		step("2026-06-22T10:00:00Z", "main", map[string]string{"main.go": "package main\n"})
		gitAt(t, root, "2026-06-23T10:00:00Z", "merge", "-q", "--no-ff", "-m", "merge side (#9)", "side")
		step("2026-06-24T10:00:00Z", "drop close", map[string]string{"side.go": "package side\n"})
	}
	step("2026-07-01T10:00:00Z", "head", map[string]string{"dir/a.go": "package dir\n"}, "gone.md", "d/back.go")
	return root
}

// TestWalkAnswersAsGit: a check's history walk answers each history question as git's own walk for that
// question does, on a linear history and on one with merges and a skewed clock: the whole walk (the
// check asked a symbol, so a removal may follow), the walk scoped to the missing paths (no symbol
// asked), and no walk at all (every question goes to git by itself).
func TestWalkAnswersAsGit(t *testing.T) {
	ctx := context.Background()
	everSeen := []string{"old/a.go", "nope/x.go", "d/back.go", "fresh/a.go"}
	walks := []struct {
		name  string
		query *engine.BatchQuery
	}{
		{"whole walk", &engine.BatchQuery{EverSeen: everSeen, Symbols: []string{"Keep"}}},
		{"scoped walk", &engine.BatchQuery{EverSeen: everSeen}},
		{"no walk", nil},
	}
	for _, merges := range []bool{false, true} {
		root := walkHistory(t, merges)
		answer := func(q *engine.BatchQuery) string {
			gitrepo.ResetCache()
			r, err := gitrepo.Open(ctx, root)
			if err != nil {
				t.Fatal(err)
			}
			if q != nil {
				ans, err := r.Batch(ctx, *q)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(ans.EverSeen, map[string]bool{"old/a.go": true, "d/back.go": true, "fresh/a.go": true}) {
					t.Errorf("EverSeen: got %v, want old/a.go, d/back.go and fresh/a.go", ans.EverSeen)
				}
			}
			var out []string
			for _, since := range []string{"2026-06-01T10:00:00Z", "2026-04-20T10:00:00Z", "2025-01-01T00:00:00Z", "2027-01-01T00:00:00Z"} {
				at, _ := time.Parse(time.RFC3339, since)
				tc, err := r.TouchedSince(ctx, at)
				if err != nil {
					t.Fatal(err)
				}
				var files []string
				for f, when := range tc.Files {
					files = append(files, f+"@"+when.Format(time.DateOnly))
				}
				sort.Strings(files)
				out = append(out, fmt.Sprintf("since %s: complete=%v %v", since, tc.Complete, files))
			}
			for _, rel := range []string{"AGENTS.md", "s", "gone.md", "fresh/a.go", "nope.go", "d/back.go", "old/a.go", "d"} {
				c, ok := r.LastTouch(ctx, rel)
				out = append(out, fmt.Sprintf("last %s: %s %v %v", rel, c.SHA, c.Time.Format(time.DateOnly), ok))
			}
			for _, q := range []struct{ words, paths []string }{{[]string{"Drop"}, []string{"s/s.go"}}, {[]string{"Drop", "Close"}, []string{"."}}, {[]string{"Close"}, []string{"side.go"}}, {[]string{"Keep"}, []string{"s"}}} {
				lines, err := r.RemovedLines(ctx, q.words, q.paths)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, fmt.Sprintf("removed %v in %v: %v", q.words, q.paths, lines))
			}
			moves, err := r.Renames(ctx, []string{"old/a.go", "old", "gone.md", "nope/x.go", "d/back.go"})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("renames: %v", moves))
			return fmt.Sprint(out)
		}
		name := "linear"
		if merges {
			name = "merges and a skewed clock"
		}
		want := answer(nil)
		if !strings.Contains(want, "old/a.go:{fresh/a.go") {
			t.Fatalf("%s: git answers %s, want old/a.go renamed to fresh/a.go", name, want)
		}
		for _, w := range walks[:2] {
			t.Run(name+", "+w.name, func(t *testing.T) {
				if got := answer(w.query); got != want {
					t.Fatalf("walk answered\n%s\ngit answers\n%s", got, want)
				}
			})
		}
	}
}

// TestSplitWalkIsOneWalk: the named walk's two processes (the newest commits, then the rest) join into
// the walk one process reads, at every split point, on a linear history and on one with merges.
func TestSplitWalkIsOneWalk(t *testing.T) {
	for _, tc := range []struct {
		name   string
		merges bool
	}{{"linear", false}, {"merges", true}} {
		t.Run(tc.name, func(t *testing.T) {
			root := walkHistory(t, tc.merges)
			for _, scope := range [][]string{nil, {"old/a.go", "d"}} {
				k, err := gitrepo.SplitWalkEqualsOne(root, scope)
				if err != nil {
					t.Fatal(err)
				}
				if k != 0 {
					t.Fatalf("scope %v, split at %d: got a joined walk unlike the single walk, want the same", scope, k)
				}
			}
		})
	}
}

// TestScopedWalkIsTheLog: a walk limited to a few paths lists the plain log's commits (sha, parents, time,
// subject, in its order) and, of the names, exactly the whole walk's changes on those paths (the file,
// the files under a directory), with the same added and deleting commits: deleted and re-added paths,
// a renamed directory, a path never there, on a linear history and on one with merges and a skewed clock.
func TestScopedWalkIsTheLog(t *testing.T) {
	for _, tc := range []struct {
		name   string
		merges bool
	}{{"linear", false}, {"merges and a skewed clock", true}} {
		t.Run(tc.name, func(t *testing.T) {
			root := walkHistory(t, tc.merges)
			for _, scope := range [][]string{{"d/back.go"}, {"old", "nope/x.go"}, {"AGENTS.md", "side.go", "fresh/a.go"}} {
				w, err := gitrepo.ReadScopedWalk(root, scope)
				if err != nil {
					t.Fatal(err)
				}
				if len(w.Log) == 0 || !reflect.DeepEqual(w.Log, w.PlainLog) {
					t.Errorf("scope %v: got log\n%v\nwant the plain log\n%v", scope, w.Log, w.PlainLog)
				}
				if !reflect.DeepEqual(w.Names, w.WholeNames) {
					t.Errorf("scope %v: got names\n%v\nwant the whole walk's\n%v", scope, w.Names, w.WholeNames)
				}
			}
		})
	}
}

// TestShallowScopedWalk: on a shallow clone a walk scoped to missing paths says nothing of what lies
// beyond the cut: no moved-to hint, and an age window cut inside is incomplete.
func TestShallowScopedWalk(t *testing.T) {
	src := walkHistory(t, false)
	dst := filepath.Join(t.TempDir(), "c")
	gitAt(t, t.TempDir(), "2026-07-01T10:00:00Z", "clone", "-q", "--depth", "2", "file://"+src, dst)
	ctx := context.Background()
	gitrepo.ResetCache()
	r, err := gitrepo.Open(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Shallow() {
		t.Fatal("Shallow: got false for a --depth 2 clone, want true")
	}
	if _, err := r.Batch(ctx, engine.BatchQuery{EverSeen: []string{"old/a.go", "d/back.go"}}); err != nil {
		t.Fatal(err)
	}
	moves, err := r.Renames(ctx, []string{"old/a.go", "d/back.go"})
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 0 {
		t.Errorf("Renames: got %v on a shallow clone, want none", moves)
	}
	tc, err := r.TouchedSince(ctx, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if tc.Complete {
		t.Errorf("TouchedSince past the cut: got complete, want incomplete")
	}
}
