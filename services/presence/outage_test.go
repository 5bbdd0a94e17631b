package presence_test

import (
	"slices"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/rpcstatus"
)

// While PostgreSQL is down, every call that must reach it (a register, a leave, a ledger read)
// is answered UNAVAILABLE with reason STORE_UNAVAILABLE on either replica, never a bare
// Internal; once the server is back the replicas serve again by themselves, with no restart,
// and what was written before the outage is still there.
func TestPostgresOutageIsStoreUnavailable(t *testing.T) {
	rs, _ := replicas(t, 2)
	a, b := rs[0], rs[1]
	ada := must(a.agent("ada", "alpha").Register(ctx, mutate("src/")))(t).GetPresence()

	if err := pg.Halt(true); err != nil {
		t.Fatal(err)
	}
	resumed := false
	t.Cleanup(func() {
		if !resumed {
			pg.Resume()
		}
	})
	calls := []struct {
		name string
		call func() error
	}{
		{"register on a", func() error { _, err := a.agent("bob", "alpha").Register(ctx, mutate("src/x.go")); return err }},
		{"register on b", func() error { _, err := b.agent("cy", "alpha").Register(ctx, mutate("lib/")); return err }},
		{"leave on b", func() error {
			_, err := b.agent("ada", "alpha").Leave(ctx, &presencev1.LeaveRequest{PresenceId: ada.GetPresenceId()})
			return err
		}},
		{"ledger on a", func() error {
			_, err := client(a.env.Owner()).ListReceipts(ctx, &presencev1.ListReceiptsRequest{Brain: "alpha"})
			return err
		}},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			err := c.call()
			if status.Code(err) != codes.Unavailable || rpcstatus.ReasonOf(err) != "STORE_UNAVAILABLE" {
				t.Fatalf("during the outage: got %v (reason %q), want Unavailable STORE_UNAVAILABLE", err, rpcstatus.ReasonOf(err))
			}
		})
	}

	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	resumed = true
	// The pools hold connections the restart killed; a caller retrying after STORE_UNAVAILABLE
	// gets through once the pool has replaced them. Bounded, so a replica that never recovers
	// fails the test in seconds.
	var bob *presencev1.Presence
	deadline := time.Now().Add(30 * time.Second)
	for bob == nil {
		res, err := b.agent("bob", "alpha").Register(ctx, mutate("src/x.go"))
		switch {
		case err == nil:
			bob = res.GetPresence()
		case rpcstatus.ReasonOf(err) != "STORE_UNAVAILABLE":
			t.Fatalf("register after the restart: got %v, want success (or STORE_UNAVAILABLE while the pool reconnects)", err)
		case time.Now().After(deadline):
			t.Fatalf("register after the restart: still %v after 30s", err)
		default:
			time.Sleep(20 * time.Millisecond)
		}
	}
	if got := bob.GetCollisions(); len(got) != 1 || got[0].GetB().GetPresenceId() != ada.GetPresenceId() {
		t.Errorf("bob's register after the outage: got collisions %v, want one with ada's %s from before it", got, ada.GetPresenceId())
	}
	want := []string{ada.GetPresenceId(), bob.GetPresenceId()}
	slices.Sort(want)
	for i, r := range rs {
		got := r.roster(t)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("replica %d roster after the outage: got %v, want %v", i, got, want)
		}
	}
	if _, err := client(a.env.Owner()).ListReceipts(ctx, &presencev1.ListReceiptsRequest{Brain: "alpha"}); err != nil {
		t.Errorf("ledger after the outage: got %v, want it readable", err)
	}
}
