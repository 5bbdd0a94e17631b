package transport

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

func TestToStatus(t *testing.T) {
	s := New(nil, slog.New(slog.DiscardHandler))
	peerRefusal := rpcstatus.New(codes.PermissionDenied, "medulla.organism", "FOREIGN_BRAIN", "nope")
	tests := []struct {
		name     string
		err      error
		code     codes.Code
		reason   string
		fields   int
		noDetail string
	}{
		{"head CAS is a lost race", &domain.Error{Reason: domain.ReasonHeadCASMismatch, Message: "moved"}, codes.Aborted, "HEAD_CAS_MISMATCH", 0, ""},
		{"store version is a lost race", fmt.Errorf("wrapped: %w", &domain.Error{Reason: domain.ReasonStoreVersionMismatch}), codes.Aborted, "STORE_VERSION_MISMATCH", 0, ""},
		{"origin not human is forbidden", &domain.Error{Reason: domain.ReasonOriginNotHuman}, codes.PermissionDenied, "ORIGIN_NOT_HUMAN", 0, ""},
		{"unpinned runner is forbidden", &domain.Error{Reason: domain.ReasonUnpinnedRunner}, codes.PermissionDenied, "UNPINNED_RUNNER", 0, ""},
		{"stale scope is a precondition", &domain.Error{Reason: domain.ReasonStaleScope}, codes.FailedPrecondition, "STALE_SCOPE", 0, ""},
		{"illegal transition is a precondition", &domain.Error{Reason: domain.ReasonIllegalTransition}, codes.FailedPrecondition, "ILLEGAL_TRANSITION", 0, ""},
		{"missing mission", domain.ErrMissionNotFound, codes.NotFound, "MISSION_NOT_FOUND", 0, ""},
		{"schema violation carries fields", &domain.Error{Reason: domain.ReasonSchemaViolation,
			Violations: []domain.Violation{{Field: "letter.schema", Description: "x"}, {Field: "letter.brain", Description: "y"}}},
			codes.InvalidArgument, "SCHEMA_VIOLATION", 2, ""},
		{"log too large", &domain.Error{Reason: domain.ReasonLogTooLarge}, codes.ResourceExhausted, "LOG_TOO_LARGE", 0, ""},
		{"peer refusal passes through", fmt.Errorf("medulla: %w", peerRefusal), codes.PermissionDenied, "FOREIGN_BRAIN", 0, ""},
		{"driver error never leaks", errors.New("sqlite: disk I/O error at /var/lib/secret.db"), codes.Internal, "INTERNAL", 0, "secret"},
		{"peer transport failure never leaks", status.Error(codes.Unavailable, "dial tcp 10.0.0.7:7700: refused"), codes.Internal, "INTERNAL", 0, "10.0.0.7"},
		{"canceled", context.Canceled, codes.Canceled, "", 0, ""},
		{"shutting down is retryable", &domain.Error{Reason: domain.ReasonShuttingDown}, codes.Unavailable, "SHUTTING_DOWN", 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := s.toStatus(context.Background(), tc.err)
			if got := status.Code(err); got != tc.code {
				t.Errorf("got code %s, want %s", got, tc.code)
			}
			if got := rpcstatus.ReasonOf(err); got != tc.reason {
				t.Errorf("got reason %q, want %q", got, tc.reason)
			}
			if got := len(rpcstatus.FieldsOf(err)); got != tc.fields {
				t.Errorf("got %d field violations, want %d", got, tc.fields)
			}
			if tc.noDetail != "" && status.Convert(err).Message() != "internal error" {
				t.Errorf("got message %q, want the internal detail hidden", status.Convert(err).Message())
			}
		})
	}
}

// TestEveryReasonIsInTheEnum keeps the domain's reasons and the proto enum in step.
func TestEveryReasonIsInTheEnum(t *testing.T) {
	for _, r := range []domain.Reason{domain.ReasonInvalidArgument, domain.ReasonForeignBrain, domain.ReasonOriginNotHuman,
		domain.ReasonMissionNotFound, domain.ReasonSchemaViolation, domain.ReasonUnknownBlock, domain.ReasonBrainMismatch,
		domain.ReasonHeadCASMismatch, domain.ReasonIllegalTransition, domain.ReasonUnpinnedRunner, domain.ReasonNotARunner,
		domain.ReasonRunnerBusy, domain.ReasonLeaseNotHeld, domain.ReasonEvidenceMissing, domain.ReasonEvidenceMismatch,
		domain.ReasonCandidateMismatch, domain.ReasonStoreVersionMismatch, domain.ReasonStaleScope, domain.ReasonImplausibleWindow,
		domain.ReasonCandidateTooOld, domain.ReasonBrainNotFound, domain.ReasonLogNotFound, domain.ReasonLogTooLarge,
		domain.ReasonShuttingDown} {
		if _, ok := missionv1.MissionReason_value["MISSION_REASON_"+string(r)]; !ok {
			t.Errorf("reason %s is not in MissionReason", r)
		}
	}
}
