package rpcstatus_test

import (
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

func TestReasonStripsEnumPrefix(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"medulla", rpcstatus.Reason(medullav1.MedullaReason_MEDULLA_REASON_FOREIGN_BRAIN), "FOREIGN_BRAIN"},
		{"soul", rpcstatus.Reason(soulv1.SoulReason_SOUL_REASON_SOUL_NOT_FOUND), "SOUL_NOT_FOUND"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestNewCarriesReason(t *testing.T) {
	err := rpcstatus.New(codes.FailedPrecondition, "medulla.organism", "WOULD_DOWNGRADE", "no")
	if got := status.Code(err); got != codes.FailedPrecondition {
		t.Errorf("code: got %v, want FailedPrecondition", got)
	}
	if got := rpcstatus.ReasonOf(err); got != "WOULD_DOWNGRADE" {
		t.Errorf("reason: got %q, want WOULD_DOWNGRADE", got)
	}
}

func TestInvalidListsFields(t *testing.T) {
	err := rpcstatus.Invalid("x", rpcstatus.Violation{Field: "a", Description: "bad"}, rpcstatus.Violation{Field: "b.c", Description: "worse"})
	if got := status.Code(err); got != codes.InvalidArgument {
		t.Fatalf("code: got %v, want InvalidArgument", got)
	}
	if got := rpcstatus.ReasonOf(err); got != rpcstatus.ReasonInvalidArgument {
		t.Errorf("reason: got %q", got)
	}
	fields := rpcstatus.FieldsOf(err)
	if len(fields) != 2 || fields[0] != "a" || fields[1] != "b.c" {
		t.Errorf("fields: got %v, want [a b.c]", fields)
	}
}
