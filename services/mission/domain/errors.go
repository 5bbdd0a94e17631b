package domain

import (
	"errors"

	"github.com/organism-dev/organism/platform/refusal"
)

// Every refusal the organ raises. Each is a MissionReason value in the proto (prefix stripped);
// transport's reason → code table is checked against that enum, so a reason cannot be raised
// here that the contract does not name.
const (
	ReasonInvalidArgument                     = refusal.InvalidArgument
	ReasonForeignBrain         refusal.Reason = "FOREIGN_BRAIN"
	ReasonOriginNotHuman       refusal.Reason = "ORIGIN_NOT_HUMAN"
	ReasonMissionNotFound      refusal.Reason = "MISSION_NOT_FOUND"
	ReasonSchemaViolation      refusal.Reason = "SCHEMA_VIOLATION"
	ReasonUnknownBlock         refusal.Reason = "UNKNOWN_BLOCK"
	ReasonBrainMismatch        refusal.Reason = "BRAIN_MISMATCH"
	ReasonHeadCASMismatch      refusal.Reason = "HEAD_CAS_MISMATCH"
	ReasonIllegalTransition    refusal.Reason = "ILLEGAL_TRANSITION"
	ReasonUnpinnedRunner       refusal.Reason = "UNPINNED_RUNNER"
	ReasonNotARunner           refusal.Reason = "NOT_A_RUNNER"
	ReasonRunnerBusy           refusal.Reason = "RUNNER_BUSY"
	ReasonLeaseNotHeld         refusal.Reason = "LEASE_NOT_HELD"
	ReasonEvidenceMissing      refusal.Reason = "EVIDENCE_MISSING"
	ReasonEvidenceMismatch     refusal.Reason = "EVIDENCE_MISMATCH"
	ReasonCandidateMismatch    refusal.Reason = "CANDIDATE_MISMATCH"
	ReasonStoreVersionMismatch refusal.Reason = "STORE_VERSION_MISMATCH"
	ReasonStaleScope           refusal.Reason = "STALE_SCOPE"
	ReasonImplausibleWindow    refusal.Reason = "IMPLAUSIBLE_WINDOW"
	ReasonCandidateTooOld      refusal.Reason = "CANDIDATE_TOO_OLD"
	ReasonBrainNotFound        refusal.Reason = "BRAIN_NOT_FOUND"
	ReasonLogNotFound          refusal.Reason = "LOG_NOT_FOUND"
	ReasonLogTooLarge          refusal.Reason = "LOG_TOO_LARGE"
	ReasonShuttingDown         refusal.Reason = "SHUTTING_DOWN"
	ReasonTargetDirty          refusal.Reason = "TARGET_DIRTY"
	ReasonMergeFailed          refusal.Reason = "MERGE_FAILED"
	ReasonChangeNotContained   refusal.Reason = "CHANGE_NOT_CONTAINED"
	// The charter composer's refusals (organism-inside-uml §6) and the spool's hygiene floor.
	ReasonIneligibleClass refusal.Reason = "INELIGIBLE_CLASS"
	ReasonNoGateDerivable refusal.Reason = "NO_GATE_DERIVABLE"
	ReasonCapReached      refusal.Reason = "CAP_REACHED"
	ReasonDuplicateReport refusal.Reason = "DUPLICATE_REPORT"
	ReasonSecretDetected  refusal.Reason = "SECRET_DETECTED"
	ReasonHomePath        refusal.Reason = "HOME_PATH"

	// Skeletons and the curation lane.
	ReasonSkeletonNotFound  refusal.Reason = "SKELETON_NOT_FOUND"
	ReasonCandidateExists   refusal.Reason = "CANDIDATE_EXISTS"
	ReasonSkeletonReadOnly  refusal.Reason = "SKELETON_READ_ONLY"
	ReasonInvalidOp         refusal.Reason = "INVALID_OP"
	ReasonUnsafeText        refusal.Reason = "UNSAFE_TEXT"
	ReasonCurationBusy      refusal.Reason = "CURATION_BUSY"
	ReasonCurationNotFound  refusal.Reason = "CURATION_NOT_FOUND"
	ReasonMalformedProposal refusal.Reason = "MALFORMED_PROPOSAL"
	ReasonSeatRefused       refusal.Reason = "SEAT_REFUSED"

	// A peer organ did not answer: the caller may retry; nothing changed here.
	ReasonMedullaUnavailable  refusal.Reason = "MEDULLA_UNAVAILABLE"
	ReasonPresenceUnavailable refusal.Reason = "PRESENCE_UNAVAILABLE"
	// Mission's own database cannot serve now (PostgreSQL down, restarting, out of connections).
	ReasonStoreUnavailable refusal.Reason = "STORE_UNAVAILABLE"
)

