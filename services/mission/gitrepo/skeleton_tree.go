package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/organism-dev/organism/services/mission/domain"
)

// Tree implements domain.Tree with the git binary: the skeleton scan reads the repository's
// objects at one commit, never its working tree, so the scan is a function of the commit.
type Tree struct{}

var _ domain.Tree = Tree{}

// Resolve implements domain.Tree.
func (Tree) Resolve(ctx context.Context, repoRoot, rev string) (string, error) {
	if strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, " \x00\n") {
		return "", domain.ErrNoCommit
	}
	out, err := run(ctx, repoRoot, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", domain.ErrNoCommit
	}
	return strings.TrimSpace(out), nil
}

// Files implements domain.Tree: every blob path of the commit's tree (submodules excluded).
func (Tree) Files(ctx context.Context, repoRoot, commit string) ([]string, error) {
	out, err := run(ctx, repoRoot, "ls-tree", "-r", "-z", "--full-tree", commit)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, rec := range strings.Split(out, "\x00") {
		meta, p, ok := strings.Cut(rec, "\t")
		if !ok || !strings.Contains(meta, " blob ") {
			continue
		}
		files = append(files, p)
	}
	return files, nil
}

// ReadFiles implements domain.Tree with one `git cat-file --batch` for all paths.
func (Tree) ReadFiles(ctx context.Context, repoRoot, commit string, paths []string, max int) (map[string][]byte, error) {
	out := make(map[string][]byte, len(paths))
	if len(paths) == 0 {
		return out, nil
	}
	cmd := exec.CommandContext(ctx, "git", "-C", repoRoot, "cat-file", "--batch")
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "LC_ALL=C")
	var in bytes.Buffer
	for _, p := range paths {
		if strings.ContainsAny(p, "\n") {
			continue
		}
		fmt.Fprintf(&in, "%s:%s\n", commit, p)
	}
	cmd.Stdin = &in
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	r := bufio.NewReader(stdout)
	var readErr error
	for _, p := range paths {
		if strings.ContainsAny(p, "\n") {
			continue
		}
		header, err := r.ReadString('\n')
		if err != nil {
			readErr = fmt.Errorf("cat-file %s: %w", p, err)
			break
		}
		f := strings.Fields(header)
		if len(f) != 3 {
			continue // "<object> missing"
		}
		size, err := strconv.Atoi(f[2])
		if err != nil {
			readErr = fmt.Errorf("cat-file %s: header %q", p, header)
			break
		}
		buf := make([]byte, size+1) // the content and its trailing newline
		if _, err := io.ReadFull(r, buf); err != nil {
			readErr = fmt.Errorf("cat-file %s: %w", p, err)
			break
		}
		if f[1] == "blob" && size <= max {
			out[p] = buf[:size]
		}
	}
	_, _ = io.Copy(io.Discard, r)
	if err := cmd.Wait(); err != nil && readErr == nil {
		readErr = fmt.Errorf("cat-file: %w", err)
	}
	return out, readErr
}
