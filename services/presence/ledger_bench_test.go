package presence_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/services/presence"
)

// BenchmarkLedgerGRPC measures what a receipt costs through the real client and interceptor
// chain (bufconn): "register" is an upsert that writes its commit receipt in the same
// transaction as the presence and its event (the baseline); "refused" is an outsider's
// FOREIGN_BRAIN register repeated inside the refusal window, which coalesces into one receipt
// (one UPDATE). Figure: us/op of each and refused's ratio to register, so a hostile caller's
// cost to the service is read against an honest write's.
func BenchmarkLedgerGRPC(b *testing.B) {
	svc, err := presence.Open(context.Background(), presence.Options{DataDir: b.TempDir(), Logger: slog.New(slog.DiscardHandler),
		SweepInterval: -1, FlushInterval: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer svc.Close()
	env := grpctest.Start(b, grpctest.Options{}, svc.Register)
	ada := client(env.Agent("ada", "executor", "alpha"))
	bo := client(env.Agent("bo", "executor", "beta"))
	p, err := ada.Register(ctx, mutate("src/"))
	if err != nil {
		b.Fatal(err)
	}
	upsert := mutate("src/")
	upsert.PresenceId = p.GetPresence().GetPresenceId()
	foreign := mutate("src/")
	foreign.Brain = "alpha"

	perOp := map[string]float64{}
	for _, bc := range []struct {
		name string
		call func() error
	}{
		{"register", func() error { _, err := ada.Register(ctx, upsert); return err }},
		{"refused", func() error {
			if _, err := bo.Register(ctx, foreign); err == nil {
				b.Fatal("foreign register: got no refusal, want FOREIGN_BRAIN")
			}
			return nil
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			start := time.Now()
			for b.Loop() {
				if err := bc.call(); err != nil {
					b.Fatal(err)
				}
			}
			us := float64(time.Since(start).Microseconds()) / float64(b.N)
			perOp[bc.name] = us
			b.ReportMetric(us, "us/op")
			if base := perOp["register"]; bc.name == "refused" && base > 0 {
				b.ReportMetric(us/base, "x-register")
			}
		})
	}
	if _, err := bo.ListReceipts(ctx, &presencev1.ListReceiptsRequest{}); err != nil {
		b.Fatal(err)
	}
}
