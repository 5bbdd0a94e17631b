package joints_test

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// TestShutdownEndsLongCalls: when the process's shutdown signal closes, an open WatchBoard
// stream and a long-poll ClaimWork (both willing to wait ten minutes) end with Unavailable and
// SHUTTING_DOWN, the answer that tells a runner to retry and a watcher to resume.
func TestMissionShutdownEndsLongCalls(t *testing.T) {
	shutdown := make(chan struct{})
	f := newMsnFixtureWith(t, msnFixtureOpts{shutdown: shutdown, maxClaimWait: 10 * time.Minute})
	ctx, cancel := context.WithCancel(msnWithin(t))
	defer cancel()
	m := f.open(msnPacket())
	stream := msnMust(f.owner.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: msnBrain}))(t)
	// The opening event proves the stream's handler is running.
	msnNextFor(t, stream, m.GetMissionId())

	claimed := make(chan error, 1)
	go func() {
		resp, err := f.runner.ClaimWork(ctx, &missionv1.ClaimWorkRequest{Wait: durationpb.New(10 * time.Minute)})
		if resp.GetWork() != nil {
			t.Error("got work from a board with nothing spawned, want none")
		}
		claimed <- err
	}()
	close(shutdown)

	_, watchErr := stream.Recv()
	for _, tc := range []struct {
		name string
		err  error
	}{{"board stream", watchErr}, {"long-poll claim", msnAwait(t, claimed, "the long-poll claim to end")}} {
		if got := status.Code(tc.err); got != codes.Unavailable {
			t.Errorf("%s: got code %s (%v), want Unavailable", tc.name, got, tc.err)
		}
		msnWantReason(t, tc.err, "SHUTTING_DOWN")
	}

	// Short calls still answer while the server drains.
	if got := f.get(m.GetMissionId()).GetMission().GetMissionId(); got != m.GetMissionId() {
		t.Errorf("got mission %s, want %s", got, m.GetMissionId())
	}
}
