package gitset

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Watcher re-derives one worktree's snapshot only when something that could change it moved.
// A sidecar refreshes on every beat, and most beats nothing changed: a refresh then costs one
// `git status` (which already uses the index's stat cache to find edited files) and a stat of
// each changed file, instead of the merge-base, the diff and the rev-list of a full derive.
type Watcher struct {
	top, common string
	target      string
	// targetRef is the full ref of the target ("" when the target is a fixed commit); its
	// loose file and packed-refs are stat'ed, since the base moves when the target does.
	targetRef string

	seed  maphash.Seed
	print uint64
	have  bool
	last  Snapshot
	// Derives counts full derivations, so a test or benchmark can tell a cheap refresh apart.
	Derives int
}

// NewWatcher resolves dir's worktree and target ("" for DefaultTarget) once.
func NewWatcher(ctx context.Context, dir, target string) (*Watcher, error) {
	top, common, err := toplevel(ctx, dir)
	if err != nil {
		return nil, err
	}
	if target == "" {
		if target, err = DefaultTarget(ctx, top); err != nil {
			return nil, err
		}
	}
	if _, err := git(ctx, top, "rev-parse", "-q", "--verify", target+"^{commit}"); err != nil {
		return nil, fmt.Errorf("target %q is not a commit or branch of %s", target, top)
	}
	w := &Watcher{top: top, common: common, target: target, seed: maphash.MakeSeed()}
	if out, err := git(ctx, top, "rev-parse", "--symbolic-full-name", target); err == nil {
		if ref := strings.TrimSpace(string(out)); strings.HasPrefix(ref, "refs/") {
			w.targetRef = ref
		}
	}
	return w, nil
}

// Worktree is the worktree's top-level directory.
func (w *Watcher) Worktree() string { return w.top }

// Target is the branch (or commit) the base is taken with.
func (w *Watcher) Target() string { return w.target }

// Refresh returns the worktree's snapshot and whether its files or base differ from the
// previous refresh's (the first refresh always reports a change).
func (w *Watcher) Refresh(ctx context.Context) (Snapshot, bool, error) {
	out, err := git(ctx, w.top, "status", "--porcelain=v2", "-z", "--branch", "--untracked-files=all", "--no-renames")
	if err != nil {
		return Snapshot{}, false, err
	}
	st, err := ParseStatus(out)
	if err != nil {
		return Snapshot{}, false, err
	}
	fp := w.fingerprint(out, st)
	if w.have && fp == w.print {
		return w.last, false, nil
	}
	s, err := derive(ctx, w.top, w.target, st)
	if err != nil {
		return Snapshot{}, false, err
	}
	w.Derives++
	changed := !w.have || !sameChanges(w.last, s)
	w.last, w.print, w.have = s, fp, true
	return s, changed, nil
}

// fingerprint hashes what a full derive depends on: the status (HEAD, which files are staged,
// changed or untracked, and their index hashes), each changed file's size and modification
// time (a second edit of an already changed file leaves the status as it was), and the target
// ref's files (the base moves when the target does). Untracked files' contents do not matter:
// a file the base lacks is one insertion at the top whatever it holds.
func (w *Watcher) fingerprint(status []byte, st Status) uint64 {
	var h maphash.Hash
	h.SetSeed(w.seed)
	h.Write(status)
	var buf [24]byte
	stat := func(path string) {
		h.WriteString(path)
		fi, err := os.Lstat(path)
		if err != nil {
			h.WriteByte(0)
			return
		}
		binary.LittleEndian.PutUint64(buf[0:], uint64(fi.ModTime().UnixNano()))
		binary.LittleEndian.PutUint64(buf[8:], uint64(fi.Size()))
		binary.LittleEndian.PutUint64(buf[16:], uint64(fi.Mode()))
		h.Write(buf[:])
	}
	for _, p := range st.Changed {
		stat(filepath.Join(w.top, filepath.FromSlash(p)))
	}
	if w.targetRef != "" {
		stat(filepath.Join(w.common, filepath.FromSlash(w.targetRef)))
		stat(filepath.Join(w.common, "packed-refs"))
	}
	return h.Sum64()
}

func sameChanges(a, b Snapshot) bool {
	return a.Base == b.Base && slices.EqualFunc(a.Files, b.Files, func(x, y File) bool {
		return x.Path == y.Path && x.Binary == y.Binary && slices.Equal(x.Hunks, y.Hunks)
	})
}
