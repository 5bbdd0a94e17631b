package engine

import (
	"context"
	"time"
)

// The interfaces the engine owns: what it asks of the repository it checks and of the runtime it
// probes. Adapters live outside the engine (gitrepo for git and the file system, package soul for
// the prober); the engine only asks.

// Repo is what the verifiers know about a repository. Implementations read git facts in a fixed number
// of batches per check (never a process per claim); the engine only asks.
type Repo interface {
	// Root is the absolute repository root.
	Root() string
	// Git is false when the root is not a git work tree; git classes are then skipped and named.
	Git() bool
	// Shallow is true for a shallow clone: its history is cut, so history-based checks hold.
	Shallow() bool
	// Head is the HEAD commit, zero when unborn or not git.
	Head() Commit
	// Tags maps tag name to the commit it peels to.
	Tags() map[string]string
	// Branches holds the local and remote-tracking branch names ("main", "origin/main").
	Branches() map[string]bool
	// Log is HEAD's history, newest first.
	Log() []Commit
	// Exists reports whether a repository-relative file or directory exists (tracked, or present on disk).
	Exists(rel string) (exists, isDir bool)
	// HasTopLevel reports whether the first path segment exists at the root.
	HasTopLevel(name string) bool
	// HasBasename reports whether any tracked file has this base name.
	HasBasename(name string) bool
	// HasStem reports whether a tracked directory or a file stem (name without extension) is name.
	HasStem(name string) bool
	// HasDirName reports whether a tracked directory anywhere is called name.
	HasDirName(name string) bool
	// HasFolded reports whether a tracked file or directory, lower-cased, is p (written in lower case).
	HasFolded(p string) bool
	// ByBasename lists the tracked files with this base name.
	ByBasename(name string) []string
	// Glob lists tracked files matching a glob (with ** for any depth), at most limit.
	Glob(pattern string, limit int) []string
	// ReadFile reads a repository-relative file, bounded in size.
	ReadFile(rel string) ([]byte, error)
	// StatOutside reports whether a path outside the repository exists (sibling worktrees).
	StatOutside(abs string) bool
	// LastTouch is the newest commit that changed rel.
	LastTouch(ctx context.Context, rel string) (Commit, bool)
	// Batch answers the per-check questions that need git in one process each.
	Batch(ctx context.Context, q BatchQuery) (BatchAnswer, error)
}

// History answers what only a repository's whole history can: where a missing path went and which
// commit removed a definition. A Repo may implement it; the engine never asks a shallow clone, and a
// Repo without it leaves findings without the hint.
type History interface {
	// Renames maps each asked path (a file or a directory) that a commit renamed to where it went.
	Renames(ctx context.Context, paths []string) (map[string]Rename, error)
	// RemovedLines lists, newest commit first, the source lines that commits removed from the given
	// files or directories and that mention one of the asked words. A path written ":(glob)pattern" is
	// git's glob pathspec, passed as it is.
	RemovedLines(ctx context.Context, words, paths []string) ([]RemovedLine, error)
}

// Revisions reads files as a past commit left them. A Repo without it checks a line hint whose claim
// gives no words only by the file's length.
type Revisions interface {
	// FilesAt answers the asked files as commit left them; a file the commit lacked is absent.
	FilesAt(ctx context.Context, commit string, paths []string) map[string][]byte
}

// Authorship knows when a document first held a text. A Repo without it leaves a line hint whose
// cited lines lack the claim's words as line drift, moved where the nearest line holds one.
type Authorship interface {
	// FirstWritten answers, for each asked text, the oldest commit whose change to rel added a line
	// holding it (following rel's renames); a text no commit added is absent.
	FirstWritten(ctx context.Context, rel string, texts []string) map[string]string
}

// Prober reaches a runtime fact a soul cites. Only URLs LocalURL accepts are ever handed to it,
// and an implementation must refuse any other. Nil means runtime claims are held unprovable-now.
type Prober interface {
	Probe(ctx context.Context, url string) error
}

// Ages is what a Repo may know of when its paths last changed, in the repository's own time. The
// engine asks it once per check, for the aged_out pass; a Repo without it leaves every claim's age
// unknown, and unknown age is never flagged.
type Ages interface {
	// TouchedSince walks HEAD's history back to since in one bounded walk and answers the paths the
	// commits of that window changed, with the newest such commit's time. Touches.Complete is false
	// when the walk could not see the whole window (a shallow clone cut inside it).
	TouchedSince(ctx context.Context, since time.Time) (Touches, error)
	// Tracked reports whether rel is a tracked file or a directory holding one: a path whose age
	// history can tell. A file only on disk has no commit in reach.
	Tracked(rel string) bool
}
