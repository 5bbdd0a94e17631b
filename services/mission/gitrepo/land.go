package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/organism-dev/organism/services/mission/domain"
)

// runEnv is run with extra environment (identities) for the one command.
func runEnv(ctx context.Context, dir string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(append(os.Environ(), "GIT_LITERAL_PATHSPECS=1", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C"), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = strings.TrimSpace(out.String())
		}
		return out.String(), fmt.Errorf("git %s: %w: %s", args[0], err, msg)
	}
	return out.String(), nil
}

func authorEnv(id domain.Identity) []string {
	return []string{"GIT_AUTHOR_NAME=" + id.Name, "GIT_AUTHOR_EMAIL=" + id.Email}
}

// CommitCandidate commits everything the run changed in the worktree at dir (untracked files
// included) as one commit whose only parent is the worktree's base, authored and committed by
// the executor, and keeps it under ref in the repository the worktree belongs to. A run that
// changed nothing still gets its (empty) commit, so every candidate names one. The owner's
// commit hooks do not run here: the mission's gate is this commit's check, and the landing
// runs the repository's merge hooks as any merge does.
func CommitCandidate(ctx context.Context, dir, ref string, executor domain.Identity, message string) (string, error) {
	if _, err := run(ctx, dir, "add", "-A", "--", "."); err != nil {
		return "", err
	}
	env := append(authorEnv(executor), "GIT_COMMITTER_NAME="+executor.Name, "GIT_COMMITTER_EMAIL="+executor.Email)
	if _, err := runEnv(ctx, dir, env, "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "--allow-empty", "-m", message); err != nil {
		return "", err
	}
	sha, err := Head(ctx, dir)
	if err != nil {
		return "", err
	}
	if _, err := run(ctx, dir, "update-ref", "-m", "organism: mission candidate", ref, sha); err != nil {
		return "", err
	}
	return sha, nil
}

// CurrentBranch implements domain.Repo.
func (Repo) CurrentBranch(ctx context.Context, repoRoot string) (string, error) {
	out, err := run(ctx, repoRoot, "symbolic-ref", "--quiet", "--short", "HEAD")
	if err != nil {
		if _, herr := run(ctx, repoRoot, "rev-parse", "--git-dir"); herr != nil {
			return "", herr
		}
		return "", nil // detached
	}
	return strings.TrimSpace(out), nil
}

// Tip implements domain.Repo.
func (Repo) Tip(ctx context.Context, repoRoot, branch string) (string, error) {
	out, err := run(ctx, repoRoot, "rev-parse", "--verify", "--quiet", "refs/heads/"+branch+"^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", fmt.Errorf("%w: branch %s", domain.ErrNoCommit, branch)
	}
	return strings.TrimSpace(out), nil
}

// Candidate implements domain.Repo.
func (Repo) Candidate(ctx context.Context, repoRoot, ref, base, commit string) (domain.DiffStat, error) {
	if !hasCommit(ctx, repoRoot, commit) {
		if ctx.Err() != nil {
			return domain.DiffStat{}, ctx.Err()
		}
		return domain.DiffStat{}, fmt.Errorf("%w: %s", domain.ErrNoCommit, commit)
	}
	at, err := run(ctx, repoRoot, "rev-parse", "--verify", "--quiet", ref)
	if err != nil || strings.TrimSpace(at) != commit {
		return domain.DiffStat{}, fmt.Errorf("%w: %s does not point at %s", domain.ErrNotCandidate, ref, commit)
	}
	parents, err := run(ctx, repoRoot, "rev-list", "--parents", "-n", "1", commit)
	if err != nil {
		return domain.DiffStat{}, err
	}
	if f := strings.Fields(parents); len(f) != 2 || f[1] != base {
		return domain.DiffStat{}, fmt.Errorf("%w: %s's parents are %v, not base %s alone", domain.ErrNotCandidate, commit, f[1:], base)
	}
	out, err := run(ctx, repoRoot, "diff", "--numstat", "--no-renames", "-z", base, commit)
	if err != nil {
		return domain.DiffStat{}, err
	}
	return numstat(out), nil
}

// DeleteRef implements domain.Repo.
func (Repo) DeleteRef(ctx context.Context, repoRoot, ref string) error {
	if _, err := run(ctx, repoRoot, "rev-parse", "--verify", "--quiet", ref); err != nil {
		return nil
	}
	_, err := run(ctx, repoRoot, "update-ref", "-d", ref)
	return err
}

// checkedOut returns the worktree in which branch is checked out, if any.
func checkedOut(ctx context.Context, repoRoot, branch string) (string, error) {
	out, err := run(ctx, repoRoot, "worktree", "list", "--porcelain")
	if err != nil {
		return "", err
	}
	wt := ""
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "worktree "):
			wt = strings.TrimPrefix(l, "worktree ")
		case l == "branch refs/heads/"+branch:
			return wt, nil
		}
	}
	return "", nil
}

