package gitrepo_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul/gitrepo"
)

func gitAt(t *testing.T, root, date string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+root, "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestTouchedSince: one walk answers each path's newest touch in the window; a shallow clone is
// complete only when its cut lies before the window.
func TestTouchedSince(t *testing.T) {
	src := t.TempDir()
	gitAt(t, src, "2026-01-10T10:00:00Z", "init", "-q", "-b", "main")
	for _, c := range []struct{ date, file string }{
		{"2026-01-10T10:00:00Z", "old.go"},
		{"2026-02-01T10:00:00Z", "feb.go"},
		{"2026-06-20T10:00:00Z", "dir/a.go"},
		{"2026-06-25T10:00:00Z", "dir/a.go"},
		{"2026-07-01T10:00:00Z", "head.go"},
	} {
		write(t, src, c.file, c.date+"\n")
		gitAt(t, src, c.date, "add", "-A")
		gitAt(t, src, c.date, "commit", "-q", "-m", c.file)
	}
	clone := func(depth string) string {
		dst := filepath.Join(t.TempDir(), "c")
		gitAt(t, t.TempDir(), "2026-07-01T10:00:00Z", "clone", "-q", "--depth", depth, "file://"+src, dst)
		return dst
	}
	since := time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC) // HEAD minus 720h
	tests := []struct {
		name         string
		root         string
		wantComplete bool
	}{
		{"full history", src, true},
		{"shallow, cut inside the window", clone("2"), false},
		{"shallow, cut before the window", clone("4"), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gitrepo.ResetCache()
			r, err := gitrepo.Open(context.Background(), tc.root)
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.TouchedSince(context.Background(), since)
			if err != nil {
				t.Fatal(err)
			}
			if got.Complete != tc.wantComplete {
				t.Fatalf("Complete: got %v, want %v", got.Complete, tc.wantComplete)
			}
			if !tc.wantComplete {
				return
			}
			if at, ok := got.Files["dir/a.go"]; !ok || !at.Equal(time.Date(2026, 6, 25, 10, 0, 0, 0, time.UTC)) {
				t.Errorf("dir/a.go: got %v (%v), want its newest touch 2026-06-25", at, ok)
			}
			for _, p := range []string{"old.go", "feb.go"} {
				if at, ok := got.Files[p]; ok {
					t.Errorf("%s: got touched at %v, want untouched in the window", p, at)
				}
			}
			if !r.Tracked("dir") || !r.Tracked("old.go") || r.Tracked("nope.go") {
				t.Errorf("Tracked: got dir=%v old.go=%v nope.go=%v, want true true false", r.Tracked("dir"), r.Tracked("old.go"), r.Tracked("nope.go"))
			}
		})
	}
}
