// Package transport is the mission organ's thin gRPC surface: validate, call the domain, map
// refusals to typed statuses.
package transport

import (
	"context"
	"errors"
	"log/slog"
	"regexp"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// ErrorDomain is the ErrorInfo domain of the mission organ's refusals.
const ErrorDomain = "mission.organism"

// Server implements missionv1.MissionServiceServer over the domain.
type Server struct {
	missionv1.UnimplementedMissionServiceServer
	svc *domain.Service
	log *slog.Logger
}

var _ missionv1.MissionServiceServer = (*Server)(nil)

// New returns a Server over svc.
func New(svc *domain.Service, logger *slog.Logger) *Server {
	if logger == nil {
		logger = slog.Default()
	}
	return &Server{svc: svc, log: logger}
}

var (
	missionIDPattern = regexp.MustCompile(`^msn_[0-9a-f]{16}$`)
	letterIDPattern  = regexp.MustCompile(`^ltr_[0-9a-f]{16}$`)
	leaseIDPattern   = regexp.MustCompile(`^lse_[0-9a-f]{16}$`)
	shaPattern       = regexp.MustCompile(`^[0-9a-f]{64}$`)
	runnerIDPattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
)

// actor turns the verified credential into the domain's caller.
func actor(ctx context.Context) (domain.Actor, error) {
	id, err := auth.Caller(ctx)
	if err != nil {
		return domain.Actor{}, err
	}
	o, ok := originFromProto[id.Origin]
	if !ok {
		o = domain.OriginAgent
	}
	if id.Kind == auth.KindService {
		o = domain.OriginService
	}
	return domain.Actor{AgentID: id.AgentID, Seat: id.Seat, Brain: id.Brain, Origin: o}, nil
}

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

var reasonCodes = map[domain.Reason]codes.Code{
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
}

// wireReason spells a domain reason the way the proto enum does, prefix stripped.
func wireReason(r domain.Reason) string {
	if v, ok := missionv1.MissionReason_value["MISSION_REASON_"+string(r)]; ok {
		return rpcstatus.Reason(missionv1.MissionReason(v))
	}
	return string(r)
}

// toStatus is the one place domain errors become gRPC statuses.
func (s *Server) toStatus(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	var e *domain.Error
	if errors.As(err, &e) {
		code, ok := reasonCodes[e.Reason]
		if !ok {
			code = codes.FailedPrecondition
		}
		violations := make([]rpcstatus.Violation, 0, len(e.Violations))
		for _, v := range e.Violations {
			violations = append(violations, rpcstatus.Violation{Field: v.Field, Description: v.Description})
		}
		return rpcstatus.Build(code, ErrorDomain, wireReason(e.Reason), e.Message, nil, violations...)
	}
	switch {
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, "request canceled")
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, "deadline exceeded")
	}
	// A peer organ's typed refusal (medulla judging the caller's own credential) reaches the
	// caller as it was given; anything else from a peer is an internal failure here.
	if st, ok := status.FromError(err); ok && rpcstatus.ReasonOf(err) != "" && st.Code() != codes.Internal {
		return st.Err()
	}
	return rpcstatus.Internal(ctx, s.log, err)
}
