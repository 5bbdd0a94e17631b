package gitrepo

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

var _ engine.Ages = (*Repo)(nil)

// TouchedSince answers the engine's age pass with one bounded walk: `git log --since` from HEAD with
// the names each commit changed, plus the changes not yet committed (touched now, at HEAD's time).
// A shallow clone whose cut falls inside the window (a commit of the window without parents) or a
// walk that hit maxLogCommits is incomplete: what lies beyond the cut is unknown.
func (r *Repo) TouchedSince(ctx context.Context, since time.Time) (engine.Touches, error) {
	if !r.git || r.head.SHA == "" {
		return engine.Touches{}, nil
	}
	out, err := runLimited(ctx, r.root, nil, 0, nil, "log", "-z", "-n", strconv.Itoa(maxLogCommits), "--no-renames", "--name-only",
		"--since="+since.UTC().Format("2006-01-02 15:04:05 +0000"), "--format=\x1e%H\x1f%P\x1f%ct", r.head.SHA, "--")
	if err != nil {
		return engine.Touches{}, err
	}
	t, commits, parentless := parseTouches(out)
	t.Complete = commits < maxLogCommits && !(r.shallow && parentless)
	if !t.Complete {
		return t, nil
	}
	dirty, err := runLimited(ctx, r.root, nil, 0, nil, "diff", "--name-only", "-z", "HEAD", "--")
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
func parseTouches(out []byte) (engine.Touches, int, bool) {
	t := engine.Touches{Files: map[string]time.Time{}}
	commits, parentless := 0, false
	for _, rec := range bytes.Split(out, []byte{0x1e}) {
		head, names, _ := bytes.Cut(rec, []byte{0})
		f := strings.Split(string(head), "\x1f")
		if len(f) < 3 {
			continue
		}
		commits++
		parentless = parentless || strings.TrimSpace(f[1]) == ""
		secs, _ := strconv.ParseInt(strings.TrimSpace(f[2]), 10, 64)
		at := time.Unix(secs, 0).UTC()
		for _, n := range bytes.Split(bytes.TrimPrefix(names, []byte("\n")), []byte{0}) {
			if p := string(n); p != "" {
				if _, seen := t.Files[p]; !seen {
					t.Files[p] = at
				}
			}
		}
	}
	return t, commits, parentless
}

// Tracked reports whether rel is a tracked file or a directory holding one.
func (r *Repo) Tracked(rel string) bool {
	c, ok := safeRel(rel)
	return ok && r.git && (r.set[c] || r.dirs[c])
}
