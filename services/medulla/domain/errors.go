// Package domain holds medulla's rules: brains, the memorize door, verification, recall and the ledger.
package domain

import (
	"errors"
	"fmt"
)

// Reason is a stable refusal code; transport maps each to a gRPC status and ErrorInfo reason.
type Reason string

// Every refusal the medulla rules can raise.
const (
	ReasonInvalidArgument      Reason = "INVALID_ARGUMENT"
	ReasonForeignBrain         Reason = "FOREIGN_BRAIN"
	ReasonOwnerOnly            Reason = "OWNER_ONLY"
	ReasonOriginNotHuman       Reason = "ORIGIN_NOT_HUMAN"
	ReasonBrainNotFound        Reason = "BRAIN_NOT_FOUND"
	ReasonReservedBrain        Reason = "RESERVED_BRAIN"
	ReasonWouldDowngrade       Reason = "WOULD_DOWNGRADE"
	ReasonLetterIsWitness      Reason = "LETTER_IS_WITNESS"
	ReasonEmptyBody            Reason = "EMPTY_BODY"
	ReasonBodyTooLarge         Reason = "BODY_TOO_LARGE"
	ReasonSecretDetected       Reason = "SECRET_DETECTED"
	ReasonHomePath             Reason = "HOME_PATH"
	ReasonClaimNotFound        Reason = "CLAIM_NOT_FOUND"
	ReasonVersionMismatch      Reason = "VERSION_MISMATCH"
	ReasonStoreVersionMismatch Reason = "STORE_VERSION_MISMATCH"
	ReasonEvidenceDrifted      Reason = "EVIDENCE_DRIFTED"
	ReasonNoMeasurableEvidence Reason = "NO_MEASURABLE_EVIDENCE"
	ReasonEvidenceFileMissing  Reason = "EVIDENCE_FILE_MISSING"
	ReasonPathEscapesRepo      Reason = "PATH_ESCAPES_REPO"
	ReasonAlreadyVerified      Reason = "ALREADY_VERIFIED"
	ReasonMalformedClaimFile   Reason = "MALFORMED_CLAIM_FILE"
	ReasonIsolatedBrain        Reason = "ISOLATED_BRAIN"
	ReasonNotVerified          Reason = "NOT_VERIFIED"
	ReasonGraderIsAuthor       Reason = "GRADER_IS_AUTHOR"
	ReasonNotCrossed           Reason = "NOT_CROSSED"
	ReasonPeerNotFound         Reason = "PEER_NOT_FOUND"
	ReasonPeerUnavailable      Reason = "PEER_UNAVAILABLE"
	ReasonForeignNotFound      Reason = "FOREIGN_NOT_FOUND"
	ReasonAlreadyAdopted       Reason = "ALREADY_ADOPTED"
	ReasonNothingToConsolidate Reason = "NOTHING_TO_CONSOLIDATE"
)

// Refusal is a named non-event: the proposal was refused and nothing changed.
type Refusal struct {
	Reason  Reason
	Message string
	// Field names the offending request field, when there is one (becomes a BadRequest violation).
	Field string
	// ReceiptID is the rejection receipt that recorded the refusal, when one was written.
	ReceiptID string
	// Metadata carries structured detail (e.g. which anchors drifted) for ErrorInfo.
	Metadata map[string]string
}

func (r *Refusal) Error() string { return string(r.Reason) + ": " + r.Message }

// Is makes errors.Is(err, Refused(ReasonX)) match any refusal with the same reason.
func (r *Refusal) Is(target error) bool {
	t, ok := target.(*Refusal)
	return ok && t.Reason == r.Reason
}

// Refused returns a refusal used as an errors.Is target.
func Refused(reason Reason) *Refusal { return &Refusal{Reason: reason} }

func refuse(reason Reason, field, format string, args ...any) *Refusal {
	return &Refusal{Reason: reason, Field: field, Message: fmt.Sprintf(format, args...)}
}

// ErrNotFound is returned by stores when a row does not exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned by stores when a uniqueness rule would be broken.
var ErrConflict = errors.New("conflict")

// AsRefusal extracts a refusal from err.
func AsRefusal(err error) (*Refusal, bool) {
	var r *Refusal
	if errors.As(err, &r) {
		return r, true
	}
	return nil, false
}
