package domain

import (
	"context"
	"time"
)

// The interfaces the soul domain owns: what it asks of medulla, its store, the repository it
// checks, the runtime it probes, the clock and the id source. Adapters live outside the domain
// (peers for medulla, store for SQLite, gitrepo for git, package soul for the prober).

// Brains resolves a brain in medulla's registry. It answers BRAIN_NOT_FOUND and
// MEDULLA_UNAVAILABLE refusals; any other refusal medulla gives passes through unchanged.
type Brains interface {
	Brain(ctx context.Context, name string) (Brain, error)
}

// Sink is medulla's memorize door, the one way a soul claim becomes memory (SOUL-INV-8). It
// answers MEDULLA_SINK_UNAVAILABLE when medulla cannot be reached; medulla's own refusals
// (FOREIGN_BRAIN, WOULD_DOWNGRADE, ...) pass through unchanged.
type Sink interface {
	MemorizeSoulClaim(ctx context.Context, w SoulClaimWrite) (SinkResult, error)
}

// Store keeps receipts, append-only, and each brain's tissue map.
type Store interface {
	AppendReceipt(ctx context.Context, r Receipt) error
	// ListReceipts returns receipts newest first, after the cursor (empty for the first page).
	// A cursor it did not issue is ErrBadPageToken.
	ListReceipts(ctx context.Context, brain string, limit int, cursor string) ([]Receipt, string, error)
	LastReceipt(ctx context.Context, brain, kind string) (Receipt, bool, error)
	// PutTissues replaces a brain's heading-to-tissue map; Tissues reads it (empty when unset).
	PutTissues(ctx context.Context, brain string, tissues map[string]string, at time.Time) error
	Tissues(ctx context.Context, brain string) (map[string]string, error)
}

// RepoOpener snapshots a repository for one check.
type RepoOpener func(ctx context.Context, root string) (Repo, error)

// Prober reaches a runtime fact a soul cites. Only URLs LocalURL accepts are ever handed to it,
// and an implementation must refuse any other. Nil means runtime claims are held unprovable-now.
type Prober interface {
	Probe(ctx context.Context, url string) error
}

// Clock tells the time; platform/clock's clocks satisfy it.
type Clock interface{ Now() time.Time }

// IDs mints receipt ids.
type IDs interface{ New(prefix string) string }

// Repo is what the verifiers know about a repository. Implementations read git facts in a fixed number
// of batches per check (never a process per claim); the domain only asks.
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
// commit removed a definition. A Repo may implement it; the domain never asks a shallow clone, and a
// Repo without it leaves findings without the hint.
type History interface {
	// Renames maps each asked path (a file or a directory) that a commit renamed to where it went.
	Renames(ctx context.Context, paths []string) (map[string]Rename, error)
	// RemovedLines lists, newest commit first, the source lines that commits removed from the given
	// files or directories and that mention one of the asked words.
	RemovedLines(ctx context.Context, words, paths []string) ([]RemovedLine, error)
}
