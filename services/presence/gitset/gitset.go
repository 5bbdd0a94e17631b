// Package gitset derives a presence's working set from what a git worktree actually changed:
// staged, unstaged and untracked changes and the commits ahead of the merge-base with a target
// branch, each changed file with its hunks in the merge-base's line numbers. It runs on the
// session's side (the CLI, an MCP server), never in the presence service, which only compares
// what clients send.
package gitset

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/services/presence/domain"
)

// Snapshot is one worktree's changes against its base.
type Snapshot struct {
	// Worktree is the worktree's top-level directory (absolute).
	Worktree string
	Branch   string // "" when detached
	Head     string // "" when the branch is unborn
	// Target is the branch the base is taken with, as it was asked or resolved.
	Target string
	// Base is the merge-base of HEAD and Target ("" when they share no history: then every
	// file of HEAD counts as added).
	Base string
	// Ahead is how many commits HEAD has that the base does not.
	Ahead int
	// Files are every changed, added, deleted and untracked file, sorted by path.
	Files []File
}

// Changed reports whether the worktree differs from its base at all.
func (s Snapshot) Changed() bool { return len(s.Files) > 0 }

// git runs one git command in dir. Optional locks are off: reading someone else's worktree
// (a scan) must never take or wait for its index lock.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(cmd.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_TERMINAL_PROMPT=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return out, &Error{Args: args, Msg: msg, Err: err}
	}
	return out, nil
}

// Error is a git command that failed, with what git said.
type Error struct {
	Args []string
	Msg  string
	Err  error
}

func (e *Error) Error() string { return "git " + strings.Join(e.Args, " ") + ": " + e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// exitCode is the exit status of a failed git command, or -1.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

// DefaultTarget names the branch a worktree's work is measured against when none is given:
// the remote's default branch (refs/remotes/origin/HEAD), else the local branch named by
// init.defaultBranch, main, master or trunk (the first that exists), else the current branch's
// upstream. A feature branch's own upstream comes last because its merge-base with itself
// would hide the very commits the session is making.
func DefaultTarget(ctx context.Context, dir string) (string, error) {
	if out, err := git(ctx, dir, "symbolic-ref", "-q", "--short", "refs/remotes/origin/HEAD"); err == nil {
		if t := strings.TrimSpace(string(out)); t != "" {
			return t, nil
		}
	}
	candidates := []string{"main", "master", "trunk"}
	if out, err := git(ctx, dir, "config", "--get", "init.defaultBranch"); err == nil {
		if b := strings.TrimSpace(string(out)); b != "" {
			candidates = append([]string{b}, candidates...)
		}
	}
	for _, b := range candidates {
		if _, err := git(ctx, dir, "rev-parse", "-q", "--verify", "refs/heads/"+b); err == nil {
			return b, nil
		}
	}
	if out, err := git(ctx, dir, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"); err == nil {
		if t := strings.TrimSpace(string(out)); t != "" {
			return t, nil
		}
	}
	return "", fmt.Errorf("no target branch found in %s (no origin/HEAD, main, master, trunk or upstream): name one", dir)
}

// emptyTree is the id of the empty tree in a SHA-1 repository; diffing against it lists every
// file as added. SHA-256 repositories get theirs from git (see emptyTreeOf).
const emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

func emptyTreeOf(ctx context.Context, dir string) (string, error) {
	out, err := git(ctx, dir, "rev-parse", "--show-object-format")
	if err != nil || strings.TrimSpace(string(out)) == "sha1" {
		return emptyTree, nil
	}
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "hash-object", "-t", "tree", "--stdin")
	cmd.Stdin = strings.NewReader("")
	id, err := cmd.Output()
	return strings.TrimSpace(string(id)), err
}

// Derive reads dir's worktree against target ("" for DefaultTarget).
func Derive(ctx context.Context, dir, target string) (Snapshot, error) {
	w, err := NewWatcher(ctx, dir, target)
	if err != nil {
		return Snapshot{}, err
	}
	s, _, err := w.Refresh(ctx)
	return s, err
}

// derive completes a snapshot from a parsed status: merge-base, the diff against it, and the
// untracked files as added.
func derive(ctx context.Context, top, target string, st Status) (Snapshot, error) {
	s := Snapshot{Worktree: top, Branch: st.Branch, Head: st.Head, Target: target}
	from := ""
	if st.Head != "" {
		out, err := git(ctx, top, "merge-base", "HEAD", target)
		switch {
		case err == nil:
			s.Base = strings.TrimSpace(string(out))
			from = s.Base
		case exitCode(err) == 1 && len(out) == 0:
			// No common history: everything HEAD has is this worktree's.
		default:
			return Snapshot{}, err
		}
	}
	if from == "" {
		t, err := emptyTreeOf(ctx, top)
		if err != nil {
			return Snapshot{}, err
		}
		from = t
	}
	diff, err := git(ctx, top, "-c", "core.quotePath=false", "diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv",
		"--no-renames", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/", from, "--")
	if err != nil {
		return Snapshot{}, err
	}
	files, err := ParseDiff(diff)
	if err != nil {
		return Snapshot{}, err
	}
	for _, p := range st.Untracked {
		// A file the base does not have: one insertion at the top, whatever it holds.
		files = append(files, File{Path: p, Hunks: []domain.Hunk{{Start: 0, Count: 0}}})
	}
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	s.Files = slices.CompactFunc(files, func(a, b File) bool { return a.Path == b.Path })
	if s.Base != "" && st.Head != "" && st.Head != s.Base {
		out, err := git(ctx, top, "rev-list", "--count", s.Base+"..HEAD")
		if err != nil {
			return Snapshot{}, err
		}
		if s.Ahead, err = strconv.Atoi(strings.TrimSpace(string(out))); err != nil {
			return Snapshot{}, fmt.Errorf("rev-list --count: %w", err)
		}
	} else if s.Base == "" && st.Head != "" {
		out, err := git(ctx, top, "rev-list", "--count", "HEAD")
		if err == nil {
			s.Ahead, _ = strconv.Atoi(strings.TrimSpace(string(out)))
		}
	}
	return s, nil
}

// toplevel is dir's worktree root and the repository's common git directory (shared by all
// worktrees: where branch refs live).
func toplevel(ctx context.Context, dir string) (top, common string, err error) {
	out, err := git(ctx, dir, "rev-parse", "--show-toplevel", "--git-common-dir")
	if err != nil {
		return "", "", err
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != 2 {
		return "", "", fmt.Errorf("git rev-parse in %s: unexpected answer %q", dir, clip(string(out)))
	}
	top, common = lines[0], lines[1]
	if !filepath.IsAbs(common) {
		// Relative to where git ran, not to the top level.
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", "", err
		}
		common = filepath.Join(abs, common)
	}
	return top, common, nil
}
