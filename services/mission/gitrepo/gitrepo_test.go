package gitrepo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func gitT(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestScopeAndWorktree(t *testing.T) {
	ctx := context.Background()
	repo := t.TempDir()
	gitT(t, repo, "init", "-q", "-b", "main")
	write(t, filepath.Join(repo, "a.txt"), "a\n")
	write(t, filepath.Join(repo, "dir/b.txt"), "b\n")
	gitT(t, repo, "add", ".")
	gitT(t, repo, "commit", "-q", "-m", "init")
	base, err := Head(ctx, repo)
	if err != nil || len(base) != 40 {
		t.Fatalf("got head %q (%v), want a full commit id", base, err)
	}

	wt := filepath.Join(t.TempDir(), "wt")
	if err := AddWorktree(ctx, repo, wt, base); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(wt, "a.txt"), "a\nmore\n")
	write(t, filepath.Join(wt, "new file.txt"), "n\n")
	d, err := DiffStat(ctx, wt, base)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(d.Paths, "|"), "a.txt|new file.txt"; got != want {
		t.Errorf("got paths %q, want %q (untracked files included)", got, want)
	}
	if d.FilesChanged != 2 || d.Insertions != 2 || d.Deletions != 0 {
		t.Errorf("got %+v, want 2 files +2 -0", d)
	}
	if got := gitT(t, repo, "status", "--porcelain"); got != "" {
		t.Errorf("got main checkout status %q, want it untouched by the worktree", got)
	}
	if err := RemoveWorktree(ctx, repo, wt); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(wt); !os.IsNotExist(err) {
		t.Errorf("got worktree still present (%v)", err)
	}

	tests := []struct {
		name  string
		base  string
		paths []string
		want  string
	}{
		{"nothing touched is never stale", base, nil, ""},
		{"untouched path", base, []string{"dir/b.txt"}, ""},
		{"moved path", base, []string{"a.txt", "dir/b.txt"}, "a.txt"},
		{"glob is literal", base, []string{"*.txt"}, ""},
		{"unknown base moves everything", strings.Repeat("0", 40), []string{"dir/b.txt"}, "dir/b.txt"},
	}
	write(t, filepath.Join(repo, "a.txt"), "changed on main\n")
	gitT(t, repo, "commit", "-q", "-am", "move a")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Repo{}.Moved(ctx, repo, tc.base, "HEAD", tc.paths)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "|") != tc.want {
				t.Errorf("got moved %q, want %q", got, tc.want)
			}
		})
	}
}
