// Package domain holds medulla's rules: brains, the memorize door, verification, recall and the ledger.
package domain

import (
	"errors"

	"github.com/organism-dev/organism/platform/refusal"
)

// Every refusal the medulla rules can raise. Each is a platform refusal.Error carrying one of
// these reasons; transport's reason → code table gives each its gRPC code and checks the list
// against the MedullaReason enum.
const (
	ReasonInvalidArgument                     = refusal.InvalidArgument
	ReasonForeignBrain         refusal.Reason = "FOREIGN_BRAIN"
	ReasonOwnerOnly            refusal.Reason = "OWNER_ONLY"
	ReasonOriginNotHuman       refusal.Reason = "ORIGIN_NOT_HUMAN"
	ReasonBrainNotFound        refusal.Reason = "BRAIN_NOT_FOUND"
	ReasonReservedBrain        refusal.Reason = "RESERVED_BRAIN"
	ReasonWouldDowngrade       refusal.Reason = "WOULD_DOWNGRADE"
	ReasonLetterIsWitness      refusal.Reason = "LETTER_IS_WITNESS"
	ReasonEmptyBody            refusal.Reason = "EMPTY_BODY"
	ReasonBodyTooLarge         refusal.Reason = "BODY_TOO_LARGE"
	ReasonSecretDetected       refusal.Reason = "SECRET_DETECTED"
	ReasonHomePath             refusal.Reason = "HOME_PATH"
	ReasonClaimNotFound        refusal.Reason = "CLAIM_NOT_FOUND"
	ReasonVersionMismatch      refusal.Reason = "VERSION_MISMATCH"
	ReasonStoreVersionMismatch refusal.Reason = "STORE_VERSION_MISMATCH"
	ReasonEvidenceDrifted      refusal.Reason = "EVIDENCE_DRIFTED"
	ReasonNoMeasurableEvidence refusal.Reason = "NO_MEASURABLE_EVIDENCE"
	ReasonEvidenceFileMissing  refusal.Reason = "EVIDENCE_FILE_MISSING"
	ReasonPathEscapesRepo      refusal.Reason = "PATH_ESCAPES_REPO"
	ReasonAlreadyVerified      refusal.Reason = "ALREADY_VERIFIED"
	ReasonMalformedClaimFile   refusal.Reason = "MALFORMED_CLAIM_FILE"
	ReasonIsolatedBrain        refusal.Reason = "ISOLATED_BRAIN"
	ReasonNotVerified          refusal.Reason = "NOT_VERIFIED"
	ReasonGraderIsAuthor       refusal.Reason = "GRADER_IS_AUTHOR"
	ReasonNotCrossed           refusal.Reason = "NOT_CROSSED"
	ReasonPeerNotFound         refusal.Reason = "PEER_NOT_FOUND"
	ReasonPeerUnavailable      refusal.Reason = "PEER_UNAVAILABLE"
	ReasonForeignNotFound      refusal.Reason = "FOREIGN_NOT_FOUND"
	ReasonAlreadyAdopted       refusal.Reason = "ALREADY_ADOPTED"
	ReasonNothingToConsolidate refusal.Reason = "NOTHING_TO_CONSOLIDATE"
	ReasonStoreUnavailable     refusal.Reason = "STORE_UNAVAILABLE"
)

// MetaReceiptID is the refusal metadata key that names the rejection receipt recording it.
const MetaReceiptID = "receipt_id"

// stampReceipt records on a refusal the rejection receipt that logged it. It edits the refusal
// in place: the write that logged it returns this same value to the caller.
func stampReceipt(ref *refusal.Error, receiptID string) {
	*ref = *ref.With(MetaReceiptID, receiptID)
}

// ErrNotFound is returned by stores when a row does not exist; the domain turns it into a
// refusal (BRAIN_NOT_FOUND, CLAIM_NOT_FOUND, ...) or an internal error.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned by stores when a uniqueness rule would be broken.
var ErrConflict = errors.New("conflict")

// ErrUnavailable is returned by stores whose database cannot serve now (PostgreSQL down,
// restarting, out of connections, a statement past its timeout). The transport answers it as
// UNAVAILABLE with reason STORE_UNAVAILABLE: the caller may retry, and the write it was
// refused may or may not have committed (a COMMIT lost with its connection).
var ErrUnavailable = errors.New("store unavailable")
