package domain

import (
	"errors"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/soul/engine"
)

// The soul's refusal reasons: the bare codes of the proto's SoulReason enum. They are spelled
// Refuse* because Reason* already names the vocabulary of stale and held claims (ReasonChanged...).
// Every refusal the domain raises is a *refusal.Error with one of these; transport gives each its
// gRPC code from one table that its test checks against the enum.
const (
	RefuseForeignBrain               refusal.Reason = "FOREIGN_BRAIN"
	RefuseBrainNotFound              refusal.Reason = "BRAIN_NOT_FOUND"
	RefuseSectionNotFound            refusal.Reason = "SECTION_NOT_FOUND"
	RefuseMedullaUnavailable         refusal.Reason = "MEDULLA_UNAVAILABLE"
	RefuseMedullaSinkUnavailable     refusal.Reason = "MEDULLA_SINK_UNAVAILABLE"
	RefuseOwnerOnly                  refusal.Reason = "OWNER_ONLY"
	RefuseGraderIsAuthor             refusal.Reason = "GRADER_IS_AUTHOR"
	RefuseSilentPrune                refusal.Reason = "SILENT_PRUNE"
	RefuseDeclaredRemovalNotProposed refusal.Reason = "DECLARED_REMOVAL_NOT_PROPOSED"
	RefuseStillStaleMissing          refusal.Reason = "STILL_STALE_MISSING"
)

// The refusals the checking engine raises while it finds, reads and parses a soul; named here too
// so that this file lists every reason the organ answers with.
const (
	RefuseSoulNotFound    = engine.RefuseSoulNotFound
	RefuseSoulTooLarge    = engine.RefuseSoulTooLarge
	RefuseSoulNotText     = engine.RefuseSoulNotText
	RefuseSoulIsDirectory = engine.RefuseSoulIsDirectory
	RefuseRepoNotFound    = engine.RefuseRepoNotFound
)

// ErrBadPageToken is what a Store answers for a page token it did not issue: a store-internal
// condition the domain turns into an INVALID_ARGUMENT refusal naming the request field.
var ErrBadPageToken = errors.New("bad page token")

// FieldPageToken is the request field a bad page token is blamed on.
const FieldPageToken = "page.page_token"
