package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// SetColdBlobs moves the point where a cold symbol query goes to git grep instead of the cache, so a
// small test repository can take either path; it returns the restore.
func SetColdBlobs(n int) func() {
	old := coldBlobs
	coldBlobs = n
	return func() { coldBlobs = old }
}

// GrepStagedOnly turns the reuse of the staged grep's lines for uses on or off and returns the restore,
// and WorkTreeGreps counts the greps of the work tree so far.
func GrepStagedOnly(on bool) func() {
	old := stagedUses
	stagedUses = on
	return func() { stagedUses = old }
}

func WorkTreeGreps() int64 { return workTreeGreps.Load() }

// IndexGreps counts the greps of the index so far; DefinitionsCached is how many blobs the definition
// cache holds (a check that read every source blob filled it).
func IndexGreps() int64 { return indexGreps.Load() }

func DefinitionsCached() int {
	defCache.Lock()
	defer defCache.Unlock()
	return len(defCache.m)
}

// GlobByRegexp is Glob without its literal fast path, so a test can hold the two to one answer.
func (r *Repo) GlobByRegexp(pattern string, limit int) []string { return r.globRegexp(pattern, limit) }

// SplitWalkEqualsOne reads HEAD's named walk (limited to scope when not nil) in one git process and
// split in two at every point from 1 to the history's length, and reports the first split point whose
// joined walk differs (0 when none).
func SplitWalkEqualsOne(root string, scope []string) (int, error) {
	ctx := context.Background()
	one, err := readHistoryPart(ctx, root, "HEAD", true, scope, 0, maxLogCommits)
	if err != nil {
		return -1, err
	}
	old := splitWalk
	defer func() { splitWalk = old }()
	for k := 1; k <= len(one.log)+1; k++ {
		splitWalk = k
		two, err := readHistory(ctx, root, "HEAD", true, scope)
		if err != nil {
			return -1, err
		}
		if !reflect.DeepEqual(one.log, two.log) || !reflect.DeepEqual(one.names, two.names) ||
			!reflect.DeepEqual(one.added, two.added) || !reflect.DeepEqual(one.deleted, two.deleted) || one.linear != two.linear {
			return k, nil
		}
	}
	return 0, nil
}

// ScopedWalk is what a walk limited to scope says against the whole walk: its log and the plain log
// (sha, parents, time, subject per commit), and its names and the whole walk's names of the paths in
// scope (per commit, "STATUS path" for the added and deleted ones, the path for the rest).
type ScopedWalk struct {
	Log, PlainLog, Names, WholeNames []string
}

// ReadScopedWalk reads HEAD's walk limited to scope, the whole named walk and the plain log.
func ReadScopedWalk(root string, scope []string) (ScopedWalk, error) {
	ctx := context.Background()
	scoped, err := readHistory(ctx, root, "HEAD", true, scope)
	if err != nil {
		return ScopedWalk{}, err
	}
	whole, err := readHistory(ctx, root, "HEAD", true, nil)
	if err != nil {
		return ScopedWalk{}, err
	}
	plain, err := readHistory(ctx, root, "HEAD", false, nil)
	if err != nil {
		return ScopedWalk{}, err
	}
	var out ScopedWalk
	commits := func(h *history) []string {
		var s []string
		for _, c := range h.log {
			s = append(s, fmt.Sprintf("%s %v %d %s", c.SHA, c.Parents, c.Time.Unix(), c.Subject))
		}
		return s
	}
	names := func(h *history, keep func(string) bool) []string {
		var s []string
		for i, ns := range h.names {
			for _, n := range ns {
				if keep(n) {
					s = append(s, fmt.Sprintf("%s %s added=%v deleted=%q", h.log[i].SHA[:7], n, h.added[n], h.deleted[n]))
				}
			}
		}
		return s
	}
	out.Log, out.PlainLog = commits(scoped), commits(plain)
	out.Names = names(scoped, func(string) bool { return true })
	out.WholeNames = names(whole, scoped.covers)
	return out, nil
}

// GrepEachWay greps the words as a check does (one PCRE pattern) and as `-w -F` with one -e per word,
// each as git answers it; pcre is false when this git has no PCRE (then a check's grep must be -F's).
func (r *Repo) GrepEachWay(cached bool, words []string) (viaPCRE, viaFixed string, pcre bool, err error) {
	ctx := context.Background()
	args := []string{"grep", "-z", "-n", "-I", "--no-color", "--untracked"}
	if cached {
		args = []string{"grep", "-z", "-n", "-I", "--no-color", "--cached", "--threads=1"}
	}
	fixed, err := r.runGrep(ctx, withWords(args, r.searchGlobs(), fixedWords(words)...))
	if err != nil {
		return "", "", false, err
	}
	pattern, ok := wordsPattern(words)
	if !ok {
		return "", "", false, fmt.Errorf("no pattern for %q", words)
	}
	res, err := r.runGrep(ctx, withWords(args, r.searchGlobs(), "-P", "-e", pattern))
	var ge *gitError
	if errors.As(err, &ge) && strings.Contains(ge.stderr, "USE_LIBPCRE") {
		got, err := r.grep(ctx, cached, words)
		return fmt.Sprint(got), fmt.Sprint(parseGrep(fixed)), false, err
	}
	return string(res), string(fixed), true, err
}

// ForgetNoPCRE clears what an earlier grep learned about git's PCRE, and reports whether it had
// learned that git has none.
func ForgetNoPCRE() bool { return noPCRE.Swap(false) }

// SetUsesBound moves the bound on the kept uses' lines, so a small repository can pass it; it returns
// the restore.
func SetUsesBound(n int) func() {
	usesCache.mu.Lock()
	defer usesCache.mu.Unlock()
	old := usesCache.max
	usesCache.max = n
	return func() {
		usesCache.mu.Lock()
		defer usesCache.mu.Unlock()
		usesCache.max = old
	}
}

// DeletionWalks counts the deletion walks Renames has run so far.
func DeletionWalks() int64 { return deletionWalks.Load() }
