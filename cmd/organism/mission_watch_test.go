package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"

	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// restartingBoard is a mission server's board that stops once, mid-stream, the way a server
// going down answers (Unavailable, SHUTTING_DOWN), and serves every later watch from the
// cursor asked for. It records the cursors it was asked for.
type restartingBoard struct {
	missionv1.MissionServiceClient
	events  []*missionv1.BoardEvent
	asked   []int64
	stopped bool
}

func (b *restartingBoard) WatchBoard(ctx context.Context, req *missionv1.WatchBoardRequest, _ ...grpc.CallOption) (grpc.ServerStreamingClient[missionv1.WatchBoardResponse], error) {
	b.asked = append(b.asked, req.GetCursor())
	s := &boardStream{ctx: ctx}
	for _, ev := range b.events {
		if ev.GetCursor() > req.GetCursor() {
			s.events = append(s.events, ev)
		}
	}
	if !b.stopped {
		b.stopped = true
		s.events = s.events[:2]
		s.end = rpcstatus.New(codes.Unavailable, "mission.organism", "SHUTTING_DOWN", "mission is shutting down")
	}
	return s, nil
}

type boardStream struct {
	grpc.ClientStream
	ctx    context.Context
	events []*missionv1.BoardEvent
	end    error
}

func (s *boardStream) Recv() (*missionv1.WatchBoardResponse, error) {
	if len(s.events) == 0 {
		if s.end != nil {
			return nil, s.end
		}
		<-s.ctx.Done()
		return nil, s.ctx.Err()
	}
	ev := s.events[0]
	s.events = s.events[1:]
	return &missionv1.WatchBoardResponse{Event: ev}, nil
}

func (s *boardStream) Header() (metadata.MD, error) { return nil, nil }

// TestWatchBoardResumesAfterShutdown: `mission board --watch` rides through a server restart,
// resuming after the last cursor it printed: every event once, none lost.
func TestWatchBoardResumesAfterShutdown(t *testing.T) {
	board := &restartingBoard{}
	for i := int64(1); i <= 4; i++ {
		board.events = append(board.events, &missionv1.BoardEvent{Cursor: i + 10, MissionId: fmt.Sprintf("msn_%016d", i),
			Kind: missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER})
	}
	// The watch ends when the fourth event is printed; the deadline fails it if one never comes.
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	out := &cancelAfter{n: 4, cancel: cancel}
	if err := watchBoard(ctx, board, "", 10, out, false); err != nil {
		t.Fatalf("got %v, want the watch to resume and end with its context", err)
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("got no fourth event within %v:\n%s", testWait, out.String())
	}
	if got, want := len(board.asked), 2; got != want || board.asked[0] != 10 || board.asked[1] != 12 {
		t.Fatalf("got watches from cursors %v, want [10 12]", board.asked)
	}
	for i := 11; i <= 14; i++ {
		if got := strings.Count(out.String(), fmt.Sprintf("cursor %d ", i)); got != 1 {
			t.Errorf("got cursor %d printed %d times, want once", i, got)
		}
	}
	if got := strings.Count(out.String(), "\n"); got != 4 {
		t.Errorf("got %d events printed, want 4:\n%s", got, out.String())
	}
}

// cancelAfter ends the watch once it has printed n lines.
type cancelAfter struct {
	bytes.Buffer
	n      int
	cancel func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	n, err := c.Buffer.Write(p)
	if strings.Count(c.String(), "\n") >= c.n {
		c.cancel()
	}
	return n, err
}

// TestWatchBoardJSONIsOneEventPerLine: with --json each board event is one line of JSON with
// the proto field names, so a script reads the stream line by line.
func TestWatchBoardJSONIsOneEventPerLine(t *testing.T) {
	board := &restartingBoard{stopped: true}
	for i := int64(1); i <= 3; i++ {
		board.events = append(board.events, &missionv1.BoardEvent{Cursor: i, MissionId: fmt.Sprintf("msn_%016d", i), Seq: i,
			Kind: missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER})
	}
	ctx, cancel := context.WithTimeout(context.Background(), testWait)
	defer cancel()
	out := &cancelAfter{n: 3, cancel: cancel}
	if err := watchBoard(ctx, board, "", 0, out, true); err != nil {
		t.Fatal(err)
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("got fewer than 3 events within %v:\n%s", testWait, out.String())
	}
	for i, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("line %d: got %v decoding %q", i, err, line)
		}
		if want := fmt.Sprintf("msn_%016d", i+1); ev["mission_id"] != want {
			t.Errorf("line %d: got mission_id %v, want %s", i, ev["mission_id"], want)
		}
	}
}