// Reasons lists every reason above, for tests that keep the domain and the contract in step.
var Reasons = []refusal.Reason{
	ReasonInvalidArgument, ReasonForeignBrain, ReasonOriginNotHuman, ReasonMissionNotFound, ReasonSchemaViolation,
	ReasonUnknownBlock, ReasonBrainMismatch, ReasonHeadCASMismatch, ReasonIllegalTransition, ReasonUnpinnedRunner,
	ReasonNotARunner, ReasonRunnerBusy, ReasonLeaseNotHeld, ReasonEvidenceMissing, ReasonEvidenceMismatch,
	ReasonCandidateMismatch, ReasonStoreVersionMismatch, ReasonStaleScope, ReasonImplausibleWindow,
	ReasonCandidateTooOld, ReasonBrainNotFound, ReasonLogNotFound, ReasonLogTooLarge, ReasonShuttingDown,
	ReasonTargetDirty, ReasonMergeFailed, ReasonChangeNotContained,
	ReasonIneligibleClass, ReasonNoGateDerivable, ReasonCapReached, ReasonDuplicateReport, ReasonSecretDetected, ReasonHomePath,
	ReasonSkeletonNotFound, ReasonCandidateExists, ReasonSkeletonReadOnly, ReasonInvalidOp, ReasonUnsafeText,
	ReasonCurationBusy, ReasonCurationNotFound, ReasonMalformedProposal, ReasonSeatRefused,
	ReasonMedullaUnavailable, ReasonPresenceUnavailable, ReasonStoreUnavailable,
}

// Conditions the ports report. They are not refusals: the domain decides, where each arises,
// which refusal (or internal error) it becomes, so a store or a peer never speaks to the caller.
var (
	// ErrNoMission: Store has no such mission (or no such letter on it).
	ErrNoMission = errors.New("no such mission")
	// ErrHeadMoved: a compare-and-swap on a chain head lost.
	ErrHeadMoved = errors.New("chain head moved")
	// ErrLeaseNotHeld: the runner's lease is not live.
	ErrLeaseNotHeld = errors.New("lease not held")
	// ErrNoLog: Store holds no such gate log.
	ErrNoLog = errors.New("no such gate log")
	// ErrNoBrain: Brains knows no such brain.
	ErrNoBrain = errors.New("no such brain")
	// ErrStoreVersion: Brains lost the compare-and-swap on a brain's store version.
	ErrStoreVersion = errors.New("store version moved")
	// ErrNoCommit: Repo has no such commit or branch.
	ErrNoCommit = errors.New("no such commit")
	// ErrNotCandidate: a candidate's commit is not the one its letter describes.
	ErrNotCandidate = errors.New("commit is not the candidate")
	// ErrTargetDirty: the target branch is checked out in a worktree with changes.
	ErrTargetDirty = errors.New("target worktree is dirty")
	// ErrTargetMoved: the target branch moved while a landing was being made.
	ErrTargetMoved = errors.New("target branch moved")
	// ErrMergeFailed: git could not make the merge (a conflict, a hook's refusal).
	ErrMergeFailed = errors.New("merge failed")
	// ErrNotContained: the named commit does not carry the candidate's change.
	ErrNotContained = errors.New("change not contained")
	// ErrMemoryRefused wraps a Memory error that retrying cannot cure: the door refused the claim.
	ErrMemoryRefused = errors.New("memorize refused")
	// ErrNoSkeleton: the store holds no such skeleton.
	ErrNoSkeleton = errors.New("no such skeleton")
	// ErrSkeletonVersion: the brain's skeleton store version moved (a lost OCC race).
	ErrSkeletonVersion = errors.New("skeleton store version moved")
	// ErrCandidateExists: the brain already has a candidate.
	ErrCandidateExists = errors.New("brain has a candidate")
	// ErrNoCuration: the store holds no such curation.
	ErrNoCuration = errors.New("no such curation")
	// ErrCurationBusy: a live curation already holds the brain's candidate lease.
	ErrCurationBusy = errors.New("a curation holds the candidate lease")
	// ErrCurationMoved: the curation is no longer in the state (or lease) the writer read.
	ErrCurationMoved = errors.New("curation moved")
)

// ErrStoreUnavailable is what a store's error chain carries when its database cannot serve now,
// as opposed to any other driver failure: transport answers it UNAVAILABLE with reason
// STORE_UNAVAILABLE, and the caller may retry.
var ErrStoreUnavailable = errors.New("mission store: database unavailable")
