// Package gitrepo runs the git the mission organ relies on: the candidate check, the
// stale-scope check and the landing on the brain's repository, and the reference runner's
// worktrees, diff stats and candidate commits.
package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/services/mission/domain"
)

// run executes git in dir with pathspecs taken literally, so a path in a candidate can never
// act as a glob or magic pathspec.
func run(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_LITERAL_PATHSPECS=1", "GIT_TERMINAL_PROMPT=0", "LC_ALL=C")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}

// Repo implements domain.Repo with the git binary.
type Repo struct{}

var _ domain.Repo = Repo{}

// Moved reports which of paths differ between base and tip in repoRoot. A base the repository
// no longer knows means the scope cannot be vouched for, so every path counts as moved.
func (Repo) Moved(ctx context.Context, repoRoot, base, tip string, paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	if !hasCommit(ctx, repoRoot, base) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return append([]string(nil), paths...), nil
	}
	out, err := run(ctx, repoRoot, append([]string{"diff", "--name-only", "--no-renames", base, tip, "--"}, paths...)...)
	if err != nil {
		return nil, err
	}
	return lines(out), nil
}

func hasCommit(ctx context.Context, repoRoot, rev string) bool {
	_, err := run(ctx, repoRoot, "cat-file", "-e", rev+"^{commit}")
	return err == nil
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// Head returns the full commit id of HEAD in dir.
func Head(ctx context.Context, dir string) (string, error) {
	out, err := run(ctx, dir, "rev-parse", "--verify", "HEAD^{commit}")
	return strings.TrimSpace(out), err
}

// AddWorktree checks commit out, detached, into a new worktree at path.
func AddWorktree(ctx context.Context, repoRoot, path, commit string) error {
	_, err := run(ctx, repoRoot, "worktree", "add", "--detach", path, commit)
	return err
}

// RemoveWorktree deletes the worktree at path and prunes its bookkeeping.
func RemoveWorktree(ctx context.Context, repoRoot, path string) error {
	_, err := run(ctx, repoRoot, "worktree", "remove", "--force", path)
	if _, perr := run(ctx, repoRoot, "worktree", "prune"); err == nil {
		err = perr
	}
	if rmErr := os.RemoveAll(path); err == nil && rmErr != nil && !errors.Is(rmErr, os.ErrNotExist) {
		err = rmErr
	}
	return err
}

// DiffStat summarizes what changed in the worktree at dir relative to base, untracked files
// included: it stages everything in the worktree's own index (the main checkout is untouched).
func DiffStat(ctx context.Context, dir, base string) (domain.DiffStat, error) {
	if _, err := run(ctx, dir, "add", "-A", "--", "."); err != nil {
		return domain.DiffStat{}, err
	}
	out, err := run(ctx, dir, "diff", "--cached", "--numstat", "--no-renames", "-z", base)
	if err != nil {
		return domain.DiffStat{}, err
	}
	return numstat(out), nil
}

// numstat reads `git diff --numstat -z` output.
func numstat(out string) domain.DiffStat {
	var d domain.DiffStat
	for _, rec := range strings.Split(out, "\x00") {
		if rec == "" {
			continue
		}
		parts := strings.SplitN(rec, "\t", 3)
		if len(parts) != 3 {
			continue
		}
		// Binary files report "-" for both counts.
		ins, _ := strconv.Atoi(parts[0])
		del, _ := strconv.Atoi(parts[1])
		d.Insertions += ins
		d.Deletions += del
		d.Paths = append(d.Paths, parts[2])
	}
	sort.Strings(d.Paths)
	d.FilesChanged = len(d.Paths)
	return d
}
