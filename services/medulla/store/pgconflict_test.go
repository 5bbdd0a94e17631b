package store

import (
	"context"
	"errors"
	"testing"

	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// TestPostgresFlushRefusesAStaleSupersession attacks per-slug serialization at its last line,
// flush_batch: a replica's memory of a slug holds while the brain's write count stands still,
// so a hand that supersedes the live version behind the store's back (raw SQL, an older
// binary, an operator's tool) leaves the replica sure that version is still live. Its next
// write must then be refused with ErrConflict (SQLSTATE MD409 from flush_batch's conditional
// UPDATE), and nothing of it kept: no second live version, no fork, no receipt.
func TestPostgresFlushRefusesAStaleSupersession(t *testing.T) {
	ctx := context.Background()
	s := openPostgresAt(t, pg.Database(t), true)
	for _, body := range []string{"one", "two"} {
		if err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", body) }); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE claim_versions SET superseded_at = 1
		WHERE brain = 'loja' AND slug = 'hot' AND superseded_at IS NULL`); err != nil {
		t.Fatal(err)
	}

	err := s.Write(ctx, func(tx domain.Tx) error { return write(tx, "hot", "three") })
	if !errors.Is(err, domain.ErrConflict) || pgdb.Code(err) != pgConflictCode {
		t.Fatalf("got %v (SQLSTATE %q), want %v from flush_batch (SQLSTATE %s)", err, pgdb.Code(err), domain.ErrConflict, pgConflictCode)
	}
	forgetCache(s)
	hist, err := s.History(ctx, "loja", "hot")
	if err != nil || len(hist) == 0 {
		t.Fatalf("got history %v (%v), want v1 and v2", hist, err)
	}
	rs, err := s.Receipts(ctx, "loja", 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	refusedReceipt := false
	for _, r := range rs {
		refusedReceipt = refusedReceipt || r.ID == "r-hot-3"
	}
	cases := []struct {
		name      string
		got, want any
	}{
		{"versions kept", len(hist), 2},
		{"no live version appeared", hist[len(hist)-1].Live(), false},
		{"the refused write's receipt stored", refusedReceipt, false},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
