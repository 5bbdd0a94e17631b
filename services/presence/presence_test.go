package presence_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/services/presence"
)

var t0 = time.Date(2026, 7, 12, 9, 0, 0, 0, time.UTC)

type harness struct {
	env *grpctest.Env
	svc *presence.Service
	clk *clock.Fake
	dir string
}

// start serves presence on bufconn behind the real auth chain. The background sweep and flush
// are off so the test decides when a sweep happens (through the Gc RPC).
func start(t *testing.T) *harness {
	t.Helper()
	h := &harness{clk: clock.NewFake(t0), dir: t.TempDir()}
	h.open(t)
	return h
}

func (h *harness) open(t *testing.T) {
	t.Helper()
	h.openWith(t, presence.Options{})
}

func (h *harness) openWith(t *testing.T, o presence.Options) {
	t.Helper()
	var n atomic.Int64
	o.DataDir, o.Clock, o.SweepInterval, o.FlushInterval = h.dir, h.clk, -1, -1
	o.NewID = func() string { return fmt.Sprintf("prs_%012x", n.Add(1)) }
	svc, err := presence.Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	h.svc = svc
	h.env = grpctest.Start(t, grpctest.Options{}, svc.Register)
}

func client(c *grpc.ClientConn) presencev1.PresenceServiceClient {
	return presencev1.NewPresenceServiceClient(c)
}

func (h *harness) agent(id, brain string) presencev1.PresenceServiceClient {
	return client(h.env.Agent(id, "executor", brain))
}

func mutate(set ...string) *presencev1.RegisterRequest {
	return &presencev1.RegisterRequest{Kind: "executor", Theme: "fix the parser", Intent: presencev1.Intent_INTENT_MUTATE, WorkingSet: set}
}

// must(call())(t) returns call's value or fails the test with the refusal.
func must[T any](v T, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatalf("unexpected refusal: %v (reason %s)", err, rpcstatus.ReasonOf(err))
		}
		return v
	}
}

func wantRefusal(t *testing.T, err error, code codes.Code, reason string) {
	t.Helper()
	if status.Code(err) != code || rpcstatus.ReasonOf(err) != reason {
		t.Fatalf("got %v (code %s, reason %q), want code %s reason %q", err, status.Code(err), rpcstatus.ReasonOf(err), code, reason)
	}
}

func ids(ps []*presencev1.Presence) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.GetPresenceId()
	}
	return out
}

var ctx = context.Background()

func TestLiveness(t *testing.T) {
	tests := []struct {
		name      string
		ttl       int32
		beatAt    time.Duration // 0: no beat
		readAt    time.Duration
		wantLive  bool
		wantGcHit bool
	}{
		{"just before expiry", 30, 0, 30*time.Second - time.Nanosecond, true, false},
		{"exactly at last_beat + ttl", 30, 0, 30 * time.Second, false, true},
		{"default ttl is 90s", 0, 0, 89 * time.Second, true, false},
		{"default ttl expires at 90s", 0, 0, 90 * time.Second, false, true},
		{"a beat extends", 30, 20 * time.Second, 49 * time.Second, true, false},
		{"a beat extends by ttl only", 30, 20 * time.Second, 50 * time.Second, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			a := h.agent("ada", "alpha")
			req := mutate("src/a.go")
			req.TtlSeconds = tt.ttl
			p := must(a.Register(ctx, req))(t).GetPresence()
			if tt.beatAt > 0 {
				h.clk.Set(t0.Add(tt.beatAt))
				b := must(a.Beat(ctx, &presencev1.BeatRequest{PresenceId: p.GetPresenceId()}))(t)
				if got := b.GetPresence().GetLastBeat().AsTime(); !got.Equal(t0.Add(tt.beatAt)) {
					t.Fatalf("last_beat: got %v, want %v", got, t0.Add(tt.beatAt))
				}
			}
			h.clk.Set(t0.Add(tt.readAt))
			list := must(a.List(ctx, &presencev1.ListRequest{}))(t)
			if got := len(list.GetPresences()) == 1; got != tt.wantLive {
				t.Fatalf("listed: got %v, want %v", got, tt.wantLive)
			}
			_, err := a.Get(ctx, &presencev1.GetRequest{PresenceId: p.GetPresenceId()})
			if tt.wantLive {
				must(0, err)(t)
			} else {
				wantRefusal(t, err, codes.NotFound, "PRESENCE_EXPIRED")
				_, err = a.Beat(ctx, &presencev1.BeatRequest{PresenceId: p.GetPresenceId()})
				wantRefusal(t, err, codes.NotFound, "PRESENCE_EXPIRED")
			}
			gc := must(a.Gc(ctx, &presencev1.GcRequest{}))(t)
			if got := len(gc.GetRemoved()) == 1; got != tt.wantGcHit {
				t.Fatalf("gc removed it: got %v, want %v", got, tt.wantGcHit)
			}
			if tt.wantGcHit {
				_, err = a.Get(ctx, &presencev1.GetRequest{PresenceId: p.GetPresenceId()})
				wantRefusal(t, err, codes.NotFound, "PRESENCE_NOT_FOUND")
			}
		})
	}
}

