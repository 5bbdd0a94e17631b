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

// Identity is a git author or committer.
type Identity struct {
	Name  string
	Email string
}

// MissionRef is the ref that keeps a mission's candidate commit in its brain's repository.
// Refs under refs/organism/ are shared by every worktree of the repository and are no branch:
// they never move what the owner has checked out.
func MissionRef(missionID string) string { return "refs/organism/missions/" + missionID }

// ApplyRequest asks the repository to land a candidate commit on the target branch.
type ApplyRequest struct {
	RepoRoot string
	Branch   string
	// Expected is the branch tip the landing gate checked the scope against; a branch that
	// moved since is ErrTargetMoved and nothing lands.
	Expected string
	Commit   string
	// Message is the merge commit's message (unused by a fast-forward).
	Message string
	// Author is the merge commit's author, the mission's executor; the committer is the
	// owner's identity as the repository's git configuration names it.
	Author Identity
}

// Applied says what a landing made of the target branch.
type Applied struct {
	// Commit is the branch's new tip: the candidate's commit or the merge commit.
	Commit string
	// Method is "fast-forward" or "merge".
	Method string
}

// Repo is a brain's git repository as the landing gate and the candidate check use it.
type Repo interface {
	// CurrentBranch names the branch checked out in repoRoot; "" when HEAD is detached.
	CurrentBranch(ctx context.Context, repoRoot string) (string, error)
	// Tip returns the commit branch points at; ErrNoCommit when there is no such branch.
	Tip(ctx context.Context, repoRoot, branch string) (string, error)
	// Candidate checks a runner's candidate commit: it exists, ref points at it, and its only
	// parent is base. It returns the diff stat from base to commit. ErrNoCommit when the commit
	// is absent, ErrNotCandidate when it is not what the candidate says.
	Candidate(ctx context.Context, repoRoot, ref, base, commit string) (DiffStat, error)
	// Moved returns which of paths differ between base and tip. An unknown base is reported
	// as every path moved.
	Moved(ctx context.Context, repoRoot, base, tip string, paths []string) ([]string, error)
	// Apply lands req.Commit on req.Branch: a fast-forward when the tip is its base, else a
	// merge commit, made away from the owner's worktree with the repository's hooks running as
	// for any merge. A branch checked out in a worktree is fast-forwarded there only when that
	// worktree is clean. ErrTargetDirty, ErrTargetMoved or ErrMergeFailed; nothing lands then.
	Apply(ctx context.Context, req ApplyRequest) (Applied, error)
	// Contains says how sha, which must be on branch, carries commit's change over base:
	// "ancestor" or "patch-id". ErrNotContained otherwise.
	Contains(ctx context.Context, repoRoot, branch, base, commit, sha string) (string, error)
	// DeleteRef removes ref; a ref already gone is not an error.
	DeleteRef(ctx context.Context, repoRoot, ref string) error
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
	// Entry is the letter's commit receipt, stored in the same transaction.
	Entry *Entry
}

// KeptRef is a mission ref the organ will remove once its mission has been closed a while.
type KeptRef struct {
	MissionID string
	Brain     string
	RepoRoot  string
	Ref       string
}

// Store persists chains. Every method is safe for concurrent use; Append is the only way a
// letter is written and it never forks a chain.
type Store interface {
	// CreateMission stores a new chain, its first letter, its event and that letter's receipt.
	CreateMission(ctx context.Context, m Mission, first Letter, ev BoardEvent, receipt *Entry) error
	// Append returns the mission row as the append left it (read back in the same statement
	// or transaction, so the caller need not read it again), or ErrNoMission, ErrHeadMoved or
	// ErrLeaseNotHeld.
	Append(ctx context.Context, a Append) (Mission, error)
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

	// AddEntry stores a receipt that goes with no letter (a rejection).
	AddEntry(ctx context.Context, e Entry) error
	// Ledger returns one page of f.Ledger, newest first, and the position of its last entry
	// (the next page's Before).
	Ledger(ctx context.Context, f LedgerFilter) ([]Entry, int64, error)

	// FixTarget records branch as brain's landing target unless one is recorded already, and
	// returns the one recorded.
	FixTarget(ctx context.Context, brain, branch string, at time.Time) (string, error)
	// Target returns brain's recorded landing target; ok is false when none is.
	Target(ctx context.Context, brain string) (branch string, ok bool, err error)
	// KeepRef records a mission's candidate ref (replacing an earlier record of it).
	KeepRef(ctx context.Context, r KeptRef) error
	// DueRefs lists kept refs whose mission closed (landed, failed, abandoned) at or before
	// closedBefore.
	DueRefs(ctx context.Context, closedBefore time.Time, limit int) ([]KeptRef, error)
	// RefRemoved marks a kept ref removed.
	RefRemoved(ctx context.Context, missionID string, at time.Time) error
}

