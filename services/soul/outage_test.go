package soul_test

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/pgtest"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul"
)

var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

// newFixtureOn is newFixture with the receipts in the PostgreSQL database dsn names.
func newFixtureOn(t *testing.T, dsn string) *fixture {
	t.Helper()
	f := &fixture{t: t, clock: clock.NewFake(t0), registry: &registry{brains: map[string]*medullav1.Brain{}}}
	lazy := &lazyMedulla{}
	svc, err := soul.Open(context.Background(), soul.Options{Store: dsn, Clock: f.clock, Medulla: lazy, IDs: &seqIDs{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	f.env = grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		medullav1.RegisterMedullaServiceServer(r, f.registry)
		svc.Register(r)
	})
	lazy.MedullaServiceClient = medullav1.NewMedullaServiceClient(f.env.Conn(auth.Credentials{}))
	f.owner = soulv1.NewSoulServiceClient(f.env.Owner())
	f.agent = f.agentIn("agent-7", "loja")
	f.repo = writeRepo(t, t.TempDir(), smallSoul)
	f.register("loja", f.repo, "docs/PATHOS.md")
	return f
}

// While PostgreSQL is down, a call that must reach the receipts (recording a check, listing the
// ledger, a read that shows the last check) is answered UNAVAILABLE with reason
// STORE_UNAVAILABLE, never a bare Internal; once the server is back the soul serves again by
// itself, with no restart, and the receipt written before the outage is still there.
func TestPostgresOutageIsStoreUnavailable(t *testing.T) {
	f := newFixtureOn(t, pg.Database(t))
	before, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"})
	if err != nil {
		t.Fatalf("check before the outage: %v", err)
	}

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
		{"check", func() error { _, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"}); return err }},
		{"receipts", func() error {
			_, err := f.agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "loja"})
			return err
		}},
		{"read", func() error { _, err := f.agent.ReadSoul(ctx(), &soulv1.ReadSoulRequest{Brain: "loja"}); return err }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			code, reason, _ := refusalOf(t, c.call())
			if code != codes.Unavailable || reason != "STORE_UNAVAILABLE" {
				t.Fatalf("during the outage: got %s %q, want Unavailable STORE_UNAVAILABLE", code, reason)
			}
		})
	}

	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	resumed = true
	// The pool holds connections the restart killed; a caller retrying after STORE_UNAVAILABLE
	// gets through once they are replaced. Bounded, so a soul that never recovers fails fast.
	var list *soulv1.ListReceiptsResponse
	deadline := time.Now().Add(30 * time.Second)
	for list == nil {
		res, err := f.agent.ListReceipts(ctx(), &soulv1.ListReceiptsRequest{Brain: "loja"})
		switch {
		case err == nil:
			list = res
		case time.Now().After(deadline):
			t.Fatalf("receipts after the restart: still %v after 30s", err)
		default:
			if code, reason, _ := refusalOf(t, err); reason != "STORE_UNAVAILABLE" {
				t.Fatalf("receipts after the restart: got %s %q, want success (or STORE_UNAVAILABLE while the pool reconnects)", code, reason)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if got := list.GetReceipts(); len(got) != 1 || got[0].GetReceiptId() != before.GetReceipt().GetReceiptId() {
		t.Errorf("receipts after the outage: got %v, want exactly the check recorded before it (%s)", got, before.GetReceipt().GetReceiptId())
	}
	if _, err := f.agent.CheckSoul(ctx(), &soulv1.CheckSoulRequest{Brain: "loja"}); err != nil {
		t.Errorf("check after the outage: got %v, want it recorded", err)
	}
}