func TestLeaveIsImmediate(t *testing.T) {
	h := start(t)
	a := h.agent("ada", "alpha")
	p := must(a.Register(ctx, mutate("src")))(t).GetPresence()
	left := must(a.Leave(ctx, &presencev1.LeaveRequest{PresenceId: p.GetPresenceId()}))(t)
	if left.GetPresence().GetPresenceId() != p.GetPresenceId() {
		t.Fatalf("left: got %s, want %s", left.GetPresence().GetPresenceId(), p.GetPresenceId())
	}
	if got := must(a.List(ctx, &presencev1.ListRequest{}))(t).GetPresences(); len(got) != 0 {
		t.Fatalf("after leave: got %v listed, want none", ids(got))
	}
	_, err := a.Leave(ctx, &presencev1.LeaveRequest{PresenceId: p.GetPresenceId()})
	wantRefusal(t, err, codes.NotFound, "PRESENCE_NOT_FOUND")
}

func TestRegisterUpsertAndIDs(t *testing.T) {
	h := start(t)
	a := h.agent("ada", "alpha")
	p := must(a.Register(ctx, mutate("src/a.go")))(t).GetPresence()
	if p.GetAgentId() != "ada" || p.GetBrain() != "alpha" {
		t.Fatalf("identity: got agent %q brain %q, want ada alpha (from the credential)", p.GetAgentId(), p.GetBrain())
	}
	h.clk.Advance(10 * time.Second)
	req := mutate("src/b.go")
	req.PresenceId = p.GetPresenceId()
	req.Theme = "now the lexer"
	q := must(a.Register(ctx, req))(t).GetPresence()
	if q.GetPresenceId() != p.GetPresenceId() || q.GetTheme() != "now the lexer" || !slices.Equal(q.GetWorkingSet(), []string{"src/b.go"}) {
		t.Fatalf("upsert: got %v, want same id with new theme and set", q)
	}
	if !q.GetStartedAt().AsTime().Equal(t0) || !q.GetLastBeat().AsTime().Equal(t0.Add(10*time.Second)) {
		t.Fatalf("upsert keeps started_at and refreshes last_beat: got %v / %v", q.GetStartedAt().AsTime(), q.GetLastBeat().AsTime())
	}
	list := must(a.List(ctx, &presencev1.ListRequest{}))(t).GetPresences()
	if len(list) != 1 {
		t.Fatalf("upsert made %d presences, want 1", len(list))
	}
	// A fresh register draws a random id of the documented shape.
	svc, err := presence.Open(ctx, presence.Options{DataDir: t.TempDir(), Clock: h.clk, SweepInterval: -1, FlushInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	env := grpctest.Start(t, grpctest.Options{}, svc.Register)
	r := must(client(env.Agent("bo", "executor", "alpha")).Register(ctx, mutate("x")))(t).GetPresence()
	if id := r.GetPresenceId(); len(id) != 16 || !strings.HasPrefix(id, "prs_") || strings.Trim(id[4:], "0123456789abcdef") != "" {
		t.Fatalf("id %q: want prs_ + 12 lowercase hex", id)
	}
}

type side struct {
	brain  string
	intent presencev1.Intent
	set    []string
}

func TestOverlapMatrix(t *testing.T) {
	m, r := presencev1.Intent_INTENT_MUTATE, presencev1.Intent_INTENT_READ
	tests := []struct {
		name string
		a, b side
		want []string // overlaps as "a|b"; nil means no collision
	}{
		{"file vs file", side{"alpha", m, []string{"src/a.go"}}, side{"alpha", m, []string{"./src/a.go"}}, []string{"src/a.go|src/a.go"}},
		{"different files", side{"alpha", m, []string{"src/a.go"}}, side{"alpha", m, []string{"src/b.go"}}, nil},
		{"dir vs file", side{"alpha", m, []string{"src/"}}, side{"alpha", m, []string{"src/pkg/a.go"}}, []string{"src|src/pkg/a.go"}},
		{"glob vs file", side{"alpha", m, []string{"src/**/*.go"}}, side{"alpha", m, []string{"src/pkg/a.go", "README.md"}}, []string{"src/**/*.go|src/pkg/a.go"}},
		{"glob vs other extension", side{"alpha", m, []string{"**/*.md"}}, side{"alpha", m, []string{"src/a.go"}}, nil},
		{"glob vs glob", side{"alpha", m, []string{"web/*.{ts,tsx}"}}, side{"alpha", m, []string{"web/app*"}}, []string{"web/*.{ts,tsx}|web/app*"}},
		{"block vs block", side{"alpha", m, []string{"sb_north"}}, side{"alpha", m, []string{"sb_north", "sb_other"}}, []string{"sb_north|sb_north"}},
		{"several overlaps", side{"alpha", m, []string{"docs", "sb_x"}}, side{"alpha", m, []string{"sb_x", "docs/a.md", "src"}}, []string{"docs|docs/a.md", "sb_x|sb_x"}},
		{"read vs mutate", side{"alpha", r, []string{"src/a.go"}}, side{"alpha", m, []string{"src/a.go"}}, nil},
		{"read vs read", side{"alpha", r, []string{"src"}}, side{"alpha", r, []string{"src"}}, nil},
		{"different brains", side{"alpha", m, []string{"src/a.go"}}, side{"beta", m, []string{"src/a.go"}}, nil},
		{"root vs anything", side{"alpha", m, []string{"."}}, side{"alpha", m, []string{"deep/down/x.go"}}, []string{".|deep/down/x.go"}},
		{"no working set", side{"alpha", m, nil}, side{"alpha", m, []string{"src"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			ca, cb := h.agent("ada", tt.a.brain), h.agent("bo", tt.b.brain)
			pa := must(ca.Register(ctx, &presencev1.RegisterRequest{Kind: "executor", Intent: tt.a.intent, WorkingSet: tt.a.set}))(t).GetPresence()
			pb := must(cb.Register(ctx, &presencev1.RegisterRequest{Kind: "executor", Intent: tt.b.intent, WorkingSet: tt.b.set}))(t).GetPresence()
			// The second register is advisory: it succeeds and carries the collision (b as a).
			if got := len(pb.GetCollisions()) > 0; got != (tt.want != nil) {
				t.Fatalf("register returned collision: got %v, want %v", got, tt.want != nil)
			}
			all := must(client(h.env.Owner()).Collisions(ctx, &presencev1.CollisionsRequest{}))(t).GetCollisions()
			if tt.want == nil {
				if len(all) != 0 {
					t.Fatalf("got %d collisions, want none", len(all))
				}
				return
			}
			if len(all) != 1 {
				t.Fatalf("got %d collisions, want 1", len(all))
			}
			// Orient on a for comparison through a's own view.
			mine := must(ca.Collisions(ctx, &presencev1.CollisionsRequest{PresenceId: pa.GetPresenceId()}))(t).GetCollisions()
			if len(mine) != 1 || mine[0].GetB().GetPresenceId() != pb.GetPresenceId() {
				t.Fatalf("a's collisions: got %v, want one with b", mine)
			}
			var got []string
			for _, o := range mine[0].GetOverlaps() {
				got = append(got, o.GetA()+"|"+o.GetB())
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("overlaps: got %v, want %v", got, tt.want)
			}
			// The roster embeds the same data on both rows.
			rows := must(ca.List(ctx, &presencev1.ListRequest{}))(t).GetPresences()
			for _, row := range rows {
				if len(row.GetCollisions()) != 1 {
					t.Fatalf("row %s: got %d collisions, want 1", row.GetPresenceId(), len(row.GetCollisions()))
				}
			}
		})
	}
}

func TestBadInputIsRefusedAndChangesNothing(t *testing.T) {
	big := make([]string, 1001)
	for i := range big {
		big[i] = fmt.Sprintf("f%d.go", i)
	}
	tests := []struct {
		name   string
		mod    func(*presencev1.RegisterRequest)
		code   codes.Code
		reason string
		field  string
	}{
		{"oversized working set", func(r *presencev1.RegisterRequest) { r.WorkingSet = big }, codes.InvalidArgument, "INVALID_ARGUMENT", "working_set"},
		{"climbing path", func(r *presencev1.RegisterRequest) { r.WorkingSet = []string{"ok.go", "../secret"} }, codes.InvalidArgument, "INVALID_ARGUMENT", "working_set[1]"},
		{"absolute path", func(r *presencev1.RegisterRequest) { r.WorkingSet = []string{"/etc/passwd"} }, codes.InvalidArgument, "INVALID_ARGUMENT", "working_set[0]"},
		{"broken glob", func(r *presencev1.RegisterRequest) { r.WorkingSet = []string{"src/[a-"} }, codes.InvalidArgument, "INVALID_ARGUMENT", "working_set[0]"},
		{"ttl too short", func(r *presencev1.RegisterRequest) { r.TtlSeconds = 1 }, codes.InvalidArgument, "INVALID_ARGUMENT", "ttl_seconds"},
		{"ttl too long", func(r *presencev1.RegisterRequest) { r.TtlSeconds = 3601 }, codes.InvalidArgument, "INVALID_ARGUMENT", "ttl_seconds"},
		{"negative ttl", func(r *presencev1.RegisterRequest) { r.TtlSeconds = -5 }, codes.InvalidArgument, "INVALID_ARGUMENT", "ttl_seconds"},
		{"long theme", func(r *presencev1.RegisterRequest) { r.Theme = strings.Repeat("é", 121) }, codes.InvalidArgument, "INVALID_ARGUMENT", "theme"},
		{"two-line theme", func(r *presencev1.RegisterRequest) { r.Theme = "one\ntwo" }, codes.InvalidArgument, "INVALID_ARGUMENT", "theme"},
		{"unknown kind", func(r *presencev1.RegisterRequest) { r.Kind = "wizard" }, codes.InvalidArgument, "INVALID_ARGUMENT", "kind"},
		{"no intent", func(r *presencev1.RegisterRequest) { r.Intent = presencev1.Intent_INTENT_UNSPECIFIED }, codes.InvalidArgument, "INVALID_ARGUMENT", "intent"},
		{"malformed id", func(r *presencev1.RegisterRequest) { r.PresenceId = "prs_XYZ" }, codes.InvalidArgument, "INVALID_ARGUMENT", "presence_id"},
		{"agent naming another brain", func(r *presencev1.RegisterRequest) { r.Brain = "beta" }, codes.PermissionDenied, "FOREIGN_BRAIN", ""},
		{"agent claiming the hall's kind", func(r *presencev1.RegisterRequest) { r.Kind = "human-ui" }, codes.PermissionDenied, "KIND_RESERVED", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			a := h.agent("ada", "alpha")
			req := mutate("src/a.go")
			tt.mod(req)
			_, err := a.Register(ctx, req)
			wantRefusal(t, err, tt.code, tt.reason)
			if tt.field != "" && !slices.Contains(rpcstatus.FieldsOf(err), tt.field) {
				t.Fatalf("field violations: got %v, want %s among them", rpcstatus.FieldsOf(err), tt.field)
			}
			if got := must(client(h.env.Owner()).List(ctx, &presencev1.ListRequest{}))(t).GetPresences(); len(got) != 0 {
				t.Fatalf("a refused register left %v behind", ids(got))
			}
		})
	}
}

func TestIdentityRules(t *testing.T) {
	h := start(t)
	ada, bo, eve := h.agent("ada", "alpha"), h.agent("bo", "alpha"), h.agent("eve", "beta")
	owner := client(h.env.Owner())
	pa := must(ada.Register(ctx, mutate("src")))(t).GetPresence()
	must(eve.Register(ctx, mutate("src")))(t)

	_, err := bo.Beat(ctx, &presencev1.BeatRequest{PresenceId: pa.GetPresenceId()})
	wantRefusal(t, err, codes.PermissionDenied, "NOT_PRESENCE_HOLDER")
	_, err = bo.Leave(ctx, &presencev1.LeaveRequest{PresenceId: pa.GetPresenceId()})
	wantRefusal(t, err, codes.PermissionDenied, "NOT_PRESENCE_HOLDER")
	req := mutate("x")
	req.PresenceId = pa.GetPresenceId()
	_, err = bo.Register(ctx, req)
	wantRefusal(t, err, codes.PermissionDenied, "NOT_PRESENCE_HOLDER")
	_, err = eve.Get(ctx, &presencev1.GetRequest{PresenceId: pa.GetPresenceId()})
	wantRefusal(t, err, codes.PermissionDenied, "FOREIGN_BRAIN")
	_, err = eve.List(ctx, &presencev1.ListRequest{Brain: "alpha"})
	wantRefusal(t, err, codes.PermissionDenied, "FOREIGN_BRAIN")
	_, err = client(h.env.Conn(nil)).List(ctx, &presencev1.ListRequest{})
	if status.Code(err) != codes.Unauthenticated {
		t.Fatalf("no credential: got %v, want Unauthenticated", err)
	}

	// An agent sees its own brain only; the owner sees all, or one brain by filter.
	if got := must(eve.List(ctx, &presencev1.ListRequest{}))(t).GetPresences(); len(got) != 1 || got[0].GetBrain() != "beta" {
		t.Fatalf("eve's roster: got %v, want her brain only", ids(got))
	}
	if got := must(owner.List(ctx, &presencev1.ListRequest{}))(t).GetPresences(); len(got) != 2 {
		t.Fatalf("owner roster: got %d, want 2 across brains", len(got))
	}
	if got := must(owner.List(ctx, &presencev1.ListRequest{Brain: "alpha"}))(t).GetPresences(); len(got) != 1 || got[0].GetBrain() != "alpha" {
		t.Fatalf("owner roster of alpha: got %v", ids(got))
	}
	// Same paths in different brains never collide.
	if got := must(owner.Collisions(ctx, &presencev1.CollisionsRequest{}))(t).GetCollisions(); len(got) != 0 {
		t.Fatalf("cross-brain collisions: got %d, want 0", len(got))
	}
	// Callers without a binding must name the brain they act in.
	_, err = owner.Register(ctx, mutate("x"))
	wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
	// Only the Hall session may be a human-ui presence; the owner may remove any presence.
	hall := client(h.env.OwnerSession())
	hr := &presencev1.RegisterRequest{Kind: "human-ui", Intent: presencev1.Intent_INTENT_READ, Brain: "alpha", Theme: "reviewing"}
	must(hall.Register(ctx, hr))(t)
	_, err = owner.Register(ctx, hr)
	wantRefusal(t, err, codes.PermissionDenied, "KIND_RESERVED")
	must(owner.Leave(ctx, &presencev1.LeaveRequest{PresenceId: pa.GetPresenceId()}))(t)
	// Mission registers runners as a service naming the brain.
	runner := &presencev1.RegisterRequest{Kind: "runner", Intent: presencev1.Intent_INTENT_MUTATE, Brain: "alpha", WorkingSet: []string{"src"}}
	rp := must(client(h.env.Service("mission")).Register(ctx, runner))(t).GetPresence()
	if rp.GetKind() != "runner" || rp.GetAgentId() != "mission" || rp.GetBrain() != "alpha" {
		t.Fatalf("runner presence: got %v", rp)
	}
}

func TestPaging(t *testing.T) {
	h := start(t)
	a := h.agent("ada", "alpha")
	for i := 0; i < 5; i++ {
		must(a.Register(ctx, mutate(fmt.Sprintf("f%d.go", i))))(t)
	}
	var seen []string
	token := ""
	for page := 0; page < 10; page++ {
		resp := must(a.List(ctx, &presencev1.ListRequest{PageSize: 2, PageToken: token}))(t)
		seen = append(seen, ids(resp.GetPresences())...)
		if token = resp.GetNextPageToken(); token == "" {
			break
		}
	}
	if len(seen) != 5 || !slices.IsSorted(seen) {
		t.Fatalf("paged roster: got %v, want 5 ids in order", seen)
	}
	_, err := a.List(ctx, &presencev1.ListRequest{PageToken: "garbage"})
	wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
}

// streamCtx bounds one test stream: a missed event fails the test in seconds instead of
// hanging the run. (A guard, not a timed assertion: nothing is measured against it.)
func streamCtx(t *testing.T) context.Context {
	t.Helper()
	c, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

// recv reads n events from a watch stream opened with streamCtx.
func recv(t *testing.T, st presencev1.PresenceService_WatchClient, n int) []*presencev1.WatchResponse {
	t.Helper()
	var out []*presencev1.WatchResponse
	for len(out) < n {
		ev, err := st.Recv()
		if err != nil {
			t.Fatalf("recv after %d events: %v", len(out), err)
		}
		out = append(out, ev)
	}
	return out
}

func describe(evs []*presencev1.WatchResponse) []string {
	var out []string
	for _, e := range evs {
		typ := strings.ToLower(strings.TrimPrefix(e.GetType().String(), "EVENT_TYPE_"))
		if c := e.GetCollision(); c != nil {
			out = append(out, fmt.Sprintf("%d %s %s/%s", e.GetSeq(), typ, c.GetA().GetAgentId(), c.GetB().GetAgentId()))
		} else {
			out = append(out, fmt.Sprintf("%d %s %s", e.GetSeq(), typ, e.GetPresence().GetAgentId()))
		}
	}
	return out
}

func TestWatch(t *testing.T) {
	h := start(t)
	ada, bo := h.agent("ada", "alpha"), h.agent("bo", "alpha")
	wctx, cancel := context.WithCancel(streamCtx(t))
	defer cancel()
	st, err := ada.Watch(wctx, &presencev1.WatchRequest{AfterSeq: new(int64(0))})
	if err != nil {
		t.Fatal(err)
	}
	pa := must(ada.Register(ctx, mutate("src/a.go")))(t).GetPresence()
	reqB := mutate("src/")
	pb := must(bo.Register(ctx, reqB))(t).GetPresence()
	// Re-registering the same overlap is an update, never a second collision-began.
	reqB.PresenceId, reqB.Theme = pb.GetPresenceId(), "still on src"
	must(bo.Register(ctx, reqB))(t)
	first := describe(recv(t, st, 4))
	want := []string{"1 joined ada", "2 joined bo", "3 collision_began bo/ada", "4 updated bo"}
	if !slices.Equal(first, want) {
		t.Fatalf("events: got %v, want %v", first, want)
	}
	cancel() // the client goes away

	// While nobody watches: ada leaves (ending the pair), bo's silence passes half its TTL.
	must(ada.Leave(ctx, &presencev1.LeaveRequest{PresenceId: pa.GetPresenceId()}))(t)
	h.clk.Advance(50 * time.Second)
	must(bo.Gc(ctx, &presencev1.GcRequest{}))(t)
	must(bo.Gc(ctx, &presencev1.GcRequest{}))(t) // a second sweep reports the same silence once
	h.clk.Advance(40 * time.Second)
	must(bo.Gc(ctx, &presencev1.GcRequest{}))(t)

	// Resume after the last seq seen: the rest, in order, no duplicates.
	st2, err := bo.Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(int64(4))})
	if err != nil {
		t.Fatal(err)
	}
	rest := describe(recv(t, st2, 4))
	want = []string{"5 left ada", "6 collision_ended ada/bo", "7 beat_missed bo", "8 expired bo"}
	if !slices.Equal(rest, want) {
		t.Fatalf("resumed events: got %v, want %v", rest, want)
	}
	// A new event reaches the live stream.
	must(ada.Register(ctx, mutate("docs")))(t)
	if got := describe(recv(t, st2, 1)); got[0] != "9 joined ada" {
		t.Fatalf("live event: got %v, want 9 joined ada", got)
	}
	// Cursors beyond the head are refused; so is a watch of another brain.
	bad, err := bo.Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(int64(99))})
	if err == nil {
		_, err = bad.Recv()
	}
	wantRefusal(t, err, codes.OutOfRange, "CURSOR_AHEAD")
	bad, err = bo.Watch(streamCtx(t), &presencev1.WatchRequest{Brain: "beta"})
	if err == nil {
		_, err = bad.Recv()
	}
	wantRefusal(t, err, codes.PermissionDenied, "FOREIGN_BRAIN")
}

