package gitrepo

import (
	"bytes"
	"context"
	"maps"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

var _ engine.Ages = (*Repo)(nil)

// TouchedSince answers the engine's age pass: the names the commits of the window changed (read from the
// check's history walk, else one bounded `git log --since` walk), plus the changes not yet committed
// (touched now, at HEAD's time).
// A shallow clone whose cut falls inside the window (a commit of the window without parents) or a
// walk that hit maxLogCommits is incomplete: what lies beyond the cut is unknown.
func (r *Repo) TouchedSince(ctx context.Context, since time.Time) (engine.Touches, error) {
	if !r.git || r.head.SHA == "" {
		return engine.Touches{}, nil
	}
	w, err := r.window(ctx, since)
	if err != nil {
		return engine.Touches{}, err
	}
	t := engine.Touches{Files: maps.Clone(w.files), Complete: w.commits < maxLogCommits && !(r.shallow && w.parentless)}
	if !t.Complete {
		return t, nil
	}
	dirty, err := r.dirtyFiles(ctx)
	if err != nil {
		return engine.Touches{}, err
	}
	for _, f := range bytes.Split(dirty, []byte{0}) {
		if len(f) > 0 {
			t.Files[string(f)] = r.head.Time
		}
	}
	return t, nil
}

// parseTouches reads `log -z --name-only --format=RS%H US%P US%ct`: per commit RS, its fields, NUL,
// then "\n" and the changed names, each ended by NUL. Log order is newest first, so a path's first
// time is its newest. It also says how many commits it read and whether one had no parents.
func parseTouches(out []byte) windowWalk {
	w := windowWalk{files: map[string]time.Time{}}
	for _, rec := range bytes.Split(out, []byte{0x1e}) {
		head, names, _ := bytes.Cut(rec, []byte{0})
		f := strings.Split(string(head), "\x1f")
		if len(f) < 3 {
			continue
		}
		w.commits++
		w.parentless = w.parentless || strings.TrimSpace(f[1]) == ""
		secs, _ := strconv.ParseInt(strings.TrimSpace(f[2]), 10, 64)
		at := time.Unix(secs, 0).UTC()
		for _, n := range bytes.Split(bytes.TrimPrefix(names, []byte("\n")), []byte{0}) {
			if p := string(n); p != "" {
				if _, seen := w.files[p]; !seen {
					w.files[p] = at
				}
			}
		}
	}
	return w
}

// Tracked reports whether rel is a tracked file or a directory holding one.
func (r *Repo) Tracked(rel string) bool {
	c, ok := safeRel(rel)
	return ok && r.git && (r.set[c] || r.dirs[c])
}

// startDirty lists the uncommitted changes in the background, once, beside the history walk: the age
// pass needs them after the claims are judged, and the process stats every tracked file.
func (r *Repo) startDirty(ctx context.Context) {
	if !r.git || r.head.SHA == "" {
		return
	}
	r.dirtyOnce.Do(func() {
		r.dirtyReady = make(chan struct{})
		go func() {
			defer close(r.dirtyReady)
			r.dirty, r.dirtyErr = runLimited(ctx, r.root, nil, 0, nil, "diff", "--name-only", "-z", "HEAD", "--")
		}()
	})
}

func (r *Repo) dirtyFiles(ctx context.Context) ([]byte, error) {
	r.startDirty(ctx)
	<-r.dirtyReady
	return r.dirty, r.dirtyErr
}

// windowWalk is one age window's answer, cached per repository, HEAD and window start: the commits of a
// HEAD's history never change, so a server re-checking a brain asks once. The check's history walk
// answers it when one was read whole; else one bounded `git log --since` walk does. Both give git's
// answer (TestWalkAnswersAsGit), so one cache holds either.
type windowWalk struct {
	files      map[string]time.Time
	commits    int
	parentless bool
}

var windows = struct {
	sync.Mutex
	m map[string]windowWalk
}{m: map[string]windowWalk{}}

// window answers an age window from the cache, else the history walk, else git; callers must not
// change the files map (it is shared through the cache).
func (r *Repo) window(ctx context.Context, since time.Time) (windowWalk, error) {
	at := since.UTC().Format("2006-01-02 15:04:05 +0000")
	key := r.root + "\x00" + r.head.SHA + "\x00" + at
	windows.Lock()
	w, ok := windows.m[key]
	windows.Unlock()
	if ok {
		return w, nil
	}
	if h := r.walked(); h.full() {
		w = h.touchedSince(since)
	} else {
		out, err := runLimited(ctx, r.root, nil, 0, nil, "log", "-z", "-n", strconv.Itoa(maxLogCommits), "--no-renames", "--name-only",
			"--since="+at, "--format=\x1e%H\x1f%P\x1f%ct", r.head.SHA, "--")
		if err != nil {
			return windowWalk{}, err
		}
		w = parseTouches(out)
	}
	windows.Lock()
	if len(windows.m) >= maxHistories {
		windows.m = map[string]windowWalk{}
	}
	windows.m[key] = w
	windows.Unlock()
	return w, nil
}
