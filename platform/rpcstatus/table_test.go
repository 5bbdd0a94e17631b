package rpcstatus_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

var table = rpcstatus.Table{Domain: "test.organism", Codes: map[refusal.Reason]codes.Code{
	"FOREIGN_BRAIN":    codes.PermissionDenied,
	"INVALID_ARGUMENT": codes.InvalidArgument,
}}

func TestStatusMapsRefusals(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name       string
		err        error
		wantCode   codes.Code
		wantReason string
		wantFields []string
	}{
		{"refusal", refusal.New("FOREIGN_BRAIN", "no"), codes.PermissionDenied, "FOREIGN_BRAIN", nil},
		{"wrapped refusal", fmt.Errorf("ctx: %w", refusal.New("FOREIGN_BRAIN", "no")), codes.PermissionDenied, "FOREIGN_BRAIN", nil},
		{"invalid", refusal.Invalid(refusal.Violation{Field: "brain", Description: "required"}), codes.InvalidArgument, "INVALID_ARGUMENT", []string{"brain"}},
		{"unknown reason keeps its reason", refusal.New("MYSTERY", "?"), codes.FailedPrecondition, "MYSTERY", nil},
		{"status passes", status.Error(codes.Unavailable, "down"), codes.Unavailable, "", nil},
		{"canceled", context.Canceled, codes.Canceled, "", nil},
		{"internal", errors.New("disk on fire at /var/secret"), codes.Internal, "INTERNAL", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := table.Status(ctx, tt.err)
			if c := status.Code(got); c != tt.wantCode {
				t.Errorf("code: got %v, want %v", c, tt.wantCode)
			}
			if r := rpcstatus.ReasonOf(got); r != tt.wantReason {
				t.Errorf("reason: got %q, want %q", r, tt.wantReason)
			}
			if f := rpcstatus.FieldsOf(got); strings.Join(f, ",") != strings.Join(tt.wantFields, ",") {
				t.Errorf("fields: got %v, want %v", f, tt.wantFields)
			}
			if strings.Contains(status.Convert(got).Message(), "/var/secret") {
				t.Errorf("internal detail leaked: %q", status.Convert(got).Message())
			}
		})
	}
}

func TestStatusCarriesMetadata(t *testing.T) {
	got := table.Status(context.Background(), refusal.New("FOREIGN_BRAIN", "no").With("receipt_id", "r1"))
	for _, d := range status.Convert(got).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			if info.GetMetadata()["receipt_id"] != "r1" || info.GetDomain() != "test.organism" {
				t.Errorf("ErrorInfo: got %v", info)
			}
			return
		}
	}
	t.Fatal("no ErrorInfo")
}

func TestCheckEnumFindsBothGaps(t *testing.T) {
	err := table.CheckEnum(soulv1.SoulReason(0).Descriptor())
	if err == nil {
		t.Fatal("a two-entry table matched the whole soul enum")
	}
	msg := err.Error()
	if !strings.Contains(msg, "SoulReason value SOUL_NOT_FOUND has no code") {
		t.Errorf("missing enum gap: %s", msg)
	}
	if strings.Contains(msg, "reason FOREIGN_BRAIN has a code") {
		t.Errorf("FOREIGN_BRAIN is a soul reason, yet reported missing: %s", msg)
	}
	bogus := rpcstatus.Table{Codes: map[refusal.Reason]codes.Code{"NOT_A_SOUL_REASON": codes.Internal}}
	if err := bogus.CheckEnum(soulv1.SoulReason(0).Descriptor()); err == nil || !strings.Contains(err.Error(), "NOT_A_SOUL_REASON has a code") {
		t.Errorf("table reason outside the enum not reported: %v", err)
	}
}
