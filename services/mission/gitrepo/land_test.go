package gitrepo

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/mission/domain"
)

var executor = domain.Identity{Name: "r1", Email: "r1@runner.organism"}

// landRepo is a repository on main with one commit, the owner's identity configured, and a
// candidate commit (editing a.txt) kept under the mission ref from a worktree.
func landRepo(t *testing.T) (repo, base, commit string) {
	t.Helper()
	ctx := context.Background()
	repo = t.TempDir()
	gitT(t, repo, "init", "-q", "-b", "main")
	gitT(t, repo, "config", "user.name", "Owner")
	gitT(t, repo, "config", "user.email", "owner@example.com")
	write(t, filepath.Join(repo, "a.txt"), "a\n")
	write(t, filepath.Join(repo, "b.txt"), "b\n")
	gitT(t, repo, "add", ".")
	gitT(t, repo, "commit", "-q", "-m", "init")
	base = gitT(t, repo, "rev-parse", "HEAD")
	wt := filepath.Join(t.TempDir(), "wt")
	if err := AddWorktree(ctx, repo, wt, base); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(wt, "a.txt"), "a\nfixed\n")
	write(t, filepath.Join(wt, "new.txt"), "new\n")
	var err error
	commit, err = CommitCandidate(ctx, wt, domain.MissionRef("msn_1"), executor, "mission msn_1: fix a")
	if err != nil {
		t.Fatal(err)
	}
	if err := RemoveWorktree(ctx, repo, wt); err != nil {
		t.Fatal(err)
	}
	return repo, base, commit
}

func TestCandidateCommit(t *testing.T) {
	ctx := context.Background()
	repo, base, commit := landRepo(t)
	if got := gitT(t, repo, "log", "-1", "--format=%an <%ae> / %cn", commit); got != "r1 <r1@runner.organism> / r1" {
		t.Errorf("got candidate author/committer %q, want the executor", got)
	}
	if got := gitT(t, repo, "rev-parse", "main"); got != base {
		t.Errorf("got main at %s, want it untouched at %s", got, base)
	}
	tests := []struct {
		name         string
		ref, base, c string
		want         error
		paths        string
	}{
		{"the candidate", domain.MissionRef("msn_1"), base, commit, nil, "a.txt|new.txt"},
		{"ref elsewhere", domain.MissionRef("msn_2"), base, commit, domain.ErrNotCandidate, ""},
		{"other base", domain.MissionRef("msn_1"), commit, commit, domain.ErrNotCandidate, ""},
		{"absent commit", domain.MissionRef("msn_1"), base, strings.Repeat("1", 40), domain.ErrNoCommit, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Repo{}.Candidate(ctx, repo, tc.ref, tc.base, tc.c)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if got := strings.Join(d.Paths, "|"); got != tc.paths {
				t.Errorf("got paths %q, want %q", got, tc.paths)
			}
		})
	}
}

