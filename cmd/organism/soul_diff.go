package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/report"
)

// baseView is what a document's findings were at BASE: the keys present there (by HEAD's paths), and
// the files renamed between BASE and the work tree, old path to new.
type baseView struct {
	accepted map[string]int
	renamed  map[string]string
}

// viewAtBase checks BASE's version of each document in a temporary git worktree, so `--diff BASE`
// keeps only what the change introduced. A document renamed since BASE is compared with its old self.
func viewAtBase(ctx context.Context, run *checkRun, base string, docs []string, overrides tissueFlag) (baseView, error) {
	root := run.repo.Root()
	git := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return out, nil
	}
	sha, err := git("rev-parse", "--verify", "--quiet", base+"^{commit}")
	if err != nil {
		hint := ""
		if run.repo.Shallow() {
			hint = " (this is a shallow clone: fetch BASE, or clone with fetch-depth: 0)"
		}
		return baseView{}, ioFailure(fmt.Errorf("--diff %s: not a commit in this repository%s", base, hint))
	}
	view := baseView{accepted: map[string]int{}, renamed: map[string]string{}}
	out, err := git("diff", "--name-status", "-M", "-z", strings.TrimSpace(string(sha)))
	if err != nil {
		return view, ioFailure(err)
	}
	fields := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	// -z records: "M\0path\0", and for renames and copies "R100\0old\0new\0"
	for i := 0; i+1 < len(fields); i += 2 {
		if st := fields[i]; (st[0] == 'R' || st[0] == 'C') && i+2 < len(fields) {
			if st[0] == 'R' {
				view.renamed[fields[i+1]] = fields[i+2]
			}
			i++
		}
	}
	tmp, err := os.MkdirTemp("", "soul-base-")
	if err != nil {
		return view, ioFailure(err)
	}
	wt := filepath.Join(tmp, "base")
	defer func() {
		_, _ = git("worktree", "remove", "--force", wt)
		_ = os.RemoveAll(tmp)
	}()
	if _, err := git("worktree", "add", "--detach", "--quiet", wt, strings.TrimSpace(string(sha))); err != nil {
		return view, ioFailure(err)
	}
	baseRun, err := openRun(ctx, wt, overrides, false)
	if err != nil {
		return view, err
	}
	oldName := map[string]string{}
	for o, n := range view.renamed {
		oldName[n] = o
	}
	for _, doc := range docs {
		then := doc
		if o, ok := oldName[doc]; ok {
			then = o
		}
		if _, err := os.Stat(filepath.Join(wt, filepath.FromSlash(then))); err != nil {
			continue // the document is new: every finding in it is the change's
		}
		rep, err := baseRun.check(ctx, then)
		if err != nil {
			return view, err
		}
		for _, s := range rep.GetStale() {
			view.accepted[report.Key(doc, s)]++
		}
	}
	return view, nil
}

// attribute names the rename behind a new finding whose anchor is a path the change moved.
func (v baseView) attribute(set report.Set) {
	for _, r := range set.Reports {
		for _, s := range r.GetStale() {
			if to, ok := v.renamed[anchorPath(s)]; ok {
				s.Detail = strings.TrimSpace(s.GetDetail() + fmt.Sprintf(" (renamed to %s by this change)", to))
			}
		}
	}
}

func anchorPath(s *soulv1.StaleRow) string {
	a := strings.TrimPrefix(strings.Trim(s.GetAnchor(), "`"), "./")
	if i := strings.IndexByte(a, ':'); i > 0 {
		a = a[:i]
	}
	return strings.TrimSuffix(a, "/")
}
