package domain

import (
	"context"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
)

// The interfaces the soul domain owns: what it asks of medulla, its store, the clock, the id
// source, and how it opens a repository for the engine. Adapters live outside the domain (peers for
// medulla, store for SQLite and PostgreSQL, gitrepo for git). What a check asks of the repository
// and of the runtime is the engine's own port (engine/ports.go: Repo, History, Prober).

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

// RepoOpener snapshots a repository for one check, as the engine's Repo port (gitrepo.Open).
type RepoOpener func(ctx context.Context, root string) (engine.Repo, error)

// Clock tells the time; platform/clock's clocks satisfy it.
type Clock interface{ Now() time.Time }

// IDs mints receipt ids.
type IDs interface{ New(prefix string) string }
