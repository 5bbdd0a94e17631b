// Package transport serves medulla's gRPC API: it validates requests, calls the domain, and maps errors.
package transport

import (
	"context"
	"errors"
	"log/slog"
	"sort"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// ErrorDomain is the ErrorInfo domain of medulla's refusals.
const ErrorDomain = "medulla.organism"

// reasonCodes maps each refusal reason to its gRPC status code.
var reasonCodes = map[domain.Reason]codes.Code{
	domain.ReasonInvalidArgument:      codes.InvalidArgument,
	domain.ReasonEmptyBody:            codes.InvalidArgument,
	domain.ReasonBodyTooLarge:         codes.InvalidArgument,
	domain.ReasonSecretDetected:       codes.InvalidArgument,
	domain.ReasonHomePath:             codes.InvalidArgument,
	domain.ReasonLetterIsWitness:      codes.InvalidArgument,
	domain.ReasonPathEscapesRepo:      codes.InvalidArgument,
	domain.ReasonMalformedClaimFile:   codes.InvalidArgument,
	domain.ReasonForeignBrain:         codes.PermissionDenied,
	domain.ReasonOwnerOnly:            codes.PermissionDenied,
	domain.ReasonOriginNotHuman:       codes.PermissionDenied,
	domain.ReasonReservedBrain:        codes.PermissionDenied,
	domain.ReasonIsolatedBrain:        codes.PermissionDenied,
	domain.ReasonBrainNotFound:        codes.NotFound,
	domain.ReasonClaimNotFound:        codes.NotFound,
	domain.ReasonVersionMismatch:      codes.Aborted,
	domain.ReasonStoreVersionMismatch: codes.Aborted,
	domain.ReasonWouldDowngrade:       codes.FailedPrecondition,
	domain.ReasonEvidenceDrifted:      codes.FailedPrecondition,
	domain.ReasonNoMeasurableEvidence: codes.FailedPrecondition,
	domain.ReasonEvidenceFileMissing:  codes.FailedPrecondition,
	domain.ReasonAlreadyVerified:      codes.FailedPrecondition,
	domain.ReasonNotVerified:          codes.FailedPrecondition,
	domain.ReasonGraderIsAuthor:       codes.PermissionDenied,
	domain.ReasonNotCrossed:           codes.FailedPrecondition,
	domain.ReasonPeerNotFound:         codes.NotFound,
	domain.ReasonPeerUnavailable:      codes.Unavailable,
	domain.ReasonForeignNotFound:      codes.NotFound,
	domain.ReasonAlreadyAdopted:       codes.FailedPrecondition,
	domain.ReasonNothingToConsolidate: codes.InvalidArgument,
}

// toStatus is the one place domain errors become gRPC statuses. Refusals carry their reason in
// ErrorInfo (plus the rejection receipt id) and, when a field is named, a BadRequest violation;
// anything else is logged and answered as a bare Internal.
func toStatus(ctx context.Context, logger *slog.Logger, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok && !isDomain(err) {
		return err
	}
	var ref *domain.Refusal
	if errors.As(err, &ref) {
		code, ok := reasonCodes[ref.Reason]
		if !ok {
			code = codes.FailedPrecondition
		}
		md := map[string]string{}
		for k, v := range ref.Metadata {
			md[k] = v
		}
		if ref.ReceiptID != "" {
			md["receipt_id"] = ref.ReceiptID
		}
		var violations []rpcstatus.Violation
		if ref.Field != "" {
			violations = append(violations, rpcstatus.Violation{Field: ref.Field, Description: ref.Message})
		}
		return rpcstatus.Build(code, ErrorDomain, string(ref.Reason), ref.Message, md, violations...)
	}
	switch {
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, "request canceled")
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, "deadline exceeded")
	}
	return rpcstatus.Internal(ctx, logger, err)
}

func isDomain(err error) bool {
	var ref *domain.Refusal
	return errors.As(err, &ref)
}

// invalid builds a bad-input refusal for transport-level checks (missing required fields).
func invalid(field, msg string) error {
	return &domain.Refusal{Reason: domain.ReasonInvalidArgument, Field: field, Message: msg}
}

// knownReasons lists every reason transport can answer with, for the proto enum check.
func knownReasons() []string {
	out := make([]string, 0, len(reasonCodes))
	for r := range reasonCodes {
		out = append(out, string(r))
	}
	sort.Strings(out)
	return out
}
