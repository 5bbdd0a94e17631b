package store_test

import (
	"context"
	"os"
	"sync/atomic"
	"testing"

	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

// serialAppends is the work benchmark's count: one writer, so each is its own group commit.
const serialAppends = 2000

// BenchmarkAppendWork measures the work one append costs, not how long it waits: one writer
// posts serialAppends letters round-robin over the 100 chains through PostLetter, so every
// group holds one append on both backends, and the CPU this process and the PostgreSQL
// server spent is divided by the appends. Unlike the open-loop p99 it barely moves with the
// machine's load (CPU time, not wall time, and no group size that load inflates), so it shows
// whether a change made an append cheaper. x-pg-vs-sqlite-cpu is PostgreSQL's total (both
// processes) over SQLite's.
func BenchmarkAppendWork(b *testing.B) {
	lite, liteIDs := benchService(b, store.Options{Synchronous: sqlitedb.SyncFull})
	liteGo, _ := serialRun(b, lite, liteIDs)
	dsn := pgDurable.Database(b)
	one, oneIDs := benchServiceOn(b, openPG(b, dsn))
	pgGo, pgServer := serialRun(b, one, oneIDs)
	b.ReportMetric(liteGo, "sqlite-cpu-us/append")
	b.ReportMetric(pgGo, "pg-go-cpu-us/append")
	b.ReportMetric(pgServer, "pg-server-cpu-us/append")
	b.ReportMetric((pgGo+pgServer)/liteGo, "x-pg-vs-sqlite-cpu")
	reportLoad(b)
}

// serialRun appends serialAppends letters one after another and returns the CPU per append
// of this process and of its PostgreSQL servers, in microseconds.
func serialRun(b *testing.B, svc *domain.Service, ids []string) (goUS, pgUS float64) {
	ctx := context.Background()
	heads := make([]int64, len(ids))
	for i := range heads {
		heads[i] = 1
	}
	var lost atomic.Int64
	b.ResetTimer()
	self0, pg0 := benchfig.ProcessCPU(), benchfig.PostgresCPU(os.Getpid())
	for n := range serialAppends {
		i := n % len(ids)
		if err := appendOne(ctx, svc, ids[i], &heads[i], &lost); err != nil {
			b.Fatal(err)
		}
	}
	self1, pg1 := benchfig.ProcessCPU(), benchfig.PostgresCPU(os.Getpid())
	b.StopTimer()
	per := func(d float64) float64 { return d * 1000 / serialAppends }
	return per(ms(self1 - self0)), per(ms(pg1 - pg0))
}
