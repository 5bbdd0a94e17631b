// Package domain holds presence's rules: live sessions by TTL, collision derivation over an
// index of working sets, and the event log behind the watch stream.
package domain

import (
	"errors"
	"fmt"

	"github.com/organism-dev/organism/platform/refusal"
)

// The reasons presence refuses a request with: every one is a PresenceReason of the contract
// (transport's table gives each its code and its test checks the table against the enum).
const (
	// ReasonForeignBrain: the caller's credential is bound to another brain.
	ReasonForeignBrain refusal.Reason = "FOREIGN_BRAIN"
	// ReasonNotFound: no such presence (or it was swept).
	ReasonNotFound refusal.Reason = "PRESENCE_NOT_FOUND"
	// ReasonExpired: the presence exists but last_beat + ttl has passed; it is absent to every read.
	ReasonExpired refusal.Reason = "PRESENCE_EXPIRED"
	// ReasonNotHolder: the presence is another agent's; nobody acts as another agent.
	ReasonNotHolder refusal.Reason = "NOT_PRESENCE_HOLDER"
	// ReasonKindReserved: kind human-ui is only for the owner's Hall session.
	ReasonKindReserved refusal.Reason = "KIND_RESERVED"
	// ReasonCursorExpired: the events after the cursor were pruned from the log.
	ReasonCursorExpired refusal.Reason = "CURSOR_EXPIRED"
	// ReasonCursorAhead: the cursor names an event that was never written.
	ReasonCursorAhead refusal.Reason = "CURSOR_AHEAD"
	// ReasonShuttingDown: the service is stopping; a watcher resumes after the last seq it saw.
	ReasonShuttingDown refusal.Reason = "SHUTTING_DOWN"
	// ReasonPeerNotAllowed: a federation peer credential (or any credential that is not the
	// owner's, a service's or a brain-bound agent's) may not use presence at all.
	ReasonPeerNotAllowed refusal.Reason = "PEER_NOT_ALLOWED"
	// ReasonOwnerOnly: only the owner reads the security ledger.
	ReasonOwnerOnly refusal.Reason = "OWNER_ONLY"
	// ReasonReservedBrain: names starting with "_" belong to the service's own ledgers.
	ReasonReservedBrain refusal.Reason = "RESERVED_BRAIN"
	// ReasonStoreUnavailable: the database (PostgreSQL) cannot serve now; retry shortly.
	ReasonStoreUnavailable refusal.Reason = "STORE_UNAVAILABLE"
)

func errForeignBrain(brain string) error {
	return refusal.New(ReasonForeignBrain, "the credential is bound to another brain than %q", brain)
}

func errNotFound(id string) error { return refusal.New(ReasonNotFound, "presence %s not found", id) }

func errExpired(id string) error {
	return refusal.New(ReasonExpired, "presence %s expired (last beat + ttl has passed)", id)
}

func errNotHolder(id string) error {
	return refusal.New(ReasonNotHolder, "presence %s belongs to another agent", id)
}

var errKindReserved = refusal.New(ReasonKindReserved, "kind %s requires the owner's human-ui origin", KindHumanUI)

func errCursorExpired(after, first int64) error {
	return refusal.New(ReasonCursorExpired, "cursor %d is older than the retained event log (oldest seq %d)", after, first)
}

func errCursorAhead(after, newest int64) error {
	return refusal.New(ReasonCursorAhead, "cursor %d is ahead of the event log (newest seq %d)", after, newest)
}

// ErrStoreUnavailable is what a store's error chain carries when its database cannot serve now
// (PostgreSQL down, restarting, out of connections, a statement past its timeout), as opposed
// to any other driver failure. The transport answers it as UNAVAILABLE with reason
// STORE_UNAVAILABLE: the caller may retry, and a write refused this way may or may not have
// committed (a COMMIT lost with its connection).
var ErrStoreUnavailable = errors.New("presence store: database unavailable")

// ErrShuttingDown ends watch streams when the service stops.
var ErrShuttingDown = refusal.New(ReasonShuttingDown, "presence is shutting down; watch again after the last seq you saw")

// invalid is a bad-input refusal naming every field at fault; nothing was changed.
func invalid(v ...refusal.Violation) error { return refusal.Invalid(v...) }

// violation names one bad field.
func violation(field, format string, args ...any) refusal.Violation {
	return refusal.Violation{Field: field, Description: fmt.Sprintf(format, args...)}
}
