// Package domain holds presence's rules: live sessions by TTL, collision derivation over an
// index of working sets, and the event log behind the watch stream.
package domain

import "errors"

// Domain errors; transport maps each to one status and reason code.
var (
	// ErrNotFound: no such presence (or it was swept).
	ErrNotFound = errors.New("presence not found")
	// ErrExpired: the presence exists but last_beat + ttl has passed; it is absent to every read.
	ErrExpired = errors.New("presence expired")
	// ErrForeignBrain: the caller's credential is bound to another brain.
	ErrForeignBrain = errors.New("presence belongs to another brain")
	// ErrNotHolder: the presence is another agent's; nobody acts as another agent.
	ErrNotHolder = errors.New("presence belongs to another agent")
	// ErrHumanKindOnly: kind human-ui is only for the owner's Hall session.
	ErrHumanKindOnly = errors.New("kind human-ui requires the owner's human-ui origin")
	// ErrCursorExpired: the events after the cursor were pruned from the log.
	ErrCursorExpired = errors.New("cursor is older than the retained event log")
	// ErrCursorAhead: the cursor names an event that was never written.
	ErrCursorAhead = errors.New("cursor is ahead of the event log")
)

// Violation is one bad field of a request.
type Violation struct {
	Field       string
	Description string
}

// InvalidError carries every violation of one request; nothing was changed.
type InvalidError struct{ Violations []Violation }

func (e *InvalidError) Error() string {
	msg := "invalid request"
	for _, v := range e.Violations {
		msg += "; " + v.Field + ": " + v.Description
	}
	return msg
}

func invalid(v ...Violation) error { return &InvalidError{Violations: v} }
