package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/mission/domain"
)

// TestPostgresBoardCursorsNeverOvertake: board cursors on PostgreSQL are numbered without a
// board-wide lock, so a transaction that began first may commit last. A reader on another
// replica must then return neither the younger transaction's event alone (its cursor would be
// passed, and the older one's, smaller, never read) nor skip anything: it waits for the older
// transaction, and then returns both in cursor order, the older first.
func TestPostgresBoardCursorsNeverOvertake(t *testing.T) {
	ctx := context.Background()
	dsn := pg.Database(t)
	a, b := openPG(t, dsn), openPG(t, dsn)
	newChain(t, a, "older")
	newChain(t, a, "younger")
	base, err := b.Events(ctx, "alpha", 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(base) != 2 {
		t.Fatalf("got %d opening events, want 2", len(base))
	}
	after := base[len(base)-1].Cursor

	write, end, err := a.HoldEventTx(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer end(false)
	if _, err := b.Append(ctx, appendAt("younger", "younger-2", 1)); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name      string
		before    func() error
		wantErr   error
		wantOrder []string
	}{
		{name: "while the older transaction runs, the younger's committed event is held back",
			before: func() error {
				return write(domain.BoardEvent{MissionID: "older", Brain: "alpha", Seq: 2, Kind: domain.EventLetter})
			},
			// Holding back is waiting: the reader's own deadline ends the wait.
			wantErr: context.DeadlineExceeded},
		{name: "once the older transaction commits, both come, the older first",
			before:    func() error { return end(true) },
			wantOrder: []string{"older", "younger"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.before(); err != nil {
				t.Fatal(err)
			}
			wait := 20 * time.Second
			if tc.wantErr != nil {
				wait = 300 * time.Millisecond
			}
			rctx, cancel := context.WithTimeout(ctx, wait)
			defer cancel()
			evs, err := b.Events(rctx, "alpha", after, 100)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("got events %v, error %v; want error %v", evs, err, tc.wantErr)
			}
			if len(evs) != len(tc.wantOrder) {
				t.Fatalf("got %d events %v, want %v", len(evs), evs, tc.wantOrder)
			}
			for i, ev := range evs {
				if ev.MissionID != tc.wantOrder[i] {
					t.Fatalf("event %d: got %s, want %s", i, ev.MissionID, tc.wantOrder[i])
				}
				if ev.Cursor <= after {
					t.Fatalf("event %d: got cursor %d, want after %d", i, ev.Cursor, after)
				}
				after = ev.Cursor
			}
		})
	}
}
