package gitset

import (
	"context"
	"path/filepath"
	"runtime"
	"sync"
)

// Inspected is one worktree of a scan: what git lists and what the worktree changed.
type Inspected struct {
	Worktree
	Snapshot Snapshot
	// Err is why this worktree could not be read (the scan goes on with the others).
	Err error
}

// Scan inspects every worktree of the repository at dir (`git worktree list`), including ones
// no session owns, against target ("" for DefaultTarget), reading several at once. Bare and
// prunable entries (no working directory to read) are listed without a snapshot.
func Scan(ctx context.Context, dir, target string) ([]Inspected, error) {
	out, err := git(ctx, dir, "worktree", "list", "--porcelain", "-z")
	if err != nil {
		return nil, err
	}
	wts, err := ParseWorktrees(out)
	if err != nil {
		return nil, err
	}
	if target == "" {
		if target, err = DefaultTarget(ctx, dir); err != nil {
			return nil, err
		}
	}
	res := make([]Inspected, len(wts))
	// Each worktree is a few git processes, mostly waiting on the file system: a few more
	// readers than CPUs keeps them busy without flooding a small machine.
	sem := make(chan struct{}, 2*runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, wt := range wts {
		res[i].Worktree = wt
		res[i].Path = filepath.Clean(wt.Path)
		if wt.Bare || wt.Prunable {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res[i].Snapshot, res[i].Err = Derive(ctx, wt.Path, target)
		}()
	}
	wg.Wait()
	return res, ctx.Err()
}
