// Package transport serves medulla's gRPC API: it validates requests, calls the domain, and maps errors.
package transport

import (
	"context"
	"errors"
	"log/slog"

	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// ErrorDomain is the ErrorInfo domain of medulla's refusals.
const ErrorDomain = "medulla.organism"

// reasonCodes gives each refusal reason its gRPC status code; its test checks it against the
// MedullaReason enum, both ways.
var reasonCodes = map[refusal.Reason]codes.Code{
	domain.ReasonInvalidArgument:      codes.InvalidArgument,
	domain.ReasonEmptyBody:            codes.InvalidArgument,
	domain.ReasonBodyTooLarge:         codes.InvalidArgument,
	domain.ReasonSecretDetected:       codes.InvalidArgument,
	domain.ReasonHomePath:             codes.InvalidArgument,
	domain.ReasonLetterIsWitness:      codes.InvalidArgument,
	domain.ReasonPathEscapesRepo:      codes.InvalidArgument,
	domain.ReasonMalformedClaimFile:   codes.InvalidArgument,
	domain.ReasonNothingToConsolidate: codes.InvalidArgument,
	domain.ReasonForeignBrain:         codes.PermissionDenied,
	domain.ReasonOwnerOnly:            codes.PermissionDenied,
	domain.ReasonOriginNotHuman:       codes.PermissionDenied,
	domain.ReasonReservedBrain:        codes.PermissionDenied,
	domain.ReasonIsolatedBrain:        codes.PermissionDenied,
	domain.ReasonGraderIsAuthor:       codes.PermissionDenied,
	domain.ReasonBrainNotFound:        codes.NotFound,
	domain.ReasonClaimNotFound:        codes.NotFound,
	domain.ReasonPeerNotFound:         codes.NotFound,
	domain.ReasonForeignNotFound:      codes.NotFound,
	domain.ReasonVersionMismatch:      codes.Aborted,
	domain.ReasonStoreVersionMismatch: codes.Aborted,
	domain.ReasonWouldDowngrade:       codes.FailedPrecondition,
	domain.ReasonEvidenceDrifted:      codes.FailedPrecondition,
	domain.ReasonNoMeasurableEvidence: codes.FailedPrecondition,
	domain.ReasonEvidenceFileMissing:  codes.FailedPrecondition,
	domain.ReasonAlreadyVerified:      codes.FailedPrecondition,
	domain.ReasonNotVerified:          codes.FailedPrecondition,
	domain.ReasonNotCrossed:           codes.FailedPrecondition,
	domain.ReasonAlreadyAdopted:       codes.FailedPrecondition,
	domain.ReasonPeerUnavailable:      codes.Unavailable,
	domain.ReasonStoreUnavailable:     codes.Unavailable,
}

// statusTable is the one place domain errors become gRPC statuses: a refusal carries its
// reason and metadata (the rejection receipt id among them) in ErrorInfo and its fields as
// BadRequest violations; anything else is logged and answered as a bare Internal.
func statusTable(logger *slog.Logger) rpcstatus.Table {
	return rpcstatus.Table{Domain: ErrorDomain, Codes: reasonCodes, Logger: logger}
}

// toStatus maps err through the server's table.
// A store that cannot reach its database says so with domain.ErrUnavailable, whatever the
// domain wrapped around it: the caller gets UNAVAILABLE with a reason it can act on (retry),
// never a bare Internal.
func (s *Server) toStatus(ctx context.Context, err error) error {
	if _, isRefusal := refusal.As(err); !isRefusal && errors.Is(err, domain.ErrUnavailable) {
		if s.table.Logger != nil {
			s.table.Logger.WarnContext(ctx, "medulla: store unavailable", "err", err)
		}
		err = refusal.New(domain.ReasonStoreUnavailable, "medulla's store is unavailable; retry shortly")
	}
	return s.table.Status(ctx, err)
}

// invalid builds a bad-input refusal for transport-level checks (missing required fields).
func invalid(field, msg string) error {
	return refusal.Field(refusal.InvalidArgument, field, "%s", msg)
}
