package engine

// Rename says where a path went: To is its newest name (renames followed), SHA the commit of the
// last rename.
type Rename struct {
	To  string
	SHA string
}

// RemovedLine is one line a commit removed from a source file.
type RemovedLine struct {
	SHA  string
	Path string
	Text string
}
