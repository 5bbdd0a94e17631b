package refusal_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/organism-dev/organism/platform/refusal"
)

func TestIsMatchesByReason(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", refusal.New("WOULD_DOWNGRADE", "claim %s is verified", "a"))
	tests := []struct {
		name   string
		target error
		want   bool
	}{
		{"same reason", refusal.Of("WOULD_DOWNGRADE"), true},
		{"other reason", refusal.Of("FOREIGN_BRAIN"), false},
		{"plain error", errors.New("WOULD_DOWNGRADE"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errors.Is(err, tt.target); got != tt.want {
				t.Errorf("errors.Is: got %v, want %v", got, tt.want)
			}
		})
	}
	if got := refusal.ReasonOf(err); got != "WOULD_DOWNGRADE" {
		t.Errorf("ReasonOf: got %q, want WOULD_DOWNGRADE", got)
	}
	if got := refusal.ReasonOf(errors.New("x")); got != "" {
		t.Errorf("ReasonOf(plain): got %q, want empty", got)
	}
}

func TestFieldAndInvalidNameTheFields(t *testing.T) {
	f := refusal.Field("HOME_PATH", "body", "mentions %s", "~/x")
	if len(f.Violations) != 1 || f.Violations[0].Field != "body" || f.Violations[0].Description != "mentions ~/x" {
		t.Errorf("Field: got %+v", f.Violations)
	}
	inv := refusal.Invalid(refusal.Violation{Field: "a", Description: "bad"}, refusal.Violation{Field: "b", Description: "worse"})
	if inv.Reason != refusal.InvalidArgument || inv.Message != "invalid request: a: bad; b: worse" {
		t.Errorf("Invalid: got %q %q", inv.Reason, inv.Message)
	}
}

func TestWithCopiesMetadata(t *testing.T) {
	base := refusal.New("X", "m").With("a", "1")
	derived := base.With("b", "2")
	if len(base.Metadata) != 1 || len(derived.Metadata) != 2 {
		t.Errorf("With shares metadata: base %v, derived %v", base.Metadata, derived.Metadata)
	}
}
