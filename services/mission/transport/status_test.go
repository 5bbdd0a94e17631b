package transport

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/refusal"
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
		{"head CAS is a lost race", refusal.New(domain.ReasonHeadCASMismatch, "moved"), codes.Aborted, "HEAD_CAS_MISMATCH", 0, ""},
		{"store version is a lost race", fmt.Errorf("wrapped: %w", refusal.Of(domain.ReasonStoreVersionMismatch)), codes.Aborted, "STORE_VERSION_MISMATCH", 0, ""},
		{"origin not human is forbidden", refusal.Of(domain.ReasonOriginNotHuman), codes.PermissionDenied, "ORIGIN_NOT_HUMAN", 0, ""},
		{"unpinned runner is forbidden", refusal.Of(domain.ReasonUnpinnedRunner), codes.PermissionDenied, "UNPINNED_RUNNER", 0, ""},
		{"stale scope is a precondition", refusal.Of(domain.ReasonStaleScope), codes.FailedPrecondition, "STALE_SCOPE", 0, ""},
		{"illegal transition is a precondition", refusal.Of(domain.ReasonIllegalTransition), codes.FailedPrecondition, "ILLEGAL_TRANSITION", 0, ""},
		{"missing mission", refusal.New(domain.ReasonMissionNotFound, "no mission"), codes.NotFound, "MISSION_NOT_FOUND", 0, ""},
		{"schema violation carries fields", &refusal.Error{Reason: domain.ReasonSchemaViolation,
			Violations: []refusal.Violation{{Field: "letter.schema", Description: "x"}, {Field: "letter.brain", Description: "y"}}},
			codes.InvalidArgument, "SCHEMA_VIOLATION", 2, ""},
		{"log too large", refusal.Of(domain.ReasonLogTooLarge), codes.ResourceExhausted, "LOG_TOO_LARGE", 0, ""},
		{"peer refusal passes through", peerRefusal, codes.PermissionDenied, "FOREIGN_BRAIN", 0, ""},
		{"driver error never leaks", errors.New("sqlite: disk I/O error at /var/lib/secret.db"), codes.Internal, "INTERNAL", 0, "secret"},
		{"a store condition never leaks", fmt.Errorf("mission row: %w", domain.ErrNoMission), codes.Internal, "INTERNAL", 0, "mission row"},
		{"peer transport failure never leaks", errors.New("medulla GetBrain alpha: rpc error: code = Unavailable desc = dial tcp 10.0.0.7:7700: refused"), codes.Internal, "INTERNAL", 0, "10.0.0.7"},
		{"a database that cannot serve is a retryable refusal", fmt.Errorf("append: %w: %w", domain.ErrStoreUnavailable, errors.New("dial unix /run/pg/.s.PGSQL.5432: refused")),
			codes.Unavailable, "STORE_UNAVAILABLE", 0, "/run/pg"},
		{"canceled", context.Canceled, codes.Canceled, "", 0, ""},
		{"shutting down is retryable", refusal.Of(domain.ReasonShuttingDown), codes.Unavailable, "SHUTTING_DOWN", 0, ""},
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
			if msg := status.Convert(err).Message(); tc.noDetail != "" && strings.Contains(msg, tc.noDetail) {
				t.Errorf("got message %q, want the internal detail %q hidden", msg, tc.noDetail)
			}
		})
	}
}

// TestReasonTableMatchesEnum keeps the reason → code table and the MissionReason enum in step:
// every enum value has a code, and no code is given to a reason the enum lacks.
func TestReasonTableMatchesEnum(t *testing.T) {
	if err := Table(nil).CheckEnum(missionv1.MissionReason(0).Descriptor()); err != nil {
		t.Fatalf("got %v, want the table and MissionReason to agree", err)
	}
}

// TestEveryDomainReasonHasACode: a reason the domain can raise is never left to the table's
// fallback.
func TestEveryDomainReasonHasACode(t *testing.T) {
	for _, r := range domain.Reasons {
		if _, ok := reasonCodes[r]; !ok {
			t.Errorf("got no code for domain reason %s, want one", r)
		}
	}
}
