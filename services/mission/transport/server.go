// Package transport is the mission organ's thin gRPC surface: validate, call the domain, map
// refusals to typed statuses.
package transport

import (
	"context"
	"errors"
	"log/slog"
	"regexp"

	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// ErrorDomain is the ErrorInfo domain of the mission organ's refusals.
const ErrorDomain = "mission.organism"

// Server implements missionv1.MissionServiceServer over the domain.
type Server struct {
	missionv1.UnimplementedMissionServiceServer
	svc    *domain.Service
	status rpcstatus.Table
}

var _ missionv1.MissionServiceServer = (*Server)(nil)

// New returns a Server over svc.
func New(svc *domain.Service, logger *slog.Logger) *Server {
	if logger == nil {
		logger = slog.Default()
	}
	return &Server{svc: svc, status: Table(logger)}
}

var (
	missionIDPattern = regexp.MustCompile(`^msn_[0-9a-f]{16}$`)
	letterIDPattern  = regexp.MustCompile(`^ltr_[0-9a-f]{16}$`)
	leaseIDPattern   = regexp.MustCompile(`^lse_[0-9a-f]{16}$`)
	shaPattern       = regexp.MustCompile(`^[0-9a-f]{64}$`)
	runnerIDPattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
)

// caller is auth.PrincipalFrom: the verified credential, never a request field, is who acts.
var caller = auth.PrincipalFrom

// invalid collects field violations for one request.
type invalid []rpcstatus.Violation

func (v *invalid) add(field, desc string) {
	*v = append(*v, rpcstatus.Violation{Field: field, Description: desc})
}

func (v invalid) err() error {
	if len(v) == 0 {
		return nil
	}
	return rpcstatus.Invalid(ErrorDomain, v...)
}

func (v *invalid) missionID(field, id string) {
	if !missionIDPattern.MatchString(id) {
		v.add(field, "must be a mission id (msn_ + 16 hex)")
	}
}

// reasonCodes gives every mission reason its gRPC code; TestReasonTableMatchesEnum checks it
// against the MissionReason enum.
var reasonCodes = map[refusal.Reason]codes.Code{
	domain.ReasonInvalidArgument:      codes.InvalidArgument,
	domain.ReasonSchemaViolation:      codes.InvalidArgument,
	domain.ReasonForeignBrain:         codes.PermissionDenied,
	domain.ReasonOriginNotHuman:       codes.PermissionDenied,
	domain.ReasonNotARunner:           codes.PermissionDenied,
	domain.ReasonUnpinnedRunner:       codes.PermissionDenied,
	domain.ReasonMissionNotFound:      codes.NotFound,
	domain.ReasonBrainNotFound:        codes.NotFound,
	domain.ReasonLogNotFound:          codes.NotFound,
	domain.ReasonHeadCASMismatch:      codes.Aborted,
	domain.ReasonStoreVersionMismatch: codes.Aborted,
	domain.ReasonLogTooLarge:          codes.ResourceExhausted,
	domain.ReasonShuttingDown:         codes.Unavailable,
	// The rest are failed preconditions: the request was sound, the mission's state refuses it.
	domain.ReasonUnknownBlock:       codes.FailedPrecondition,
	domain.ReasonBrainMismatch:      codes.FailedPrecondition,
	domain.ReasonIllegalTransition:  codes.FailedPrecondition,
	domain.ReasonRunnerBusy:         codes.FailedPrecondition,
	domain.ReasonLeaseNotHeld:       codes.FailedPrecondition,
	domain.ReasonEvidenceMissing:    codes.FailedPrecondition,
	domain.ReasonEvidenceMismatch:   codes.FailedPrecondition,
	domain.ReasonCandidateMismatch:  codes.FailedPrecondition,
	domain.ReasonStaleScope:         codes.FailedPrecondition,
	domain.ReasonImplausibleWindow:  codes.FailedPrecondition,
	domain.ReasonCandidateTooOld:    codes.FailedPrecondition,
	domain.ReasonTargetDirty:        codes.FailedPrecondition,
	domain.ReasonMergeFailed:        codes.FailedPrecondition,
	domain.ReasonChangeNotContained: codes.FailedPrecondition,
	// The charter composer records its refusals as screenings; the codes say what each would be
	// as a status. The spool's hygiene floor refuses input.
	domain.ReasonIneligibleClass: codes.FailedPrecondition,
	domain.ReasonNoGateDerivable: codes.FailedPrecondition,
	domain.ReasonDuplicateReport: codes.FailedPrecondition,
	domain.ReasonCapReached:      codes.ResourceExhausted,
	domain.ReasonSecretDetected:  codes.InvalidArgument,
	domain.ReasonHomePath:        codes.InvalidArgument,
	// Skeletons and the curation lane.
	domain.ReasonSkeletonNotFound:  codes.NotFound,
	domain.ReasonCurationNotFound:  codes.NotFound,
	domain.ReasonSeatRefused:       codes.PermissionDenied,
	domain.ReasonInvalidOp:         codes.InvalidArgument,
	domain.ReasonUnsafeText:        codes.InvalidArgument,
	domain.ReasonMalformedProposal: codes.InvalidArgument,
	domain.ReasonCandidateExists:   codes.FailedPrecondition,
	domain.ReasonSkeletonReadOnly:  codes.FailedPrecondition,
	domain.ReasonCurationBusy:      codes.FailedPrecondition,
	// A peer organ that does not answer: the caller retries.
	domain.ReasonMedullaUnavailable:  codes.Unavailable,
	domain.ReasonPresenceUnavailable: codes.Unavailable,
	domain.ReasonStoreUnavailable:    codes.Unavailable,
}

// Table is the mission organ's reason → code table, logging internal errors to logger.
func Table(logger *slog.Logger) rpcstatus.Table {
	return rpcstatus.Table{Domain: ErrorDomain, Codes: reasonCodes, Logger: logger}
}

// toStatus is the one place domain errors become gRPC statuses: the organ's Table. A peer's
// typed refusal reaches it as a status and passes unchanged; peers turn every other peer
// failure into a plain error, which the table logs and answers as a bare Internal.
func (s *Server) toStatus(ctx context.Context, err error) error {
	// A database that cannot serve now is a retryable refusal, the cause logged, never described.
	if _, isRefusal := refusal.As(err); !isRefusal && errors.Is(err, domain.ErrStoreUnavailable) {
		s.status.Logger.WarnContext(ctx, "mission: store unavailable", "err", err)
		err = refusal.New(domain.ReasonStoreUnavailable, "mission's store is unavailable; retry shortly")
	}
	return s.status.Status(ctx, err)
}
