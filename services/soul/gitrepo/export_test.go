package gitrepo

import (
	"context"
	"reflect"
)

// SetColdBlobs moves the point where a cold symbol query goes to git grep instead of the cache, so a
// small test repository can take either path; it returns the restore.
func SetColdBlobs(n int) func() {
	old := coldBlobs
	coldBlobs = n
	return func() { coldBlobs = old }
}

// GlobByRegexp is Glob without its literal fast path, so a test can hold the two to one answer.
func (r *Repo) GlobByRegexp(pattern string, limit int) []string { return r.globRegexp(pattern, limit) }

// SplitWalkEqualsOne reads HEAD's named walk in one git process and split in two at every point from 1
// to the history's length, and reports the first split point whose joined walk differs (0 when none).
func SplitWalkEqualsOne(root string) (int, error) {
	ctx := context.Background()
	one, err := readHistoryPart(ctx, root, "HEAD", true, 0, maxLogCommits)
	if err != nil {
		return -1, err
	}
	old := splitWalk
	defer func() { splitWalk = old }()
	for k := 1; k <= len(one.log)+1; k++ {
		splitWalk = k
		two, err := readHistory(ctx, root, "HEAD", true)
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
