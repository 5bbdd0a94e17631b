package mcp_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	organmcp "github.com/organism-dev/organism/mcp"
	"github.com/organism-dev/organism/platform/grpctest"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// wait bounds every receive of these tests: a missed event fails in seconds, never hangs.
const wait = 10 * time.Second

// stream is one open organ stream as the fake organ saw it: where it started, the events the
// test feeds it, and when it closed.
type stream struct {
	from   int64
	feed   chan int64 // a cursor (board) or seq (presence) to send; the fakes build the event
	closed chan struct{}
}

// streams hands each opened stream to the test.
type streams chan *stream

func (ss streams) open(ctx context.Context, from int64, send func(int64) error) error {
	st := &stream{from: from, feed: make(chan int64, 8), closed: make(chan struct{})}
	defer close(st.closed)
	ss <- st
	for {
		select {
		case <-ctx.Done():
			return nil
		case n := <-st.feed:
			if err := send(n); err != nil {
				return err
			}
		}
	}
}

func (ss streams) next(t *testing.T) *stream {
	t.Helper()
	select {
	case st := <-ss:
		return st
	case <-time.After(wait):
		t.Fatalf("no organ stream opened within %v", wait)
		return nil
	}
}

func (st *stream) mustClose(t *testing.T, what string) {
	t.Helper()
	select {
	case <-st.closed:
	case <-time.After(wait):
		t.Fatalf("%s: the organ stream is still open %v later", what, wait)
	}
}

// fakePresence answers reads of loja's roster and streams collision events.
type fakePresence struct {
	presencev1.UnimplementedPresenceServiceServer
	streams streams
}

func (fakePresence) List(context.Context, *presencev1.ListRequest) (*presencev1.ListResponse, error) {
	return &presencev1.ListResponse{Cursor: 7}, nil
}

func (fakePresence) Collisions(context.Context, *presencev1.CollisionsRequest) (*presencev1.CollisionsResponse, error) {
	return &presencev1.CollisionsResponse{}, nil
}

func (f fakePresence) Watch(req *presencev1.WatchRequest, srv grpc.ServerStreamingServer[presencev1.WatchResponse]) error {
	return f.streams.open(srv.Context(), req.GetAfterSeq(), func(seq int64) error {
		return srv.Send(&presencev1.WatchResponse{Seq: seq, Brain: "loja", Type: presencev1.EventType_EVENT_TYPE_COLLISION_BEGAN})
	})
}

// fakeMission answers reads of loja's board and missions and streams board letters: a letter at
// an odd cursor is of mission m_old and stamped an hour ago (history an agent reads), one at an
// even cursor of m_fresh and stamped now.
type fakeMission struct {
	missionv1.UnimplementedMissionServiceServer
	streams streams
}

var longAgo = time.Now().Add(-time.Hour)

func (fakeMission) ListMissions(context.Context, *missionv1.ListMissionsRequest) (*missionv1.ListMissionsResponse, error) {
	return &missionv1.ListMissionsResponse{}, nil
}

func (fakeMission) GetMission(_ context.Context, req *missionv1.GetMissionRequest) (*missionv1.GetMissionResponse, error) {
	return &missionv1.GetMissionResponse{Mission: &missionv1.Mission{MissionId: req.GetMissionId(), Brain: "loja"}}, nil
}

func (fakeMission) ListLetters(context.Context, *missionv1.ListLettersRequest) (*missionv1.ListLettersResponse, error) {
	return &missionv1.ListLettersResponse{}, nil
}

func (f fakeMission) WatchBoard(req *missionv1.WatchBoardRequest, srv grpc.ServerStreamingServer[missionv1.WatchBoardResponse]) error {
	return f.streams.open(srv.Context(), req.GetCursor(), func(c int64) error {
		at := time.Now()
		if c%2 == 1 {
			at = longAgo
		}
		return srv.Send(&missionv1.WatchBoardResponse{Event: &missionv1.BoardEvent{Cursor: c, Kind: missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER,
			Brain: "loja", MissionId: missionOf(c), At: timestamppb.New(at)}})
	})
}

func missionOf(cursor int64) string {
	if cursor%2 == 1 {
		return "m_old"
	}
	return "m_fresh"
}

// watchEnv is an MCP session of ada (loja) over the fake organs, with the URIs it was told of.
type watchEnv struct {
	presence, board streams
	cs              *sdk.ClientSession
	updates         chan string
}

