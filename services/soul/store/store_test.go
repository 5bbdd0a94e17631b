package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/store"
)

var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

// opener makes a store on fresh state; the conformance suite runs once per backend.
type opener func(t *testing.T) *store.Store

func openSQLite(t *testing.T) *store.Store {
	t.Helper()
	return keep(t)(store.OpenFor(context.Background(), "sqlite", t.TempDir()))
}

func openPostgres(t *testing.T) *store.Store {
	t.Helper()
	return keep(t)(store.OpenFor(context.Background(), pg.Database(t), ""))
}

func keep(t *testing.T) func(*store.Store, error) *store.Store {
	return func(s *store.Store, err error) *store.Store {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

func TestConformanceSQLite(t *testing.T)   { conformance(t, openSQLite) }
func TestConformancePostgres(t *testing.T) { conformance(t, openPostgres) }

func conformance(t *testing.T, open opener) {
	t.Run("receipts page newest first per brain", func(t *testing.T) { receiptsPageNewestFirstPerBrain(t, open) })
	t.Run("receipt errors", func(t *testing.T) { receiptErrors(t, open) })
	t.Run("tissue maps", func(t *testing.T) { tissueMaps(t, open) })
}

func receipt(id, brain, kind string, at time.Time) domain.Receipt {
	return domain.Receipt{ID: id, Brain: brain, Kind: kind, At: at, Line: "soul: checked " + id, RepoSHA: "abc1234",
		ByState: engine.ByState{Fresh: 3, Stale: 1}, Declared: 2, By: principal.Principal{AgentID: "agent-7", Origin: principal.OriginAgent}, Verdict: "stale"}
}

func receiptsPageNewestFirstPerBrain(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	t0 := time.Date(2026, 7, 6, 9, 0, 0, 0, time.UTC)
	for i := 0; i < 5; i++ {
		if err := s.AppendReceipt(ctx, receipt(fmt.Sprintf("r%d", i), "loja", domain.ReceiptCheck, t0.Add(time.Duration(i)*time.Minute))); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendReceipt(ctx, receipt("other", "casa", domain.ReceiptCheck, t0)); err != nil {
		t.Fatal(err)
	}
	var got []string
	cursor := ""
	for pages := 1; ; pages++ {
		if pages > 10 {
			t.Fatalf("paging: still going after %d pages, want the end after 3 (got %v)", pages-1, got)
		}
		page, next, err := s.ListReceipts(ctx, "loja", 2, cursor)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range page {
			got = append(got, r.ID)
		}
		if next == "" {
			break
		}
		cursor = next
	}
	if want := "[r4 r3 r2 r1 r0]"; fmt.Sprint(got) != want {
		t.Errorf("pages: got %v, want %s", got, want)
	}
	last, ok, err := s.LastReceipt(ctx, "loja", domain.ReceiptCheck)
	if err != nil || !ok {
		t.Fatalf("last: got %v %v", ok, err)
	}
	if last.ID != "r4" || last.ByState.Fresh != 3 || last.By.AgentID != "agent-7" || last.By.Origin != principal.OriginAgent || !last.At.Equal(t0.Add(4*time.Minute)) {
		t.Errorf("last: got %+v, want r4 as stored", last)
	}
	if _, ok, _ := s.LastReceipt(ctx, "loja", domain.ReceiptSeatCheck); ok {
		t.Errorf("last seat check: got one, want none")
	}
}

func receiptErrors(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	r := receipt("dup", "loja", domain.ReceiptCheck, time.Now())
	if err := s.AppendReceipt(ctx, r); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"duplicate id", s.AppendReceipt(ctx, r), store.ErrDuplicate},
		{"bad cursor", second(s.ListReceipts(ctx, "loja", 10, "not-a-number")), domain.ErrBadPageToken},
		{"negative cursor", second(s.ListReceipts(ctx, "loja", 10, "-4")), domain.ErrBadPageToken},
	}
	for _, tc := range tests {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, tc.err, tc.want)
		}
	}
}

func second(_ []domain.Receipt, _ string, err error) error { return err }

func tissueMaps(t *testing.T, open opener) {
	s := open(t)
	ctx := context.Background()
	if got, err := s.Tissues(ctx, "loja"); err != nil || len(got) != 0 {
		t.Fatalf("unset: got %v %v, want empty", got, err)
	}
	if err := s.PutTissues(ctx, "loja", map[string]string{"ideas": "verifiable"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s.PutTissues(ctx, "loja", map[string]string{"ideas": "declared", "lab": "history"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	got, err := s.Tissues(ctx, "loja")
	if err != nil || got["ideas"] != "declared" || got["lab"] != "history" || len(got) != 2 {
		t.Errorf("replaced: got %v %v, want the second map whole", got, err)
	}
	if err := s.PutTissues(ctx, "loja", nil, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Tissues(ctx, "loja"); len(got) != 0 {
		t.Errorf("cleared: got %v, want empty", got)
	}
}

// Two soul replicas on one database: receipts appended through either are listed by both, in
// one order, and a receipt id stays unique across them.
func TestTwoReplicasShareOneLedger(t *testing.T) {
	dsn := pg.Database(t)
	a := keep(t)(store.OpenFor(context.Background(), dsn, ""))
	b := keep(t)(store.OpenFor(context.Background(), dsn, ""))
	ctx := context.Background()
	t0 := time.Date(2026, 7, 6, 9, 0, 0, 0, time.UTC)
	const each = 20
	errs := make(chan error, 2*each)
	for i := range each {
		go func() {
			errs <- a.AppendReceipt(ctx, receipt(fmt.Sprintf("a%02d", i), "loja", domain.ReceiptCheck, t0))
		}()
		go func() {
			errs <- b.AppendReceipt(ctx, receipt(fmt.Sprintf("b%02d", i), "loja", domain.ReceiptCheck, t0))
		}()
	}
	for range 2 * each {
		if err := <-errs; err != nil {
			t.Fatalf("append: %v", err)
		}
	}
	if err := b.AppendReceipt(ctx, receipt("a07", "loja", domain.ReceiptCheck, t0)); !errors.Is(err, store.ErrDuplicate) {
		t.Errorf("a07 again through the other replica: got %v, want %v", err, store.ErrDuplicate)
	}
	fromA, _, errA := a.ListReceipts(ctx, "loja", 100, "")
	fromB, _, errB := b.ListReceipts(ctx, "loja", 100, "")
	if errA != nil || errB != nil {
		t.Fatalf("list: %v, %v", errA, errB)
	}
	ids := func(rs []domain.Receipt) string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return fmt.Sprint(out)
	}
	if len(fromA) != 2*each || ids(fromA) != ids(fromB) {
		t.Errorf("replicas' lists: got %d through a and %s vs %s, want %d in one order", len(fromA), ids(fromA), ids(fromB), 2*each)
	}
}

func TestOpenForRefusesAnUnknownStore(t *testing.T) {
	for _, sel := range []string{"mysql://x", "sqlite3", "file:soul.db"} {
		if _, err := store.OpenFor(context.Background(), sel, t.TempDir()); err == nil {
			t.Errorf("OpenFor(%q): got nil error, want a refusal", sel)
		}
	}
}
