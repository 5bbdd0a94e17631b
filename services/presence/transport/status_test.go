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

	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/presence/domain"
)

func TestToStatus(t *testing.T) {
	var logs bytes.Buffer
	s := New(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	tests := []struct {
		name   string
		err    error
		code   codes.Code
		reason string
	}{
		{"invalid", &domain.InvalidError{Violations: []domain.Violation{{Field: "theme", Description: "too long"}}}, codes.InvalidArgument, "INVALID_ARGUMENT"},
		{"foreign brain", domain.ErrForeignBrain, codes.PermissionDenied, "FOREIGN_BRAIN"},
		{"not found", domain.ErrNotFound, codes.NotFound, "PRESENCE_NOT_FOUND"},
		{"expired", domain.ErrExpired, codes.NotFound, "PRESENCE_EXPIRED"},
		{"wrapped expired", fmt.Errorf("beat: %w", domain.ErrExpired), codes.NotFound, "PRESENCE_EXPIRED"},
		{"not holder", domain.ErrNotHolder, codes.PermissionDenied, "NOT_PRESENCE_HOLDER"},
		{"reserved kind", domain.ErrHumanKindOnly, codes.PermissionDenied, "KIND_RESERVED"},
		{"cursor expired", domain.ErrCursorExpired, codes.OutOfRange, "CURSOR_EXPIRED"},
		{"cursor ahead", domain.ErrCursorAhead, codes.OutOfRange, "CURSOR_AHEAD"},
		{"database failure", errors.New("sqlite: disk I/O error at /secret/path"), codes.Internal, "INTERNAL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.toStatus(context.Background(), tt.err)
			if status.Code(err) != tt.code || rpcstatus.ReasonOf(err) != tt.reason {
				t.Fatalf("got %v (reason %q), want %s %s", err, rpcstatus.ReasonOf(err), tt.code, tt.reason)
			}
			if tt.code == codes.Internal && strings.Contains(status.Convert(err).Message(), "secret") {
				t.Fatalf("internal detail leaked to the caller: %v", err)
			}
		})
	}
	if !strings.Contains(logs.String(), "/secret/path") {
		t.Fatalf("internal error was not logged: %q", logs.String())
	}
	if f := rpcstatus.FieldsOf(s.toStatus(context.Background(), tests[0].err)); len(f) != 1 || f[0] != "theme" {
		t.Fatalf("field violations: got %v, want [theme]", f)
	}
}
