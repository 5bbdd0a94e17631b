package domain

import (
	"context"
	"time"
)

// Repo is what the verifiers know about a repository. Implementations read git facts in a fixed number
// of batches per check (never a process per claim); the domain only asks.
type Repo interface {
	// Root is the absolute repository root.
	Root() string
	// Git is false when the root is not a git work tree; git classes are then skipped and named.
	Git() bool
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

// Commit is one commit of the log.
type Commit struct {
	SHA     string
	Parents []string
	Time    time.Time
	Subject string
}

// BatchQuery collects every question of one check, so each is answered by one git process.
type BatchQuery struct {
	Commits  []string
	Ignored  []string
	EverSeen []string
	Symbols  []string
}

// BatchAnswer answers a BatchQuery.
type BatchAnswer struct {
	// Commits maps each asked name to its full sha when it names a commit.
	Commits map[string]string
	Ignored map[string]bool
	// EverSeen holds the asked paths that some commit ever added.
	EverSeen map[string]bool
	// SymbolLines are the source lines that mention any asked symbol word.
	SymbolLines []SourceLine
}

// SourceLine is one line of a tracked source file.
type SourceLine struct {
	Path string
	Line int
	Text string
}
