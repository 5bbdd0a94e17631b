package domain

// The ports: every interface the mission domain owns, implemented outside it. The store is
// store.Store; the clock is platform/clock; the other organs are reached through package
// peers, one adapter per organ, named after it and built the same way in every organ:
//
//	med := peers.NewMedulla(medullav1.NewMedullaServiceClient(conn)) // Brains and Memory
//
// A peer adapter speaks the domain's types (package wire does the proto conversion) and
// reports a peer's answer in one of three ways: a condition the port names (ErrNoBrain,
// ErrStoreVersion, ErrMemoryRefused), the peer's own typed refusal passed through unchanged
// (medulla judging the caller's credential), or a plain error that transport logs and
// answers as Internal, so a peer's address or transport failure never reaches a caller.

import (
	"context"
	"time"
)

// IDs mints identifiers with a prefix such as "msn_".
type IDs interface {
	New(prefix string) string
}

// Brain is what the mission organ needs to know about a brain from medulla.
type Brain struct {
	Name         string
	RepoRoot     string
	StoreVersion int64
}

// Brains is medulla's brain registry and store-version door, as the mission organ uses it.
// Calls run with the request's context so medulla applies the original caller's rights.
type Brains interface {
	// Brain returns ErrNoBrain for an unknown brain.
	Brain(ctx context.Context, name string) (Brain, error)
	// BumpStoreVersion advances the brain's store version iff it equals expected; a lost race
	// is ErrStoreVersion.
	BumpStoreVersion(ctx context.Context, req Bump) (Receipt, error)
}

// Bump asks medulla to advance a brain's store version for a landing.
type Bump struct {
	Brain    string
	Expected int64
	Subject  string
	Details  map[string]string
}

// EvidenceKind is the kind of anchor a debrief cites.
type EvidenceKind string

// Evidence kinds a debrief may cite: gate artifacts, never letters.
const (
	EvidenceCommit  EvidenceKind = "commit"
	EvidenceReceipt EvidenceKind = "receipt"
)

// Evidence is one anchor of a debrief claim.
type Evidence struct {
	Kind EvidenceKind
	Ref  string
}

// Memory is medulla's one write door, as the debrief uses it.
type Memory interface {
	// MemorizeProcess stores body as a kind-process claim in brain and returns its slug. A
	// refusal by the door wraps ErrMemoryRefused.
	MemorizeProcess(ctx context.Context, brain, slug, body string, evidence []Evidence) (string, error)
}

// Skeletons answers the unknown-block gate.
type Skeletons interface {
	// Blocks returns the block ids of brain's skeleton; has is false when the brain has none,
	// in which case the gate does not apply.
	Blocks(ctx context.Context, brain string) (blocks map[string]bool, has bool, err error)
}

// Scope answers the stale-scope gate from the brain's repository.
type Scope interface {
	// Moved returns which of paths differ between base and the repository's current HEAD.
	// An unknown base is reported as every path moved.
	Moved(ctx context.Context, repoRoot, base string, paths []string) ([]string, error)
}

// MissionFilter selects board rows.
type MissionFilter struct {
	// Brain limits to one brain; empty means all.
	Brain  string
	Phases []Phase
	// After is a keyset cursor: rows ordered by (opened_at, mission_id) strictly after it.
	AfterOpened time.Time
	AfterID     string
	Limit       int
}

// Append is one letter appended under head CAS together with the mission row it produces.
type Append struct {
	Letter       Letter
	ExpectedHead int64
	// Phase is the mission's phase after the letter (unchanged for advisory letters).
	Phase Phase
	// CandidateLetterID replaces the mission's candidate when non-empty.
	CandidateLetterID string
	// RequireLease, when set, must be the mission's live lease at Now or the append is
	// ErrLeaseNotHeld: a runner that lost its lease cannot write.
	RequireLease string
	ClearLease   bool
	ClearRerun   bool
	Now          time.Time
	Event        BoardEvent
	// Receipt is stored in the same transaction (landings).
	Receipt *Receipt
}

// Store persists chains. Every method is safe for concurrent use; Append is the only way a
// letter is written and it never forks a chain.
type Store interface {
	CreateMission(ctx context.Context, m Mission, first Letter, ev BoardEvent) error
	// Append returns ErrNoMission, ErrHeadMoved or ErrLeaseNotHeld.
	Append(ctx context.Context, a Append) error
	// Mission returns ErrNoMission when absent.
	Mission(ctx context.Context, id string) (Mission, error)
	Missions(ctx context.Context, f MissionFilter) ([]Mission, error)
	// Letters returns at most limit letters with seq > afterSeq, in seq order.
	Letters(ctx context.Context, missionID string, afterSeq int64, limit int) ([]Letter, error)
	// Letter returns ErrNoMission when the chain holds no such letter.
	Letter(ctx context.Context, missionID, letterID string) (Letter, error)

	// Spawn marks a judging mission claimable for runner; ErrHeadMoved when its head moved.
	Spawn(ctx context.Context, missionID, runner string, expectedHead int64, now time.Time) error
	// Claimable lists spawned missions with no live lease at now that runner may take.
	Claimable(ctx context.Context, runner string, now time.Time, limit int) ([]Mission, error)
	// TakeLease gives l to its runner iff the mission's head is still expectedHead, the mission
	// has no live lease and the runner holds no other live lease; false when the race was lost.
	TakeLease(ctx context.Context, l Lease, expectedHead int64, now time.Time) (bool, error)
	// RenewLease extends a live lease held by runner; ErrLeaseNotHeld otherwise.
	RenewLease(ctx context.Context, leaseID, runner string, expires, now time.Time) (Lease, error)
	// RunnerLease returns runner's live lease, if any.
	RunnerLease(ctx context.Context, runner string, now time.Time) (Lease, bool, error)
	RequestRerun(ctx context.Context, missionID string) error

	PutLog(ctx context.Context, missionID, sha string, data []byte, runner string, at time.Time) error
	// Log returns ErrNoLog when absent.
	Log(ctx context.Context, missionID, sha string) ([]byte, error)

	AddRefusal(ctx context.Context, r Refusal) error
	Refusals(ctx context.Context, missionID string) ([]Refusal, error)
	// Events lists stored board events after cursor, for one brain or all when brain is empty.
	Events(ctx context.Context, brain string, after int64, limit int) ([]BoardEvent, error)

	SetDebrief(ctx context.Context, missionID string, d Debrief) error
	PendingDebriefs(ctx context.Context, limit int) ([]Mission, error)
	Receipts(ctx context.Context, missionID string) ([]Receipt, error)
}
