package domain

import (
	"errors"
	"fmt"
)

// Reason is a refusal code; transport maps each to the proto enum and a gRPC code.
type Reason string

// Every refusal the organ raises.
const (
	ReasonInvalidArgument      Reason = "INVALID_ARGUMENT"
	ReasonForeignBrain         Reason = "FOREIGN_BRAIN"
	ReasonOriginNotHuman       Reason = "ORIGIN_NOT_HUMAN"
	ReasonMissionNotFound      Reason = "MISSION_NOT_FOUND"
	ReasonSchemaViolation      Reason = "SCHEMA_VIOLATION"
	ReasonUnknownBlock         Reason = "UNKNOWN_BLOCK"
	ReasonBrainMismatch        Reason = "BRAIN_MISMATCH"
	ReasonHeadCASMismatch      Reason = "HEAD_CAS_MISMATCH"
	ReasonIllegalTransition    Reason = "ILLEGAL_TRANSITION"
	ReasonUnpinnedRunner       Reason = "UNPINNED_RUNNER"
	ReasonNotARunner           Reason = "NOT_A_RUNNER"
	ReasonRunnerBusy           Reason = "RUNNER_BUSY"
	ReasonLeaseNotHeld         Reason = "LEASE_NOT_HELD"
	ReasonEvidenceMissing      Reason = "EVIDENCE_MISSING"
	ReasonEvidenceMismatch     Reason = "EVIDENCE_MISMATCH"
	ReasonCandidateMismatch    Reason = "CANDIDATE_MISMATCH"
	ReasonStoreVersionMismatch Reason = "STORE_VERSION_MISMATCH"
	ReasonStaleScope           Reason = "STALE_SCOPE"
	ReasonImplausibleWindow    Reason = "IMPLAUSIBLE_WINDOW"
	ReasonCandidateTooOld      Reason = "CANDIDATE_TOO_OLD"
	ReasonBrainNotFound        Reason = "BRAIN_NOT_FOUND"
	ReasonLogNotFound          Reason = "LOG_NOT_FOUND"
	ReasonLogTooLarge          Reason = "LOG_TOO_LARGE"
	ReasonShuttingDown         Reason = "SHUTTING_DOWN"
)

// Violation is one bad field of a request or letter.
type Violation struct {
	Field       string
	Description string
}

// Error is a typed refusal: nothing changed, and Reason says why.
type Error struct {
	Reason     Reason
	Message    string
	Violations []Violation
}

func (e *Error) Error() string { return string(e.Reason) + ": " + e.Message }

// Is lets errors.Is match refusals by reason against the sentinels below.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Message == "" && t.Reason == e.Reason
}

func refuse(r Reason, format string, args ...any) error {
	return &Error{Reason: r, Message: fmt.Sprintf(format, args...)}
}

// ReasonOf returns the refusal reason of err, or "" when err is not a refusal.
func ReasonOf(err error) Reason {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

// Sentinels for errors.Is; stores return them for the conditions they detect.
var (
	ErrMissionNotFound = &Error{Reason: ReasonMissionNotFound}
	ErrHeadMoved       = &Error{Reason: ReasonHeadCASMismatch}
	ErrLeaseNotHeld    = &Error{Reason: ReasonLeaseNotHeld}
	ErrLogNotFound     = &Error{Reason: ReasonLogNotFound}
	ErrBrainNotFound   = &Error{Reason: ReasonBrainNotFound}
	ErrStoreVersion    = &Error{Reason: ReasonStoreVersionMismatch}
)