// TestWatchSeesOnlyOwnBrain: an agent's stream carries its own brain's events only. The stream
// starts from a cursor read first (List's), not from "now": the server reads "now" after the
// client's Watch returns, so both registers could land before it and leave nothing to receive.
func TestWatchSeesOnlyOwnBrain(t *testing.T) {
	h := start(t)
	ada, eve := h.agent("ada", "alpha"), h.agent("eve", "beta")
	cursor := must(eve.List(ctx, &presencev1.ListRequest{}))(t).GetCursor()
	st, err := eve.Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(cursor)})
	if err != nil {
		t.Fatal(err)
	}
	must(ada.Register(ctx, mutate("src")))(t)
	must(eve.Register(ctx, mutate("src")))(t)
	got := recv(t, st, 1)
	if got[0].GetBrain() != "beta" || got[0].GetPresence().GetAgentId() != "eve" || got[0].GetSeq() != cursor+2 {
		t.Fatalf("eve's stream: got %v, want her own join (seq %d) with ada's (seq %d) skipped", describe(got), cursor+2, cursor+1)
	}
}

func TestRestartKeepsRecordsAndLog(t *testing.T) {
	h := start(t)
	a := h.agent("ada", "alpha")
	p := must(a.Register(ctx, mutate("src")))(t).GetPresence()
	h.clk.Advance(20 * time.Second)
	must(a.Beat(ctx, &presencev1.BeatRequest{PresenceId: p.GetPresenceId()}))(t)
	if err := h.svc.Close(); err != nil {
		t.Fatal(err)
	}
	h.open(t)
	a = h.agent("ada", "alpha")
	got := must(a.Get(ctx, &presencev1.GetRequest{PresenceId: p.GetPresenceId()}))(t).GetPresence()
	if !got.GetLastBeat().AsTime().Equal(t0.Add(20 * time.Second)) {
		t.Fatalf("last_beat after restart: got %v, want %v", got.GetLastBeat().AsTime(), t0.Add(20*time.Second))
	}
	st, err := a.Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(int64(0))})
	if err != nil {
		t.Fatal(err)
	}
	must(a.Leave(ctx, &presencev1.LeaveRequest{PresenceId: p.GetPresenceId()}))(t)
	if evs := describe(recv(t, st, 2)); !slices.Equal(evs, []string{"1 joined ada", "2 left ada"}) {
		t.Fatalf("log across restart: got %v", evs)
	}
}

