package gitrepo_test

import (
	"context"
	"fmt"
	"reflect"
	"sort"
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
	step("2026-01-01T10:00:00Z", "start", map[string]string{"AGENTS.md": "# a\n", "s/s.go": "package s\n\nfunc Keep() {}\n\nfunc Drop() {}\n", "old/a.go": "package old\n", "gone.md": "bye\n"})
	step("2026-02-01T10:00:00Z", "drop (#3)", map[string]string{"s/s.go": "package s\n\nfunc Keep() {}\n"})
	gitAt(t, root, "2026-03-01T10:00:00Z", "mv", "old", "fresh")
	step("2026-03-01T10:00:00Z", "move", nil)
	step("2026-04-01T10:00:00Z", "rm", nil, "gone.md")
	step("2026-05-01T10:00:00Z", "back", map[string]string{"gone.md": "again\n", "AGENTS.md": "# b\n"})
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
	step("2026-07-01T10:00:00Z", "head", map[string]string{"dir/a.go": "package dir\n"}, "gone.md")
	return root
}

// TestWalkAnswersAsGit: a check's history walk answers each history question as git's own walk for that
// question does, on a linear history and on one with merges and a skewed clock.
func TestWalkAnswersAsGit(t *testing.T) {
	ctx := context.Background()
	for _, merges := range []bool{false, true} {
		root := walkHistory(t, merges)
		// walked: a check's Batch asked about a missing path, so one walk with names answers the rest;
		// alone: no Batch, so every question goes to git by itself.
		answer := func(walk bool) string {
			gitrepo.ResetCache()
			r, err := gitrepo.Open(ctx, root)
			if err != nil {
				t.Fatal(err)
			}
			if walk {
				if _, err := r.Batch(ctx, engine.BatchQuery{EverSeen: []string{"old/a.go", "nope/x.go"}}); err != nil {
					t.Fatal(err)
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
			for _, rel := range []string{"AGENTS.md", "s", "gone.md", "fresh/a.go", "nope.go"} {
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
			moves, err := r.Renames(ctx, []string{"old/a.go", "old", "gone.md", "nope/x.go"})
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
		t.Run(name, func(t *testing.T) {
			got, want := answer(true), answer(false)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("walk answered\n%s\ngit answers\n%s", got, want)
			}
		})
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
			k, err := gitrepo.SplitWalkEqualsOne(walkHistory(t, tc.merges))
			if err != nil {
				t.Fatal(err)
			}
			if k != 0 {
				t.Fatalf("split at %d: got a joined walk unlike the single walk, want the same", k)
			}
		})
	}
}
