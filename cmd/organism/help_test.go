package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"testing"
)

// TestHelpIsNotAFailure: -h on a verb prints its usage and reports flag.ErrHelp, which main
// turns into exit status 0; an unknown flag stays an error.
func TestHelpIsNotAFailure(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		wantHelp bool
	}{
		{"help on a verb", []string{"token", "mint", "-h"}, true},
		{"unknown flag", []string{"token", "mint", "--no-such-flag"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := dispatch(context.Background(), tc.args, io.Discard)
			if got := errors.Is(err, flag.ErrHelp); got != tc.wantHelp || err == nil {
				t.Fatalf("dispatch %v: got %v (help %v), want an error with help %v", tc.args, err, got, tc.wantHelp)
			}
		})
	}
}