func TestApply(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		// prepare moves the repository before the landing and returns the tip the gate saw.
		prepare func(t *testing.T, repo, base string) string
		method  string
		want    error
		// checkedOut: whether main stays checked out in the repository's main worktree.
		checkedOut bool
	}{
		{"fast-forward of the clean checkout", func(t *testing.T, repo, base string) string { return base }, "fast-forward", nil, true},
		{"merge onto a moved tip", func(t *testing.T, repo, base string) string {
			write(t, filepath.Join(repo, "b.txt"), "b moved\n")
			gitT(t, repo, "commit", "-q", "-am", "elsewhere")
			return gitT(t, repo, "rev-parse", "HEAD")
		}, "merge", nil, true},
		{"branch not checked out", func(t *testing.T, repo, base string) string {
			gitT(t, repo, "checkout", "-q", "--detach")
			return base
		}, "fast-forward", nil, false},
		{"dirty checkout refused", func(t *testing.T, repo, base string) string {
			write(t, filepath.Join(repo, "b.txt"), "owner's unsaved work\n")
			return base
		}, "", domain.ErrTargetDirty, true},
		{"tip moved since the gate", func(t *testing.T, repo, base string) string {
			gitT(t, repo, "commit", "-q", "--allow-empty", "-m", "raced")
			return base
		}, "", domain.ErrTargetMoved, true},
		{"hook refuses the merge", func(t *testing.T, repo, base string) string {
			write(t, filepath.Join(repo, ".git/hooks/pre-merge-commit"), "#!/bin/sh\necho no merges today >&2\nexit 1\n")
			os.Chmod(filepath.Join(repo, ".git/hooks/pre-merge-commit"), 0o755)
			write(t, filepath.Join(repo, "b.txt"), "b moved\n")
			gitT(t, repo, "commit", "-q", "-am", "elsewhere")
			return gitT(t, repo, "rev-parse", "HEAD")
		}, "", domain.ErrMergeFailed, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo, base, commit := landRepo(t)
			expected := tc.prepare(t, repo, base)
			before := gitT(t, repo, "rev-parse", "refs/heads/main")
			status := gitT(t, repo, "status", "--porcelain", "--untracked-files=no")
			got, err := Repo{}.Apply(ctx, domain.ApplyRequest{RepoRoot: repo, Branch: "main", Expected: expected, Commit: commit,
				Message: "organism: land mission msn_1 (receipt rcpt_1)", Author: executor})
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			tip := gitT(t, repo, "rev-parse", "refs/heads/main")
			if tc.want != nil {
				if tip != before {
					t.Errorf("got main at %s after a refusal, want %s", tip, before)
				}
				if s := gitT(t, repo, "status", "--porcelain", "--untracked-files=no"); s != status {
					t.Errorf("got checkout status %q after a refusal, want %q", s, status)
				}
				return
			}
			if got.Method != tc.method || got.Commit != tip {
				t.Errorf("got %+v with main at %s, want method %s at the tip", got, tip, tc.method)
			}
			if _, err := run(ctx, repo, "merge-base", "--is-ancestor", commit, tip); err != nil {
				t.Errorf("got the candidate %s not on main %s", commit, tip)
			}
			if tc.method == "fast-forward" && tip != commit {
				t.Errorf("got tip %s, want exactly the candidate %s", tip, commit)
			}
			if tc.method == "merge" {
				if got := gitT(t, repo, "log", "-1", "--format=%an|%cn|%s", tip); got != "r1|Owner|organism: land mission msn_1 (receipt rcpt_1)" {
					t.Errorf("got merge author|committer|subject %q, want the executor, the owner and the message", got)
				}
			}
			if tc.checkedOut {
				if got := gitT(t, repo, "rev-parse", "HEAD"); got != tip {
					t.Errorf("got the checkout at %s, want it moved along to %s", got, tip)
				}
				if s := gitT(t, repo, "status", "--porcelain"); s != "" {
					t.Errorf("got checkout status %q, want clean", s)
				}
			}
			if wts := gitT(t, repo, "worktree", "list", "--porcelain"); strings.Count(wts, "worktree ") != 1 {
				t.Errorf("got worktrees left behind:\n%s", wts)
			}
		})
	}
}

func TestApplyRunsMergeHooks(t *testing.T) {
	repo, base, commit := landRepo(t)
	mark := filepath.Join(t.TempDir(), "hook-ran")
	write(t, filepath.Join(repo, ".git/hooks/post-merge"), "#!/bin/sh\necho ran >> "+mark+"\n")
	os.Chmod(filepath.Join(repo, ".git/hooks/post-merge"), 0o755)
	if _, err := (Repo{}).Apply(context.Background(), domain.ApplyRequest{RepoRoot: repo, Branch: "main", Expected: base, Commit: commit, Author: executor}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(mark)
	if got := strings.Count(string(data), "ran"); got != 1 {
		t.Errorf("got post-merge run %d times, want once", got)
	}
}

func TestContains(t *testing.T) {
	ctx := context.Background()
	repo, base, commit := landRepo(t)
	// A squash of the candidate onto a moved main, as a code host would merge it.
	write(t, filepath.Join(repo, "b.txt"), "b moved\n")
	gitT(t, repo, "commit", "-q", "-am", "elsewhere")
	gitT(t, repo, "cherry-pick", commit)
	squash := gitT(t, repo, "rev-parse", "HEAD")
	gitT(t, repo, "branch", "side", base)
	gitT(t, repo, "merge", "-q", "--no-ff", "-m", "merge candidate", commit)
	merged := gitT(t, repo, "rev-parse", "HEAD")
	write(t, filepath.Join(repo, "b.txt"), "unrelated\n")
	gitT(t, repo, "commit", "-q", "-am", "unrelated")
	gitT(t, repo, "checkout", "-q", "side")
	write(t, filepath.Join(repo, "b.txt"), "side\n")
	gitT(t, repo, "commit", "-q", "-am", "off target")
	side := gitT(t, repo, "rev-parse", "HEAD")
	gitT(t, repo, "checkout", "-q", "main")
	tests := []struct {
		name, sha, method string
		want              error
	}{
		{"merge keeps the commit", merged, "ancestor", nil},
		{"squash matches the patch id", squash, "patch-id", nil},
		{"before the change", base, "", domain.ErrNotContained},
		{"not on the target branch", side, "", domain.ErrNotContained},
		{"unknown sha", strings.Repeat("2", 40), "", domain.ErrNotContained},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Repo{}.Contains(ctx, repo, "main", base, commit, tc.sha)
			if !errors.Is(err, tc.want) || got != tc.method {
				t.Fatalf("got %q, %v; want %q, %v", got, err, tc.method, tc.want)
			}
		})
	}
}