// Tree reads a brain's repository at one commit, for the skeleton scan.
type Tree interface {
	// Resolve returns the full sha of rev in repoRoot; ErrNoCommit when there is none.
	Resolve(ctx context.Context, repoRoot, rev string) (string, error)
	// Files lists every file path of commit.
	Files(ctx context.Context, repoRoot, commit string) ([]string, error)
	// ReadFiles returns the contents of paths at commit, skipping any larger than max bytes.
	ReadFiles(ctx context.Context, repoRoot, commit string, paths []string, max int) (map[string][]byte, error)
}

// SkeletonWrite is one atomic change of a brain's skeletons under its store version: the
// revisions to put, and the curation and receipt that go with them.
type SkeletonWrite struct {
	Brain string
	// Expected is the version the writer read; the write makes it Expected+1, or is
	// ErrSkeletonVersion when it moved.
	Expected int64
	Put      []Skeleton
	// Curation, when set, replaces the stored curation iff that is still in CurationFrom with
	// the same lease (ErrCurationMoved otherwise): applying a proposal releases the lease in
	// the same transaction.
	Curation     *Curation
	CurationFrom CurationState
	Entry        *Entry
}

// SkeletonStore keeps skeleton revisions and curations. Every method is safe for concurrent use.
type SkeletonStore interface {
	// SkeletonVersion is the brain's skeleton store version (0 before its first write).
	SkeletonVersion(ctx context.Context, brain string) (int64, error)
	// Skeleton returns ErrNoSkeleton when absent.
	Skeleton(ctx context.Context, id string) (Skeleton, error)
	// LiveSkeletons returns the brain's candidate and its current ratified revision, each nil
	// when there is none.
	LiveSkeletons(ctx context.Context, brain string) (candidate, ratified *Skeleton, err error)
	// Skeletons lists revisions below beforeRevision (0 = from the newest), newest first.
	Skeletons(ctx context.Context, brain string, beforeRevision int64, limit int) ([]Skeleton, error)
	// WriteSkeletons returns ErrSkeletonVersion, ErrCandidateExists or ErrCurationMoved.
	WriteSkeletons(ctx context.Context, w SkeletonWrite) error

	// CreateCuration stores a curation with its mission chain, first letter, event and
	// receipt; ErrCurationBusy when a live curation holds the brain's lease.
	CreateCuration(ctx context.Context, c Curation, m Mission, first Letter, ev BoardEvent, entry *Entry) error
	// Curation returns ErrNoCuration when absent.
	Curation(ctx context.Context, id string) (Curation, error)
	// LiveCuration returns the brain's pending or claimed curation, if any.
	LiveCuration(ctx context.Context, brain string) (Curation, bool, error)
	// Curations lists a brain's curations newest first (by creation, then id), those strictly
	// older than the cursor when it is set.
	Curations(ctx context.Context, brain string, before *CurationCursor, limit int) ([]Curation, error)
	// PendingCurations lists curations waiting for a claim, oldest first.
	PendingCurations(ctx context.Context, limit int) ([]Curation, error)
	// UpdateCuration replaces c iff the stored one is in state from with c's previous lease
	// (prevLease); ErrCurationMoved otherwise.
	UpdateCuration(ctx context.Context, c Curation, from CurationState, prevLease string, entry *Entry) error
}

// Locks is offered by a store that several replicas of the organ share (PostgreSQL): it holds a
// named lock across every replica, for the sections whose law spans more than the database (a
// mission's landing bumps medulla's store version and moves a git branch before its letter is
// written, so two replicas must not land one candidate at once). The domain takes its
// in-process lock first and this one inside it; a store one process owns need not offer it.
type Locks interface {
	// Lock blocks until name is held or ctx ends; unlock releases it.
	Lock(ctx context.Context, name string) (unlock func(), err error)
}
