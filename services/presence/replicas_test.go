package presence_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/services/presence"
)

var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

// replica is one presence process on a shared PostgreSQL database, served on its own bufconn.
type replica struct {
	env *grpctest.Env
	svc *presence.Service
}

// replicas starts n presence services on one fresh database, sharing a fake clock. Their
// background loops are off: a test runs the follow step itself (Follow is exactly what the
// service's loop runs every FollowInterval), so no assertion waits on a timer.
func replicas(t *testing.T, n int) ([]replica, *clock.Fake) {
	t.Helper()
	dsn := pg.Database(t)
	clk := clock.NewFake(t0)
	var ids atomic.Int64
	out := make([]replica, n)
	for i := range out {
		svc, err := presence.Open(context.Background(), presence.Options{Store: dsn, Clock: clk,
			SweepInterval: -1, FlushInterval: -1, FollowInterval: -1,
			// Distinct ids across replicas, as random ones are.
			NewID: func() string { return fmt.Sprintf("prs_%012x", ids.Add(1)) }})
		if err != nil {
			t.Fatalf("replica %d: %v", i, err)
		}
		t.Cleanup(func() { svc.Close() })
		out[i] = replica{env: grpctest.Start(t, grpctest.Options{}, svc.Register), svc: svc}
	}
	return out, clk
}

func (r replica) agent(id, brain string) presencev1.PresenceServiceClient {
	return client(r.env.Agent(id, "executor", brain))
}

func (r replica) follow(t *testing.T) {
	t.Helper()
	if err := r.svc.Registry().Follow(ctx); err != nil {
		t.Fatalf("follow: %v", err)
	}
}

func (r replica) roster(t *testing.T) []string {
	t.Helper()
	r.follow(t)
	return ids(must(client(r.env.Owner()).List(ctx, &presencev1.ListRequest{}))(t).GetPresences())
}

func (r replica) pairs(t *testing.T) []string {
	t.Helper()
	r.follow(t)
	var out []string
	for _, c := range must(client(r.env.Owner()).Collisions(ctx, &presencev1.CollisionsRequest{}))(t).GetCollisions() {
		out = append(out, c.GetA().GetPresenceId()+"~"+c.GetB().GetPresenceId())
	}
	slices.Sort(out)
	return out
}

// watchAll replays r's log from the start and returns "seq type subject" lines up to seq through.
func (r replica) watchAll(t *testing.T, through int64) []string {
	t.Helper()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	after := int64(0)
	stream, err := client(r.env.Owner()).Watch(wctx, &presencev1.WatchRequest{AfterSeq: &after})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for {
		ev, err := stream.Recv()
		if err != nil {
			t.Fatalf("watch: after %v got %v, want events through seq %d", out, err, through)
		}
		subject := ev.GetPresence().GetPresenceId()
		if c := ev.GetCollision(); c != nil {
			subject = c.GetA().GetPresenceId() + "~" + c.GetB().GetPresenceId()
		}
		out = append(out, fmt.Sprintf("%d %s %s", ev.GetSeq(), ev.GetType(), subject))
		if ev.GetSeq() >= through {
			return out
		}
	}
}

