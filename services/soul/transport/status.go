package transport

import (
	"context"
	"errors"
	"log/slog"

	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/soul/domain"
)

// ErrorDomain is the ErrorInfo domain of the soul's refusals.
const ErrorDomain = "soul.organism"

// reasonCodes gives every soul refusal its gRPC code; its test checks it against SoulReason.
var reasonCodes = map[refusal.Reason]codes.Code{
	refusal.InvalidArgument:                 codes.InvalidArgument,
	domain.RefuseForeignBrain:               codes.PermissionDenied,
	domain.RefuseOwnerOnly:                  codes.PermissionDenied,
	domain.RefuseGraderIsAuthor:             codes.PermissionDenied,
	domain.RefuseBrainNotFound:              codes.NotFound,
	domain.RefuseSoulNotFound:               codes.NotFound,
	domain.RefuseSectionNotFound:            codes.NotFound,
	domain.RefuseSoulTooLarge:               codes.FailedPrecondition,
	domain.RefuseSoulNotText:                codes.FailedPrecondition,
	domain.RefuseSoulIsDirectory:            codes.FailedPrecondition,
	domain.RefuseRepoNotFound:               codes.FailedPrecondition,
	domain.RefuseSilentPrune:                codes.FailedPrecondition,
	domain.RefuseDeclaredRemovalNotProposed: codes.FailedPrecondition,
	domain.RefuseAnchorFailed:               codes.FailedPrecondition,
	// the report is missing a required part: bad input, though it has its own reason
	domain.RefuseStillStaleMissing:      codes.InvalidArgument,
	domain.RefuseMedullaUnavailable:     codes.Unavailable,
	domain.RefuseMedullaSinkUnavailable: codes.Unavailable,
	domain.RefuseStoreUnavailable:       codes.Unavailable,
}

func table(logger *slog.Logger) rpcstatus.Table {
	return rpcstatus.Table{Domain: ErrorDomain, Codes: reasonCodes, Logger: logger}
}

// toStatus is the one place the soul's errors become gRPC statuses: a refusal gets its code
// from reasonCodes; medulla's and auth's statuses pass unchanged; a store whose database cannot
// serve now (domain.ErrStoreUnavailable in the chain) is UNAVAILABLE with reason
// STORE_UNAVAILABLE, its cause logged; anything else is logged and answered as a bare Internal.
func (s *Server) toStatus(ctx context.Context, err error) error {
	if _, isRefusal := refusal.As(err); !isRefusal && errors.Is(err, domain.ErrStoreUnavailable) {
		if s.table.Logger != nil {
			s.table.Logger.WarnContext(ctx, "soul: store unavailable", "err", err)
		}
		err = refusal.New(domain.RefuseStoreUnavailable, "the soul's store is unavailable; retry shortly")
	}
	return s.table.Status(ctx, err)
}
