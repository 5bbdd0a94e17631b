package pgdb

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// The classifiers mirror platform/sqlitedb's, so that a store translates driver errors into its
// domain's conditions the same way on both backends:
//
//	sqlitedb.IsUnique      pgdb.IsUnique      a UNIQUE or PRIMARY KEY violation
//	sqlitedb.IsConstraint  pgdb.IsConstraint  any integrity constraint (unique, foreign key, check, not null)
//	sqlitedb.IsBusy        pgdb.IsBusy        a lost race the caller may retry: serialization failure,
//	                                          deadlock, lock not available
//	(none)                 pgdb.IsUnavailable the server cannot be reached or is going away, or a
//	                                          statement ran out of time: the organ answers UNAVAILABLE

// Code returns err's SQLSTATE, or "" when err is not from the server.
func Code(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// IsUnique reports whether err is a UNIQUE or PRIMARY KEY violation (23505).
func IsUnique(err error) bool { return Code(err) == "23505" }

// IsConstraint reports whether err is any integrity constraint violation (class 23).
func IsConstraint(err error) bool { return strings.HasPrefix(Code(err), "23") }

// IsBusy reports whether err is a transaction that lost a race and may be retried as a whole:
// serialization_failure (40001), deadlock_detected (40P01) or lock_not_available (55P03).
func IsBusy(err error) bool {
	switch Code(err) {
	case "40001", "40P01", "55P03":
		return true
	}
	return false
}

// IsUnavailable reports whether err means the database cannot serve now: the connection could
// not be made or was lost, the server is shutting down or starting, out of connections or
// resources, or a statement ran past statement_timeout. A cancelled or expired caller context
// is not unavailability (the transport answers those with the context's own code).
func IsUnavailable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	code := Code(err)
	switch {
	case strings.HasPrefix(code, "08"): // connection_exception
		return true
	case strings.HasPrefix(code, "53"): // insufficient_resources, too_many_connections
		return true
	case code == "57P01", code == "57P02", code == "57P03": // admin/crash shutdown, cannot connect now
		return true
	case code == "57014": // query_canceled: statement_timeout (caller cancellation was ruled out above)
		return true
	case code != "":
		return false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.As(err, &ce), errors.As(err, &ne):
		return true
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, net.ErrClosed):
		return true
	case pgconn.SafeToRetry(err), pgconn.Timeout(err):
		return true
	}
	// pgx reports a connection closed under it by the server as a plain error.
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "connection reset") ||
		strings.Contains(msg, "broken pipe") || strings.Contains(msg, "unexpected EOF")
}