// Two presence processes on one database see one roster, one set of collisions and one log:
// a register through either finds the other's colliding presence at once, reads through
// either agree after a follow step, and a beat, a leave or a sweep works through either
// replica on any presence.
func TestTwoReplicasShareRosterAndCollisions(t *testing.T) {
	rs, clk := replicas(t, 2)
	a, b := rs[0], rs[1]

	ada := must(a.agent("ada", "alpha").Register(ctx, mutate("src/")))(t).GetPresence()
	bob := must(b.agent("bob", "alpha").Register(ctx, mutate("src/parser.go")))(t).GetPresence()
	if got := bob.GetCollisions(); len(got) != 1 || got[0].GetB().GetPresenceId() != ada.GetPresenceId() {
		t.Fatalf("bob's register on replica b: got collisions %v, want one with ada's %s registered on a", got, ada.GetPresenceId())
	}
	want := []string{ada.GetPresenceId(), bob.GetPresenceId()}
	for i, r := range rs {
		if got := r.roster(t); !slices.Equal(got, want) {
			t.Errorf("replica %d roster: got %v, want %v", i, got, want)
		}
	}
	wantPairs := a.pairs(t)
	if len(wantPairs) != 1 || !slices.Equal(b.pairs(t), wantPairs) {
		t.Errorf("collisions: got %v on a and %v on b, want the same one pair", wantPairs, b.pairs(t))
	}
	// Both replicas serve the same dense log: joined, joined, collision-began.
	if la, lb := a.watchAll(t, 3), b.watchAll(t, 3); !slices.Equal(la, lb) || len(la) != 3 {
		t.Errorf("watch: got %v on a and %v on b, want the same three events", la, lb)
	}

	// ada beats through b (which learns of her presence on the miss), then leaves through b;
	// replica a sees her gone and the pair ended.
	clk.Advance(10 * time.Second)
	if got := must(b.agent("ada", "alpha").Beat(ctx, &presencev1.BeatRequest{PresenceId: ada.GetPresenceId()}))(t).GetPresence(); !got.GetLastBeat().AsTime().Equal(t0.Add(10 * time.Second)) {
		t.Errorf("beat through b: got last_beat %v, want %v", got.GetLastBeat().AsTime(), t0.Add(10*time.Second))
	}
	must(b.agent("ada", "alpha").Leave(ctx, &presencev1.LeaveRequest{PresenceId: ada.GetPresenceId()}))(t)
	if got := a.roster(t); !slices.Equal(got, []string{bob.GetPresenceId()}) {
		t.Errorf("roster on a after ada left through b: got %v, want only bob", got)
	}
	if got := a.pairs(t); len(got) != 0 {
		t.Errorf("collisions on a after ada left: got %v, want none", got)
	}

	// bob goes silent; a sweep through a expires him although he registered on b.
	clk.Advance(91 * time.Second)
	removed := must(client(a.env.Owner()).Gc(ctx, &presencev1.GcRequest{}))(t).GetRemoved()
	if len(removed) != 1 || removed[0].GetPresenceId() != bob.GetPresenceId() {
		t.Fatalf("gc on a: got %v, want bob's %s", ids(removed), bob.GetPresenceId())
	}
	if got := b.roster(t); len(got) != 0 {
		t.Errorf("roster on b after a's sweep: got %v, want empty", got)
	}
}

// A beat received by one replica keeps the presence alive for a sweep on the other: the sweep
// judges by the beats every replica flushed.
func TestSweepOnOneReplicaHonoursBeatsFlushedByAnother(t *testing.T) {
	rs, clk := replicas(t, 2)
	a, b := rs[0], rs[1]
	p := must(a.agent("ada", "alpha").Register(ctx, mutate("src/")))(t).GetPresence()
	clk.Advance(60 * time.Second)
	must(a.agent("ada", "alpha").Beat(ctx, &presencev1.BeatRequest{PresenceId: p.GetPresenceId()}))(t)
	if err := a.svc.Registry().FlushBeats(ctx); err != nil {
		t.Fatal(err)
	}
	clk.Advance(60 * time.Second) // 120s after the register, 60s after the beat: live (ttl 90s)
	if removed := must(client(b.env.Owner()).Gc(ctx, &presencev1.GcRequest{}))(t).GetRemoved(); len(removed) != 0 {
		t.Fatalf("gc on b: got %v removed, want none (ada beat through a 60s ago)", ids(removed))
	}
	if got := b.roster(t); !slices.Equal(got, []string{p.GetPresenceId()}) {
		t.Errorf("roster on b: got %v, want ada's presence live", got)
	}
}

// Writers on two replicas at once: every register lands, the log stays dense with one event
// per seq, and both replicas end with the same roster.
func TestConcurrentRegistersAcrossReplicas(t *testing.T) {
	rs, _ := replicas(t, 2)
	const writers = 16
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for i := range writers {
		r := rs[i%2]
		wg.Go(func() {
			_, err := r.agent(fmt.Sprintf("agent-%02d", i), "alpha").Register(ctx, mutate(fmt.Sprintf("pkg%02d/", i)))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("register: %v", err)
		}
	}
	ra, rb := rs[0].roster(t), rs[1].roster(t)
	if len(ra) != writers || !slices.Equal(ra, rb) {
		t.Fatalf("rosters: got %d on a and %v vs %v, want the same %d", len(ra), ra, rb, writers)
	}
	la, lb := rs[0].watchAll(t, writers), rs[1].watchAll(t, writers)
	if !slices.Equal(la, lb) {
		t.Fatalf("logs differ: a %v, b %v", la, lb)
	}
	for i, line := range la {
		if want := fmt.Sprintf("%d ", i+1); line[:len(want)] != want {
			t.Fatalf("log line %d: got %q, want seq %d (dense)", i, line, i+1)
		}
	}
}
