package domain

// The charter composer's ports (CURATION-CHARTER): the field-report spool and its screenings,
// kept in mission's own store, and medulla's brain registry read whole. They sit beside
// ports.go in a file of their own so the composer's shape reads in one place.

import (
	"context"
	"errors"
	"time"

	"github.com/organism-dev/organism/platform/refusal"
)

// ReportClass is what kind of pain a field report records.
type ReportClass string

// The classes a report may carry; only bug and honesty are chartered.
const (
	ClassBug      ReportClass = "bug"
	ClassHonesty  ReportClass = "honesty"
	ClassFriction ReportClass = "friction"
	ClassIdea     ReportClass = "idea"
)

// Chartered reports whether the composer charters missions for reports of class c.
func (c ReportClass) Chartered() bool { return c == ClassBug || c == ClassHonesty }

// ScreenOutcome is what the composer made of a report.
type ScreenOutcome string

// The two outcomes of a screening.
const (
	OutcomeChartered ScreenOutcome = "chartered"
	OutcomeRefused   ScreenOutcome = "refused"
)

// Report is one entry of the field-report spool. The spool is append-only: a report is never
// changed; its screening is a separate record written once.
type Report struct {
	ReportID string
	// Seq is the report's place in the spool, assigned by the store.
	Seq      int64
	Class    ReportClass
	Repo     string
	Tool     string
	What     string
	BlockID  string
	Reporter Author
	At       time.Time
	// Fingerprint is sha256 over class, repo, tool and the normalised text (see Fingerprint).
	Fingerprint string
	// Screen is nil while the report is unread.
	Screen *Screen
}

// Screen is the one screening a report ever gets.
type Screen struct {
	ReportID string
	Outcome  ScreenOutcome
	Reason   refusal.Reason
	Message  string
	// Brain is the brain the repository resolved to ("" when it resolved to none).
	Brain string
	// MissionID is the chartered mission, or for a duplicate the mission chartered before.
	MissionID   string
	Fingerprint string
	At          time.Time
	By          Author
}

// ReportFilter selects one page of the spool, in filing order after AfterSeq.
type ReportFilter struct {
	AfterSeq int64
	Limit    int
	// Unread keeps only reports with no screening.
	Unread bool
	// Refused keeps only refused reports; Reason narrows them to one reason.
	Refused bool
	Reason  refusal.Reason
}

// Charter is a chartered mission stored together with its report's screening, in one
// transaction: the claim on the report, the duplicate and cap checks, and the mission's
// seq 1 letter, board event and commit receipt either all happen or none does.
type Charter struct {
	Screen  Screen
	Mission Mission
	First   Letter
	Event   BoardEvent
	Entry   *Entry
	// Cap is the most open (judging, executing, merge_wait) auto-chartered missions the brain may have.
	Cap int
}

// Conditions of the report store; the composer turns them into screenings.
var (
	// ErrScreened: the report already has its screening (another sweep took it).
	ErrScreened = errors.New("report already screened")
	// ErrNoReport: the spool holds no such report.
	ErrNoReport = errors.New("no such report")
)

// DuplicateError says a report's fingerprint was chartered already, as MissionID.
type DuplicateError struct{ MissionID string }

func (e *DuplicateError) Error() string { return "fingerprint already chartered as " + e.MissionID }

// CapError says the brain already holds Open open auto-chartered missions.
type CapError struct{ Open int }

func (e *CapError) Error() string { return "open auto-chartered missions at the cap" }

// ReportStore keeps the spool and its screenings. A report is screened exactly once: Refuse
// and Charter each claim the report in the same SQL statement that records the screening, so
// a second sweep (in this process, another one, or after a restart) finds it taken.
type ReportStore interface {
	// AddReport appends r (its Seq is assigned) and returns it as stored.
	AddReport(ctx context.Context, r Report) (Report, error)
	// Reports lists one page of the spool with each report's screening.
	Reports(ctx context.Context, f ReportFilter) ([]Report, error)
	// Refuse records s as r's screening; ErrScreened when it has one.
	Refuse(ctx context.Context, s Screen, e *Entry) error
	// Charter stores c; ErrScreened when the report has a screening, *DuplicateError when its
	// fingerprint was chartered, *CapError when the brain is at the cap. Nothing is written then.
	Charter(ctx context.Context, c Charter) error
	// RefusalCounts counts refused screenings by reason.
	RefusalCounts(ctx context.Context) (map[refusal.Reason]int64, error)
}

// RegistryBrain is one brain of medulla's registry as the composer sees it.
type RegistryBrain struct {
	Name     string
	RepoRoot string
	// Reserved marks the medulla (doctrine) tier, which has no repository of its own to fix.
	Reserved bool
}

// BrainRegistry is medulla's brain registry read whole, as the mission service itself (the
// composer resolves a report's repository for the owner, not with the reporter's rights).
type BrainRegistry interface {
	AllBrains(ctx context.Context) ([]RegistryBrain, error)
}
