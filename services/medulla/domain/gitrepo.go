package domain

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

var commitPattern = regexp.MustCompile(`^[0-9a-f]{7,64}$`)

// Head implements CommitRepo by reading the git metadata files (no process is started: the
// write door records it on every memorize). It follows a worktree's .git file, a symbolic HEAD
// and packed refs.
func (OSRepo) Head(root string) (string, error) {
	if root == "" {
		return "", errors.New("no repository root")
	}
	gitDir := filepath.Join(root, ".git")
	if st, err := os.Stat(gitDir); err != nil {
		return "", err
	} else if !st.IsDir() {
		b, err := os.ReadFile(gitDir)
		if err != nil {
			return "", err
		}
		line := strings.TrimSpace(string(b))
		if !strings.HasPrefix(line, "gitdir: ") {
			return "", errors.New("malformed .git file")
		}
		gitDir = strings.TrimPrefix(line, "gitdir: ")
		if !filepath.IsAbs(gitDir) {
			gitDir = filepath.Join(root, gitDir)
		}
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", err
	}
	h := strings.TrimSpace(string(head))
	if !strings.HasPrefix(h, "ref: ") {
		if commitPattern.MatchString(h) {
			return h, nil
		}
		return "", errors.New("malformed HEAD")
	}
	ref := strings.TrimPrefix(h, "ref: ")
	// A linked worktree keeps its HEAD beside it and its refs in the common directory.
	dirs := []string{gitDir}
	if common, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(common))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		dirs = append(dirs, c)
	}
	for _, d := range dirs {
		if b, err := os.ReadFile(filepath.Join(d, filepath.FromSlash(ref))); err == nil {
			if s := strings.TrimSpace(string(b)); commitPattern.MatchString(s) {
				return s, nil
			}
		}
		if b, err := os.ReadFile(filepath.Join(d, "packed-refs")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if sha, name, ok := strings.Cut(strings.TrimSpace(line), " "); ok && name == ref && commitPattern.MatchString(sha) {
					return sha, nil
				}
			}
		}
	}
	return "", fmt.Errorf("ref %s not found (an unborn branch?)", ref)
}

// HashAt implements CommitRepo with git cat-file; it runs only when a service records gate
// evidence, never on the write door.
func (OSRepo) HashAt(root, commit, rel string) (string, error) {
	if !commitPattern.MatchString(commit) || !cleanRelative(rel) {
		return "", fmt.Errorf("bad commit or path: %w", fs.ErrNotExist)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", root, "cat-file", "blob", commit+":"+rel)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := errb.String()
		if strings.Contains(msg, "does not exist") || strings.Contains(msg, "Not a valid object") || strings.Contains(msg, "bad file") || strings.Contains(msg, "invalid object name") {
			return "", fmt.Errorf("%s at %s: %w", rel, commit, fs.ErrNotExist)
		}
		return "", fmt.Errorf("git cat-file %s:%s: %v: %s", commit, rel, err, strings.TrimSpace(msg))
	}
	sum := sha256.Sum256(out.Bytes())
	return hex.EncodeToString(sum[:]), nil
}

// headOf is the commit checked out in a brain's repository, "" when unknown.
func (s *Service) headOf(root string) string {
	cr, ok := s.repo.(CommitRepo)
	if !ok {
		return ""
	}
	h, err := cr.Head(root)
	if err != nil {
		return ""
	}
	return h
}

// measureAt re-hashes every anchor as committed at commit (a gate's evidence).
func measureAt(repo Repo, root, commit string, anchors []Anchor) ([]EvidenceCheck, bool) {
	cr, ok := repo.(CommitRepo)
	if !ok {
		return nil, false
	}
	out := make([]EvidenceCheck, 0, len(anchors))
	for _, a := range anchors {
		chk := EvidenceCheck{Anchor: a}
		switch {
		case !a.measurable() || a.SHA256 == "":
			chk.Status = EvidenceUnverifiable
		default:
			sum, err := cr.HashAt(root, commit, a.Path)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				chk.Status = EvidenceFileMissing
			case err != nil:
				chk.Status = EvidenceUnverifiable
			case sum == a.SHA256:
				chk.Status, chk.Measured = EvidenceFresh, sum
			default:
				chk.Status, chk.Measured = EvidenceChanged, sum
			}
		}
		out = append(out, chk)
	}
	return out, true
}
