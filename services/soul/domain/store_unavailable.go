package domain

import (
	"errors"

	"github.com/organism-dev/organism/platform/refusal"
)

// RefuseStoreUnavailable: the database behind the receipts (PostgreSQL) cannot serve now.
// Kept in its own file, beside errors.go, so that it lands without touching the checker's files.
const RefuseStoreUnavailable refusal.Reason = "STORE_UNAVAILABLE"

// ErrStoreUnavailable is what a store's error chain carries when its database cannot serve now
// (down, restarting, out of connections, a statement past its timeout), as opposed to any other
// driver failure. The domain passes store errors through unchanged; the transport answers this
// one as UNAVAILABLE with reason STORE_UNAVAILABLE, so the caller retries instead of reading a
// bare Internal. A write refused this way may or may not have committed.
var ErrStoreUnavailable = errors.New("soul store: database unavailable")
