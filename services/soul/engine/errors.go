package engine

import "github.com/organism-dev/organism/platform/refusal"

// The refusals the engine raises while finding, reading and parsing a document: bare codes of the
// proto's SoulReason enum. The organ's domain/errors.go names them again beside its own, so its
// list stays the whole vocabulary the organ answers with.
const (
	RefuseSoulNotFound    refusal.Reason = "SOUL_NOT_FOUND"
	RefuseSoulTooLarge    refusal.Reason = "SOUL_TOO_LARGE"
	RefuseSoulNotText     refusal.Reason = "SOUL_NOT_TEXT"
	RefuseSoulIsDirectory refusal.Reason = "SOUL_IS_DIRECTORY"
	RefuseRepoNotFound    refusal.Reason = "REPO_NOT_FOUND"
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

func outsideRepo(format string, args ...any) *refusal.Error {
	return refusal.New(RefuseSoulNotFound, format, args...).With(causeKey, causeOutsideRepo)
}

// IsOutsideRepo reports whether err is LoadSoul's refusal of a soul path that leaves the repository.
func IsOutsideRepo(err error) bool {
	r, ok := refusal.As(err)
	return ok && r.Reason == RefuseSoulNotFound && r.Metadata[causeKey] == causeOutsideRepo
}