func startWatchEnv(t *testing.T) *watchEnv {
	t.Helper()
	e := &watchEnv{presence: make(streams, 4), board: make(streams, 4), updates: make(chan string, 64)}
	g := grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		presencev1.RegisterPresenceServiceServer(r, fakePresence{streams: e.presence})
		missionv1.RegisterMissionServiceServer(r, fakeMission{streams: e.board})
	})
	token := g.AgentToken("ada", "executor", "loja")
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	st, ct := sdk.NewInMemoryTransports()
	// The organ connection carries the agent's credential, as the stdio verb's does.
	svc := organmcp.New(organmcp.Options{Organs: organmcp.OrgansOn(g.Agent("ada", "executor", "loja")), Logger: slog.New(slog.DiscardHandler)})
	if _, err := svc.Connect(ctx, st, token); err != nil {
		t.Fatal(err)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "test-agent", Version: "v0"}, &sdk.ClientOptions{
		ResourceUpdatedHandler: func(_ context.Context, r *sdk.ResourceUpdatedNotificationRequest) { e.updates <- r.Params.URI },
	})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	e.cs = cs
	return e
}

// call calls a tool within the test's deadline; a protocol error (not an error result) fails the test.
func (e *watchEnv) call(t *testing.T, tool string, args any) *sdk.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	res, err := e.cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: got protocol error %v, want a tool result", tool, err)
	}
	return res
}

func (e *watchEnv) subscribe(t *testing.T, uris ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for _, u := range uris {
		if err := e.cs.Subscribe(ctx, &sdk.SubscribeParams{URI: u}); err != nil {
			t.Fatalf("subscribe %s: %v", u, err)
		}
	}
}

func (e *watchEnv) unsubscribe(t *testing.T, uris ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for _, u := range uris {
		if err := e.cs.Unsubscribe(ctx, &sdk.UnsubscribeParams{URI: u}); err != nil {
			t.Fatalf("unsubscribe %s: %v", u, err)
		}
	}
}

// told waits for the next update and says which URI it names.
func (e *watchEnv) told(t *testing.T, what string) string {
	t.Helper()
	select {
	case u := <-e.updates:
		return u
	case <-time.After(wait):
		t.Fatalf("%s: no update within %v", what, wait)
		return ""
	}
}

// TestUnsubscribeClosesTheOrganStream: a brain's roster and collisions share one presence
// stream; unsubscribing one keeps it open (the other is still told), unsubscribing the last
// closes it, and subscribing again opens a new one.
func TestUnsubscribeClosesTheOrganStream(t *testing.T) {
	e := startWatchEnv(t)
	roster, collisions := organmcp.BrainURI("loja", "roster"), organmcp.BrainURI("loja", "collisions")
	e.subscribe(t, roster, collisions)
	st := e.presence.next(t)
	if st.from != 7 {
		t.Errorf("got the stream opened after seq %d, want 7 (the roster's head at subscribing)", st.from)
	}

	e.unsubscribe(t, roster)
	st.feed <- 8
	if got := e.told(t, "collision after roster's unsubscribe"); got != collisions {
		t.Errorf("got %s, want %s: the stream still feeds a subscribed URI", got, collisions)
	}

	e.unsubscribe(t, collisions)
	st.mustClose(t, "after the last presence URI was unsubscribed")

	e.subscribe(t, collisions)
	again := e.presence.next(t)
	again.feed <- 9
	if got := e.told(t, "collision after subscribing again"); got != collisions {
		t.Errorf("got %s, want %s", got, collisions)
	}
}

// TestBoardResumesFromTheSessionsCursor: the first board stream of a session starts at 0 and
// skips the replayed history; once unsubscribed and subscribed again, the stream resumes after
// the last cursor the session saw and tells every event after it, whatever its timestamp.
func TestBoardResumesFromTheSessionsCursor(t *testing.T) {
	e := startWatchEnv(t)
	board := organmcp.BrainURI("loja", "board")
	old, fresh := organmcp.MissionURI(missionOf(5)), organmcp.MissionURI(missionOf(6))
	e.subscribe(t, board, old, fresh)
	st := e.board.next(t)
	if st.from != 0 {
		t.Errorf("first stream: got cursor %d, want 0 (mission offers no board head)", st.from)
	}
	st.feed <- 5 // stamped an hour ago: history
	st.feed <- 6 // stamped now: news
	for want := map[string]bool{board: true, fresh: true}; len(want) > 0; {
		u := e.told(t, "a new letter")
		if u == old {
			t.Fatalf("got %s: replayed history was told as news", u)
		}
		delete(want, u)
	}

	e.unsubscribe(t, board, old)
	st.feed <- 8
	if got := e.told(t, "a letter while a mission is still subscribed"); got != fresh {
		t.Errorf("got %s, want %s: the board stream still feeds a subscribed mission", got, fresh)
	}
	e.unsubscribe(t, fresh)
	st.mustClose(t, "after the last board URI was unsubscribed")

	e.subscribe(t, board)
	again := e.board.next(t)
	if again.from != 8 {
		t.Fatalf("second stream: got cursor %d, want 8 (the last the session saw)", again.from)
	}
	again.feed <- 9 // stamped an hour ago, yet after the cursor: the stream never told it
	if got := e.told(t, "a letter after the resume cursor"); got != board {
		t.Errorf("got %s, want %s", got, board)
	}
}
