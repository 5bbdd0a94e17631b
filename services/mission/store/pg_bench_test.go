package store_test

import (
	"testing"

	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

// pgDurable is the benchmarks' PostgreSQL: fsync on, so a COMMIT waits for the disk as
// SQLite's synchronous=FULL does, and the two backends are compared on the same promise.
var pgDurable = pgtest.New(pgtest.Options{Durable: true})

// pgBench opens replicas mission stores on one fresh database of the durable server and a
// domain over each; the benchmark's chains are opened through the first.
func pgBench(b *testing.B, replicas int) ([]*domain.Service, []string) {
	b.Helper()
	dsn := pgDurable.Database(b)
	var svcs []*domain.Service
	var ids []string
	for i := range replicas {
		st := openPG(b, dsn)
		if i == 0 {
			var svc *domain.Service
			svc, ids = benchServiceOn(b, st)
			svcs = append(svcs, svc)
			continue
		}
		svcs = append(svcs, benchDomain(b, st))
	}
	return svcs, ids
}

// BenchmarkAppendBackends puts the two backends side by side in one run, through PostLetter
// (every gate, the head CAS, the group writer) on 100 chains: SQLite (synchronous FULL),
// PostgreSQL with one replica, and PostgreSQL with two replicas sharing the database (each
// serving half the chains). The goal is PostgreSQL within 2x of SQLite per replica:
// x-pg-vs-sqlite is PostgreSQL's figure over SQLite's (appends/s: higher is better, so >= 0.5
// meets it; p99: lower is better, so <= 2 meets it). x-pg-2-replicas-vs-1 compares two
// replicas with one (appends/s: above 1 means the second replica adds throughput; p99: below
// 1 means it shortens the tail). The machine's load average is printed beside them: on a
// shared machine the figures move with it.
func BenchmarkAppendBackends(b *testing.B) {
	b.Run("closed-loop", func(b *testing.B) {
		lite, liteIDs := benchService(b, store.Options{Synchronous: sqlitedb.SyncFull})
		liteRate, liteP99, _ := runAppends(b, lite, liteIDs, 1)
		one, oneIDs := pgBench(b, 1)
		pgRate, pgP99, _ := runAppendsOn(b, one, oneIDs, 1)
		two, twoIDs := pgBench(b, 2)
		twoRate, twoP99, _ := runAppendsOn(b, two, twoIDs, 1)
		b.ReportMetric(liteRate, "sqlite-appends/s")
		b.ReportMetric(pgRate, "pg-appends/s")
		b.ReportMetric(twoRate, "pg-2-replicas-appends/s")
		b.ReportMetric(pgRate/liteRate, "x-pg-vs-sqlite")
		b.ReportMetric(twoRate/liteRate, "x-pg-2-replicas-vs-sqlite")
		b.ReportMetric(twoRate/pgRate, "x-pg-2-replicas-vs-1")
		b.ReportMetric(ms(liteP99), "sqlite-p99-ms")
		b.ReportMetric(ms(pgP99), "pg-p99-ms")
		b.ReportMetric(ms(twoP99), "pg-2-replicas-p99-ms")
		reportLoad(b)
	})
	b.Run("open-loop-3000/s", func(b *testing.B) {
		lite, liteIDs := benchService(b, store.Options{Synchronous: sqlitedb.SyncFull})
		liteRun := paced(b, lite, liteIDs, 3000)
		one, oneIDs := pgBench(b, 1)
		pgRun := pacedOn(b, one, oneIDs, 3000)
		two, twoIDs := pgBench(b, 2)
		twoRun := pacedOn(b, two, twoIDs, 3000)
		b.ReportMetric(ms(liteRun.p99), "sqlite-p99-ms")
		b.ReportMetric(ms(pgRun.p99), "pg-p99-ms")
		b.ReportMetric(ms(twoRun.p99), "pg-2-replicas-p99-ms")
		b.ReportMetric(ms(pgRun.p99)/ms(liteRun.p99), "x-pg-vs-sqlite-p99")
		b.ReportMetric(ms(twoRun.p99)/ms(liteRun.p99), "x-pg-2-replicas-vs-sqlite-p99")
		b.ReportMetric(ms(twoRun.p99)/ms(pgRun.p99), "x-pg-2-replicas-vs-1-p99")
		b.ReportMetric(ms(liteRun.p50), "sqlite-p50-ms")
		b.ReportMetric(ms(pgRun.p50), "pg-p50-ms")
		b.ReportMetric(ms(twoRun.p50), "pg-2-replicas-p50-ms")
		b.ReportMetric(pgRun.offered, "pg-offered-appends/s")
		b.ReportMetric(float64(pgRun.late+twoRun.late+liteRun.late), "behind-schedule")
		reportLoad(b)
	})
}

func reportLoad(b *testing.B) {
	if load, ok := loadAverage(); ok {
		b.ReportMetric(load, "loadavg-1m")
	}
}