func TestBeatsStream(t *testing.T) {
	h := start(t)
	ada, bo := h.agent("ada", "alpha"), h.agent("bo", "alpha")
	pa := must(ada.Register(ctx, mutate("src")))(t).GetPresence()
	st, err := ada.Beats(streamCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 3; k++ {
		h.clk.Advance(10 * time.Second)
		if err := st.Send(&presencev1.BeatsRequest{PresenceId: pa.GetPresenceId()}); err != nil {
			t.Fatal(err)
		}
		ack, err := st.Recv()
		if err != nil {
			t.Fatal(err)
		}
		want := t0.Add(time.Duration(k) * 10 * time.Second)
		if !ack.GetLastBeat().AsTime().Equal(want) || !ack.GetExpiresAt().AsTime().Equal(want.Add(90*time.Second)) {
			t.Fatalf("ack %d: got last_beat %v expires %v, want %v and +90s", k, ack.GetLastBeat().AsTime(), ack.GetExpiresAt().AsTime(), want)
		}
	}
	// Another agent's stream cannot beat ada's presence: the stream ends with the refusal.
	sb, err := bo.Beats(streamCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.Send(&presencev1.BeatsRequest{PresenceId: pa.GetPresenceId()}); err != nil {
		t.Fatal(err)
	}
	_, err = sb.Recv()
	wantRefusal(t, err, codes.PermissionDenied, "NOT_PRESENCE_HOLDER")
}

func TestPrunedCursorIsRefused(t *testing.T) {
	h := &harness{clk: clock.NewFake(t0), dir: t.TempDir()}
	h.openWith(t, presence.Options{EventRetention: time.Minute, KeepEvents: 1})
	a := h.agent("ada", "alpha")
	for i := 0; i < 3; i++ {
		must(a.Register(ctx, mutate(fmt.Sprintf("f%d.go", i))))(t)
	}
	h.clk.Advance(2 * time.Minute)
	must(a.Gc(ctx, &presencev1.GcRequest{}))(t) // sweeps and prunes all but the newest event
	st, err := a.Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(int64(0))})
	if err == nil {
		_, err = st.Recv()
	}
	wantRefusal(t, err, codes.OutOfRange, "CURSOR_EXPIRED")
	// The newest retained event is still served to a watcher whose cursor is just before it.
	list := must(a.List(ctx, &presencev1.ListRequest{}))(t)
	st, err = a.Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(list.GetCursor() - 1)})
	if err != nil {
		t.Fatal(err)
	}
	if got := describe(recv(t, st, 1)); !strings.Contains(got[0], "beat_missed") && !strings.Contains(got[0], "expired") {
		t.Fatalf("newest retained event: got %v", got)
	}
}

