package gitrepo

// SetColdBlobs moves the point where a cold symbol query goes to git grep instead of the cache, so a
// small test repository can take either path; it returns the restore.
func SetColdBlobs(n int) func() {
	old := coldBlobs
	coldBlobs = n
	return func() { coldBlobs = old }
}

// GlobByRegexp is Glob without its literal fast path, so a test can hold the two to one answer.
func (r *Repo) GlobByRegexp(pattern string, limit int) []string { return r.globRegexp(pattern, limit) }
