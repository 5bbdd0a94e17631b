package domain

import (
	"errors"

	"github.com/organism-dev/organism/platform/refusal"
)

// The soul's refusal reasons: the bare codes of the proto's SoulReason enum. They are spelled
// Refuse* because Reason* already names the vocabulary of stale and held claims (ReasonChanged...).
// Every refusal the domain raises is a *refusal.Error with one of these; transport gives each its
// gRPC code from one table that its test checks against the enum.
const (
	RefuseForeignBrain               refusal.Reason = "FOREIGN_BRAIN"
	RefuseBrainNotFound              refusal.Reason = "BRAIN_NOT_FOUND"
	RefuseSoulNotFound               refusal.Reason = "SOUL_NOT_FOUND"
	RefuseSectionNotFound            refusal.Reason = "SECTION_NOT_FOUND"
	RefuseSoulTooLarge               refusal.Reason = "SOUL_TOO_LARGE"
	RefuseSoulNotText                refusal.Reason = "SOUL_NOT_TEXT"
	RefuseSoulIsDirectory            refusal.Reason = "SOUL_IS_DIRECTORY"
	RefuseRepoNotFound               refusal.Reason = "REPO_NOT_FOUND"
	RefuseMedullaUnavailable         refusal.Reason = "MEDULLA_UNAVAILABLE"
	RefuseMedullaSinkUnavailable     refusal.Reason = "MEDULLA_SINK_UNAVAILABLE"
	RefuseOwnerOnly                  refusal.Reason = "OWNER_ONLY"
	RefuseGraderIsAuthor             refusal.Reason = "GRADER_IS_AUTHOR"
	RefuseSilentPrune                refusal.Reason = "SILENT_PRUNE"
	RefuseDeclaredRemovalNotProposed refusal.Reason = "DECLARED_REMOVAL_NOT_PROPOSED"
	RefuseStillStaleMissing          refusal.Reason = "STILL_STALE_MISSING"
)

// ErrSoulNotFound is an errors.Is target for a soul that is not there (it matches any
// SOUL_NOT_FOUND refusal); the offline CLI uses it to suggest AGENTS.md or CLAUDE.md.
var ErrSoulNotFound = refusal.Of(RefuseSoulNotFound)

// causeKey is the metadata key that tells apart refusals sharing one reason where the organ
// answers them differently (North names a soul path outside the repository as a gap, and a
// soul that is simply absent as no atom at all).
const causeKey = "cause"

// causeOutsideRepo marks a SOUL_NOT_FOUND whose soul path is absolute, climbs out with "..",
// or is a symlink leaving the repository: to the caller there is no soul in the repository.
const causeOutsideRepo = "soul_path_outside_repository"

// ErrBadPageToken is what a Store answers for a page token it did not issue: a store-internal
// condition the domain turns into an INVALID_ARGUMENT refusal naming the request field.
var ErrBadPageToken = errors.New("bad page token")

// FieldPageToken is the request field a bad page token is blamed on.
const FieldPageToken = "page.page_token"

func outsideRepo(format string, args ...any) *refusal.Error {
	return refusal.New(RefuseSoulNotFound, format, args...).With(causeKey, causeOutsideRepo)
}

func isOutsideRepo(err error) bool {
	r, ok := refusal.As(err)
	return ok && r.Reason == RefuseSoulNotFound && r.Metadata[causeKey] == causeOutsideRepo
}