// TestConcurrentTraffic runs beats, registers, leaves, reads, sweeps and a watcher at once;
// under -race it proves the locking, and the watcher must see a gapless sequence.
func TestConcurrentTraffic(t *testing.T) {
	h := start(t)
	const agents = 8
	clients := make([]presencev1.PresenceServiceClient, agents)
	for i := range clients {
		clients[i] = h.agent(fmt.Sprintf("a%d", i), "alpha")
	}
	st, err := clients[0].Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(int64(0))})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 10; round++ {
				p, err := c.Register(ctx, mutate("shared/", fmt.Sprintf("own%d/x.go", i)))
				if err != nil {
					t.Error(err)
					return
				}
				id := p.GetPresence().GetPresenceId()
				for k := 0; k < 5; k++ {
					if _, err := c.Beat(ctx, &presencev1.BeatRequest{PresenceId: id, IncludeCollisions: k%2 == 0}); err != nil {
						t.Error(err)
						return
					}
				}
				if _, err := c.List(ctx, &presencev1.ListRequest{}); err != nil {
					t.Error(err)
				}
				if _, err := c.Gc(ctx, &presencev1.GcRequest{}); err != nil {
					t.Error(err)
				}
				if _, err := c.Leave(ctx, &presencev1.LeaveRequest{PresenceId: id}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	head := must(clients[0].List(ctx, &presencev1.ListRequest{}))(t).GetCursor()
	evs := recv(t, st, int(head))
	for i, e := range evs {
		if e.GetSeq() != int64(i+1) {
			t.Fatalf("event %d has seq %d: the stream skipped or repeated", i+1, e.GetSeq())
		}
	}
	// Every collision that began also ended, since everyone left.
	open := 0
	for _, e := range evs {
		switch e.GetType() {
		case presencev1.EventType_EVENT_TYPE_COLLISION_BEGAN:
			open++
		case presencev1.EventType_EVENT_TYPE_COLLISION_ENDED:
			open--
		}
	}
	if open != 0 {
		t.Fatalf("began minus ended: got %d, want 0", open)
	}
}

func TestShutdownEndsWatchStreams(t *testing.T) {
	h := &harness{clk: clock.NewFake(t0), dir: t.TempDir()}
	stop := make(chan struct{})
	h.openWith(t, presence.Options{Shutdown: stop})
	st, err := h.agent("ada", "alpha").Watch(streamCtx(t), &presencev1.WatchRequest{})
	if err != nil {
		t.Fatal(err)
	}
	close(stop)
	_, err = st.Recv()
	wantRefusal(t, err, codes.Unavailable, "SHUTTING_DOWN")
}