// Apply implements domain.Repo. The merge is made in a temporary detached worktree, so the
// owner's checkout is never touched while it is made and the repository's hooks run there as
// for any merge; the branch then moves by compare-and-swap from the tip the gate checked, or,
// when it is checked out and clean, by a fast-forward of that worktree (hooks already ran).
func (Repo) Apply(ctx context.Context, req domain.ApplyRequest) (domain.Applied, error) {
	wt, err := checkedOut(ctx, req.RepoRoot, req.Branch)
	if err != nil {
		return domain.Applied{}, err
	}
	if wt != "" {
		st, err := run(ctx, wt, "status", "--porcelain", "--untracked-files=no")
		if err != nil {
			return domain.Applied{}, err
		}
		if strings.TrimSpace(st) != "" {
			return domain.Applied{}, fmt.Errorf("%w: %s has uncommitted changes to %s", domain.ErrTargetDirty, wt, firstPaths(st))
		}
	}

	tmp, err := os.MkdirTemp("", "organism-land-")
	if err != nil {
		return domain.Applied{}, err
	}
	dir := filepath.Join(tmp, "wt")
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		RemoveWorktree(cctx, req.RepoRoot, dir)
		os.RemoveAll(tmp)
	}()
	if err := AddWorktree(ctx, req.RepoRoot, dir, req.Expected); err != nil {
		return domain.Applied{}, err
	}
	method := "merge"
	args := []string{"merge", "--no-ff", "--no-edit", "-m", req.Message, req.Commit}
	if _, err := run(ctx, req.RepoRoot, "merge-base", "--is-ancestor", req.Expected, req.Commit); err == nil {
		method = "fast-forward"
		args = []string{"merge", "--ff-only", req.Commit}
	}
	if _, err := runEnv(ctx, dir, authorEnv(req.Author), append([]string{"-c", "commit.gpgsign=false"}, args...)...); err != nil {
		if ctx.Err() != nil {
			return domain.Applied{}, ctx.Err()
		}
		return domain.Applied{}, fmt.Errorf("%w: %v", domain.ErrMergeFailed, err)
	}
	landed, err := Head(ctx, dir)
	if err != nil {
		return domain.Applied{}, err
	}

	if wt != "" {
		head, err := Head(ctx, wt)
		if err != nil {
			return domain.Applied{}, err
		}
		if head != req.Expected {
			return domain.Applied{}, fmt.Errorf("%w: %s is at %s, not %s", domain.ErrTargetMoved, req.Branch, head, req.Expected)
		}
		// The merge's hooks ran in the temporary worktree; moving the owner's clean checkout
		// along is bookkeeping, so it runs without them.
		if _, err := run(ctx, wt, "-c", "core.hooksPath=/dev/null", "merge", "--ff-only", "-q", landed); err != nil {
			return domain.Applied{}, fmt.Errorf("%w: %v", domain.ErrTargetDirty, err)
		}
		return domain.Applied{Commit: landed, Method: method}, nil
	}
	if _, err := run(ctx, req.RepoRoot, "update-ref", "-m", "organism: landing", "refs/heads/"+req.Branch, landed, req.Expected); err != nil {
		return domain.Applied{}, fmt.Errorf("%w: %v", domain.ErrTargetMoved, err)
	}
	return domain.Applied{Commit: landed, Method: method}, nil
}

func firstPaths(porcelain string) string {
	var ps []string
	for _, l := range lines(porcelain) {
		if len(l) > 3 {
			ps = append(ps, strings.TrimSpace(l[2:]))
		}
		if len(ps) == 3 {
			ps = append(ps, "...")
			break
		}
	}
	return strings.Join(ps, ", ")
}

// Contains implements domain.Repo: sha must be on branch, and then either the candidate's
// commit is one of its ancestors (a merge or fast-forward kept it), or a commit between base
// and sha carries the same change, recognised by its stable patch id (a squash or rebase).
func (Repo) Contains(ctx context.Context, repoRoot, branch, base, commit, sha string) (string, error) {
	if !hasCommit(ctx, repoRoot, sha) {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", fmt.Errorf("%w: the repository has no commit %s", domain.ErrNotContained, sha)
	}
	if _, err := run(ctx, repoRoot, "merge-base", "--is-ancestor", sha, "refs/heads/"+branch); err != nil {
		return "", fmt.Errorf("%w: %s is not on branch %s", domain.ErrNotContained, sha, branch)
	}
	if _, err := run(ctx, repoRoot, "merge-base", "--is-ancestor", commit, sha); err == nil {
		return "ancestor", nil
	}
	want, err := patchIDs(ctx, repoRoot, "-1", commit)
	if err != nil {
		return "", err
	}
	if len(want) == 0 {
		return "", fmt.Errorf("%w: the candidate %s changes nothing and is not an ancestor of %s", domain.ErrNotContained, commit, sha)
	}
	got, err := patchIDs(ctx, repoRoot, "--no-merges", sha, "^"+base)
	if err != nil {
		return "", err
	}
	for pid := range want {
		if got[pid] {
			return "patch-id", nil
		}
	}
	return "", fmt.Errorf("%w: no commit between %s and %s carries the candidate's change", domain.ErrNotContained, short(base), short(sha))
}

// patchIDs returns the stable patch ids of the commits `git log revs` lists.
func patchIDs(ctx context.Context, repoRoot string, revs ...string) (map[string]bool, error) {
	log := exec.CommandContext(ctx, "git", append([]string{"-C", repoRoot, "log", "-p", "--no-color", "--no-ext-diff", "--no-renames"}, revs...)...)
	pid := exec.CommandContext(ctx, "git", "-C", repoRoot, "patch-id", "--stable")
	pipe, err := log.StdoutPipe()
	if err != nil {
		return nil, err
	}
	pid.Stdin = pipe
	var out bytes.Buffer
	pid.Stdout = &out
	if err := log.Start(); err != nil {
		return nil, err
	}
	if err := pid.Run(); err != nil {
		log.Wait()
		return nil, fmt.Errorf("git patch-id: %w", err)
	}
	if err := log.Wait(); err != nil {
		return nil, fmt.Errorf("git log: %w", err)
	}
	ids := map[string]bool{}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 {
			ids[f[0]] = true
		}
	}
	return ids, nil
}

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}
