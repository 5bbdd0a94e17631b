package peers

import (
	"context"
	"errors"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// failingMedulla answers every call with err.
type failingMedulla struct {
	medullav1.MedullaServiceClient
	err error
}

func (f failingMedulla) GetBrain(context.Context, *medullav1.GetBrainRequest, ...grpc.CallOption) (*medullav1.GetBrainResponse, error) {
	return nil, f.err
}

func (f failingMedulla) BumpStoreVersion(context.Context, *medullav1.BumpStoreVersionRequest, ...grpc.CallOption) (*medullav1.BumpStoreVersionResponse, error) {
	return nil, f.err
}

func (f failingMedulla) Memorize(context.Context, *medullav1.MemorizeRequest, ...grpc.CallOption) (*medullav1.MemorizeResponse, error) {
	return nil, f.err
}

// TestMedullaAnswers pins what each kind of medulla failure means to the domain: the port's
// named conditions, medulla's own refusal passed through as its status, and everything else a
// plain error that carries no status (so transport answers Internal and never the address).
func TestMedullaAnswers(t *testing.T) {
	refused := rpcstatus.New(codes.PermissionDenied, "medulla.organism", "FOREIGN_BRAIN", "not your brain")
	down := status.Error(codes.Unavailable, "dial tcp 10.0.0.7:7700: connection refused")
	slow := status.Error(codes.DeadlineExceeded, "context deadline exceeded")
	internal := rpcstatus.Internal(context.Background(), nil, errors.New("disk"))
	lost := rpcstatus.New(codes.Aborted, "medulla.organism", "STORE_VERSION_MISMATCH", "moved")
	notFound := rpcstatus.New(codes.NotFound, "medulla.organism", "BRAIN_NOT_FOUND", "no brain")
	hygiene := rpcstatus.New(codes.InvalidArgument, "medulla.organism", "HOME_PATH", "a home path")

	brain := func(err error) error {
		_, e := NewMedulla(failingMedulla{err: err}).Brain(context.Background(), "alpha")
		return e
	}
	bump := func(err error) error {
		_, e := NewMedulla(failingMedulla{err: err}).BumpStoreVersion(context.Background(), domain.Bump{Brain: "alpha"})
		return e
	}
	memorize := func(err error) error {
		_, e := NewMedulla(failingMedulla{err: err}).MemorizeProcess(context.Background(), "alpha", "s", "b", nil)
		return e
	}
	tests := []struct {
		name       string
		got        error
		is         error  // the port condition it must be, or nil
		passReason string // the peer's reason it must carry as a status, or ""
	}{
		{"unknown brain", brain(notFound), domain.ErrNoBrain, ""},
		{"medulla refuses the caller", brain(refused), nil, "FOREIGN_BRAIN"},
		{"medulla unreachable", brain(down), refusal.Of(domain.ReasonMedullaUnavailable), ""},
		{"medulla too slow", brain(slow), refusal.Of(domain.ReasonMedullaUnavailable), ""},
		{"medulla internal", brain(internal), nil, ""},
		{"store version lost", bump(lost), domain.ErrStoreVersion, ""},
		{"bump refused", bump(refused), nil, "FOREIGN_BRAIN"},
		{"bump unreachable", bump(down), refusal.Of(domain.ReasonMedullaUnavailable), ""},
		{"door refuses the debrief", memorize(hygiene), domain.ErrMemoryRefused, ""},
		{"memorize unreachable", memorize(down), nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got == nil {
				t.Fatal("got success, want an error")
			}
			if tc.is != nil && !errors.Is(tc.got, tc.is) {
				t.Fatalf("got %v, want %v", tc.got, tc.is)
			}
			if ref, ok := refusal.As(tc.got); ok && strings.Contains(ref.Message, "10.0.0.7") {
				t.Errorf("refusal %q names the peer's address", ref.Message)
			}
			_, isStatus := status.FromError(tc.got)
			switch {
			case tc.passReason != "":
				if got := rpcstatus.ReasonOf(tc.got); !isStatus || got != tc.passReason {
					t.Errorf("got %v (status %t, reason %q), want medulla's %s status unchanged", tc.got, isStatus, got, tc.passReason)
				}
			case isStatus:
				t.Errorf("got a status error %v, want a plain error transport answers as Internal", tc.got)
			}
		})
	}
}
