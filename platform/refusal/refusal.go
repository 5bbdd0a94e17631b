// Package refusal is the one refusal type every organ's domain raises: a stable reason code, a
// message for people, the request fields at fault and structured metadata. It imports nothing
// of gRPC or proto, so domains stay free of both; each transport turns a refusal into a status
// through rpcstatus.Table.
package refusal

import (
	"errors"
	"fmt"
	"maps"
	"strings"
)

// Reason is a stable UPPER_SNAKE refusal code, the bare form of a proto reason enum value
// (FOREIGN_BRAIN for MEDULLA_REASON_FOREIGN_BRAIN).
type Reason string

// InvalidArgument is the reason every bad-input refusal carries.
const InvalidArgument Reason = "INVALID_ARGUMENT"

// Violation is one bad field of a request.
type Violation struct {
	Field       string
	Description string
}

// Error is a named non-event: the request was refused and nothing changed.
type Error struct {
	Reason  Reason
	Message string
	// Violations name the request fields at fault; they become BadRequest field violations.
	Violations []Violation
	// Metadata carries structured detail (a receipt id, which anchors drifted) for ErrorInfo.
	Metadata map[string]string
}

func (e *Error) Error() string {
	if e.Message == "" {
		return string(e.Reason)
	}
	return string(e.Reason) + ": " + e.Message
}

// Is matches any refusal with the same reason, so a bare Of(reason) works as an errors.Is target.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Reason == e.Reason
}

// New returns a refusal with a formatted message.
func New(reason Reason, format string, args ...any) *Error {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &Error{Reason: reason, Message: msg}
}

// Field returns a refusal that blames one request field; the message is also the violation's.
func Field(reason Reason, field, format string, args ...any) *Error {
	e := New(reason, format, args...)
	e.Violations = []Violation{{Field: field, Description: e.Message}}
	return e
}

// Invalid returns an INVALID_ARGUMENT refusal listing every violation.
func Invalid(violations ...Violation) *Error {
	parts := make([]string, 0, len(violations))
	for _, v := range violations {
		parts = append(parts, v.Field+": "+v.Description)
	}
	return &Error{Reason: InvalidArgument, Message: "invalid request: " + strings.Join(parts, "; "), Violations: violations}
}

// Of returns a bare refusal with reason, for errors.Is.
func Of(reason Reason) *Error { return &Error{Reason: reason} }

// With returns a copy of e carrying one more metadata entry.
func (e *Error) With(key, value string) *Error {
	c := *e
	c.Metadata = maps.Clone(e.Metadata)
	if c.Metadata == nil {
		c.Metadata = map[string]string{}
	}
	c.Metadata[key] = value
	return &c
}

// As extracts the refusal from err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// ReasonOf returns the reason of the refusal in err's chain, or "" when there is none.
func ReasonOf(err error) Reason {
	if e, ok := As(err); ok {
		return e.Reason
	}
	return ""
}
