package gitrepo

// SetColdBlobs moves the point where a cold symbol query goes to git grep instead of the cache, so a
// small test repository can take either path; it returns the restore.
func SetColdBlobs(n int) func() {
	old := coldBlobs
	coldBlobs = n
	return func() { coldBlobs = old }
}
