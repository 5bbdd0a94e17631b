package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/store"
)

func open(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func receipt(id, brain, kind string, at time.Time) domain.Receipt {
	return domain.Receipt{ID: id, Brain: brain, Kind: kind, At: at, Line: "soul: checked " + id, RepoSHA: "abc1234",
		ByState: domain.ByState{Fresh: 3, Stale: 1}, Declared: 2, By: principal.Principal{AgentID: "agent-7", Origin: principal.OriginAgent}, Verdict: "stale"}
}

func TestReceiptsPageNewestFirstPerBrain(t *testing.T) {
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

func TestReceiptErrors(t *testing.T) {
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

func TestTissueMaps(t *testing.T) {
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
