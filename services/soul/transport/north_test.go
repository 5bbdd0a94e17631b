package transport_test

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/store"
	"github.com/organism-dev/organism/services/soul/transport"
)

var t0 = time.Date(2026, 7, 6, 9, 0, 0, 0, time.UTC)

// oneBrain resolves a single brain to a directory holding its soul.
type oneBrain struct{ root string }

func (b oneBrain) Brain(_ context.Context, name string) (domain.Brain, error) {
	return domain.Brain{Name: name, RepoRoot: b.root, SoulPath: "PATHOS.md"}, nil
}

type ids struct{ n int }

func (i *ids) New(prefix string) string { i.n++; return prefix + "_" + strings.Repeat("x", i.n) }

// receiptStore wraps the real store: LastReceipt can hang until its context ends, or fail; every
// AppendReceipt is counted, so a north call that writes a receipt shows.
type receiptStore struct {
	*store.Store
	mode    string // "", "hang", "fail"
	appends int
}

func (s *receiptStore) LastReceipt(ctx context.Context, brain, kind string) (domain.Receipt, bool, error) {
	switch s.mode {
	case "hang":
		<-ctx.Done()
		return domain.Receipt{}, false, ctx.Err()
	case "fail":
		return domain.Receipt{}, false, errors.New("disk on fire")
	}
	return s.Store.LastReceipt(ctx, brain, kind)
}

func (s *receiptStore) AppendReceipt(ctx context.Context, r domain.Receipt) error {
	s.appends++
	return s.Store.AppendReceipt(ctx, r)
}

// openNorth serves an organ whose check would fail loudly (no repository opener works), so an
// atom with a receipt can only have read it.
func openNorth(t *testing.T, mode string, seed *domain.Receipt) (soulv1.SoulServiceClient, *clock.Fake, *receiptStore) {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "PATHOS.md"), []byte("# Loja sells shoes\n\n## Current State\n\n- `main.go` serves.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if seed != nil {
		if err := st.AppendReceipt(context.Background(), *seed); err != nil {
			t.Fatal(err)
		}
	}
	rs := &receiptStore{Store: st, mode: mode}
	clk := clock.NewFake(t0)
	organ, err := domain.NewOrgan(domain.OrganOptions{
		Brains: oneBrain{root}, Store: rs, Clock: clk, IDs: &ids{},
		Open: func(context.Context, string) (engine.Repo, error) {
			return nil, errors.New("a north atom must not check")
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := transport.New(organ, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})))
	env := grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) { soulv1.RegisterSoulServiceServer(r, srv) })
	return soulv1.NewSoulServiceClient(env.Agent("agent-7", "curator", "loja")), clk, rs
}

func TestNorthAtomNeverBlocksNorWritesReceipts(t *testing.T) {
	seed := &domain.Receipt{ID: "rcpt_1", Brain: "loja", Kind: domain.ReceiptCheck, At: t0.Add(-time.Hour), Line: "soul: checked 2026-07-06 @abc1234 · 3 fresh"}
	tests := []struct {
		name        string
		mode        string
		seed        *domain.Receipt
		advance     bool // the store hangs: move the fake clock past the deadline
		wantReceipt string
		wantGap     string
	}{
		{"last_receipt_read", "", seed, false, seed.Line, ""},
		{"no_receipt_says_so", "", nil, false, "", "soul never checked"},
		{"failing_store_is_a_gap", "fail", seed, false, "", "soul receipt unavailable"},
		{"slow_store_gives_way_at_the_deadline", "hang", seed, true, "", "soul receipt not read in time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			client, clk, rs := openNorth(t, tc.mode, tc.seed)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			type answer struct {
				resp *soulv1.NorthAtomResponse
				err  error
			}
			done := make(chan answer, 1)
			go func() {
				r, err := client.NorthAtom(ctx, &soulv1.NorthAtomRequest{Brain: "loja"})
				done <- answer{r, err}
			}()
			if tc.advance {
				clk.BlockUntil(1) // the deadline timer is armed
				clk.Advance(domain.DefaultNorthDeadline)
			}
			var a answer
			select {
			case a = <-done:
			case <-ctx.Done():
				t.Fatal("NorthAtom: got no answer, want one bounded by the north deadline")
			}
			if a.err != nil {
				t.Fatalf("NorthAtom: got %v, want an atom (orientation never fails on the soul)", a.err)
			}
			if got := a.resp.GetSoul().GetHeadline(); got != "Loja sells shoes" {
				t.Errorf("headline: got %q, want %q", got, "Loja sells shoes")
			}
			if got := a.resp.GetSoul().GetReceipt(); got != tc.wantReceipt {
				t.Errorf("receipt: got %q, want %q", got, tc.wantReceipt)
			}
			gaps := strings.Join(a.resp.GetHonestGaps(), "; ")
			if tc.wantGap == "" && gaps != "" || !strings.Contains(gaps, tc.wantGap) {
				t.Errorf("gaps: got %q, want %q", gaps, tc.wantGap)
			}
			if rs.appends != 0 {
				t.Errorf("receipts written by NorthAtom: got %d, want 0 (never in the asker's name)", rs.appends)
			}
		})
	}
}
