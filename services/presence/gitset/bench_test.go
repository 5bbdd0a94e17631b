package gitset

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// Targets of issue 16: a full scan of 10 worktrees x 200 changed files within 1 s, and a
// sidecar's refresh within 50 ms per worktree per beat.
const (
	scanTarget    = time.Second
	refreshTarget = 50 * time.Millisecond
	repoFiles     = 1000
	changedFiles  = 200
)

// benchRepo builds a repository of repoFiles files of 60 lines and n worktrees, each with
// changedFiles changed files: 50 changed in two commits ahead of main, 100 edited and not
// staged (two hunks each), 50 untracked.
func benchRepo(b *testing.B, n int) (*repo, []string) {
	b.Helper()
	r := newRepo(b)
	for i := range repoFiles {
		r.write(r.dir, benchPath(i), lines(60))
	}
	r.commitAll(r.dir, "base")
	var wts []string
	for w := range n {
		wt := r.worktree(fmt.Sprintf("w%d", w))
		off := w * 97 // each worktree works on its own stretch, overlapping its neighbours'
		for k := range 50 {
			r.write(wt, benchPath((off+k)%repoFiles), edit(lines(60), 7))
		}
		r.commitAll(wt, "ahead")
		for k := 50; k < 150; k++ {
			r.write(wt, benchPath((off+k)%repoFiles), edit(lines(60), 3, 40))
		}
		for k := range 50 {
			r.write(wt, fmt.Sprintf("new/w%d/n%d.go", w, k), "package n\n")
		}
		wts = append(wts, wt)
	}
	return r, wts
}

func benchPath(i int) string { return fmt.Sprintf("src/d%02d/f%03d.go", i%40, i) }

// BenchmarkScan: `presence scan` of a repository whose 10 worktrees each changed 200 files.
func BenchmarkScan(b *testing.B) {
	r, wts := benchRepo(b, 10)
	b.ResetTimer()
	for b.Loop() {
		got, err := Scan(ctx, r.dir, "main")
		if err != nil {
			b.Fatal(err)
		}
		for _, in := range got {
			if in.Err != nil {
				b.Fatal(in.Err)
			}
			if in.Path != r.dir && len(in.Snapshot.Files) != changedFiles {
				b.Fatalf("%s: got %d changed files, want %d", in.Path, len(in.Snapshot.Files), changedFiles)
			}
		}
		if len(got) != len(wts)+1 {
			b.Fatalf("got %d worktrees, want %d", len(got), len(wts)+1)
		}
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/scan")
	b.ReportMetric(float64(per)/float64(scanTarget), "ratio-to-1s")
}

// BenchmarkRefresh: one sidecar beat's refresh of a worktree with 200 changed files, when
// nothing moved (the usual beat: status and stats only) and when a file was just edited (a
// full derive: merge-base, diff, rev-list).
func BenchmarkRefresh(b *testing.B) {
	r, wts := benchRepo(b, 1)
	wt := wts[0]
	for _, bc := range []struct {
		name  string
		edit  bool
		wantD func(n int) bool
	}{
		{"unchanged", false, func(n int) bool { return n == 1 }},
		{"edited", true, func(n int) bool { return n > 1 }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			w, err := NewWatcher(ctx, wt, "main")
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := w.Refresh(ctx); err != nil {
				b.Fatal(err)
			}
			target := filepath.ToSlash(benchPath(60))
			i := 0
			b.ResetTimer()
			for b.Loop() {
				if bc.edit {
					b.StopTimer()
					i++
					r.write(wt, target, edit(lines(60), 3, 40, 10+i%40))
					b.StartTimer()
				}
				s, _, err := w.Refresh(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if len(s.Files) != changedFiles {
					b.Fatalf("got %d files, want %d", len(s.Files), changedFiles)
				}
			}
			if !bc.wantD(w.Derives) {
				b.Fatalf("got %d full derives over %d refreshes", w.Derives, b.N+1)
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/beat")
			b.ReportMetric(float64(per)/float64(refreshTarget), "ratio-to-50ms")
			b.ReportMetric(float64(w.Derives), "derives")
		})
	}
}

// BenchmarkJoinCold: what `presence join --from-git` pays before its first Register: a new
// watcher and its first refresh (a full derive, nothing cached). Its ratio is to the sidecar's
// 50 ms beat target, the budget an agent's join is held to.
func BenchmarkJoinCold(b *testing.B) {
	_, wts := benchRepo(b, 1)
	b.ResetTimer()
	for b.Loop() {
		w, err := NewWatcher(ctx, wts[0], "main")
		if err != nil {
			b.Fatal(err)
		}
		s, _, err := w.Refresh(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Files) != changedFiles {
			b.Fatalf("got %d files, want %d", len(s.Files), changedFiles)
		}
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(time.Millisecond), "ms/join")
	b.ReportMetric(float64(per)/float64(refreshTarget), "ratio-to-50ms")
}
