package transport

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/presence/domain"
)

// TestReasonTableMatchesEnum: every PresenceReason has a code and every coded reason is in the
// contract, so the domain cannot raise a reason the proto does not name.
func TestReasonTableMatchesEnum(t *testing.T) {
	s := New(Options{})
	if err := s.table.CheckEnum(presencev1.PresenceReason(0).Descriptor()); err != nil {
		t.Fatalf("CheckEnum: got %v, want nil", err)
	}
}

func TestToStatus(t *testing.T) {
	var logs bytes.Buffer
	s := New(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	invalid := refusal.Invalid(refusal.Violation{Field: "theme", Description: "too long"})
	tests := []struct {
		name   string
		err    error
		code   codes.Code
		reason string
	}{
		{"invalid", invalid, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"foreign brain", refusal.New(domain.ReasonForeignBrain, "x"), codes.PermissionDenied, "FOREIGN_BRAIN"},
		{"not found", refusal.New(domain.ReasonNotFound, "x"), codes.NotFound, "PRESENCE_NOT_FOUND"},
		{"expired", refusal.New(domain.ReasonExpired, "x"), codes.NotFound, "PRESENCE_EXPIRED"},
		{"wrapped expired", fmt.Errorf("beat: %w", refusal.New(domain.ReasonExpired, "x")), codes.NotFound, "PRESENCE_EXPIRED"},
		{"not holder", refusal.New(domain.ReasonNotHolder, "x"), codes.PermissionDenied, "NOT_PRESENCE_HOLDER"},
		{"reserved kind", refusal.New(domain.ReasonKindReserved, "x"), codes.PermissionDenied, "KIND_RESERVED"},
		{"cursor expired", refusal.New(domain.ReasonCursorExpired, "x"), codes.OutOfRange, "CURSOR_EXPIRED"},
		{"cursor ahead", refusal.New(domain.ReasonCursorAhead, "x"), codes.OutOfRange, "CURSOR_AHEAD"},
		{"shutting down", domain.ErrShuttingDown, codes.Unavailable, "SHUTTING_DOWN"},
		{"peer", refusal.New(domain.ReasonPeerNotAllowed, "x"), codes.PermissionDenied, "PEER_NOT_ALLOWED"},
		{"owner only", refusal.New(domain.ReasonOwnerOnly, "x"), codes.PermissionDenied, "OWNER_ONLY"},
		{"reserved brain", refusal.New(domain.ReasonReservedBrain, "x"), codes.PermissionDenied, "RESERVED_BRAIN"},
		{"store unavailable", fmt.Errorf("save presence: %w: %w", domain.ErrStoreUnavailable, errors.New("dial /secret/socket: refused")), codes.Unavailable, "STORE_UNAVAILABLE"},
		{"canceled", context.Canceled, codes.Canceled, ""},
		{"database failure", errors.New("sqlite: disk I/O error at /secret/path"), codes.Internal, "INTERNAL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.toStatus(context.Background(), tt.err)
			if status.Code(err) != tt.code || rpcstatus.ReasonOf(err) != tt.reason {
				t.Fatalf("got %v (reason %q), want %s %q", err, rpcstatus.ReasonOf(err), tt.code, tt.reason)
			}
			if (tt.code == codes.Internal || tt.code == codes.Unavailable) && strings.Contains(status.Convert(err).Message(), "secret") {
				t.Fatalf("internal detail leaked to the caller: %v", err)
			}
		})
	}
	if !strings.Contains(logs.String(), "/secret/path") {
		t.Fatalf("internal error was not logged: %q", logs.String())
	}
	if f := rpcstatus.FieldsOf(s.toStatus(context.Background(), invalid)); len(f) != 1 || f[0] != "theme" {
		t.Fatalf("field violations: got %v, want [theme]", f)
	}
}
