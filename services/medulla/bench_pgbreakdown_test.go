package medulla_test

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/organism-dev/organism/platform/benchfig"
)

// BenchmarkPostgresMemorizeBreakdown: the 32-writer storm on PostgreSQL alone, and where its
// time goes per memorize: this process's CPU (the writers, the rules, the store), the server's
// CPU (every process of the package's PostgreSQL, the exited ones through the postmaster's
// children's times), the machine's busy share of its cores, and from the server's own counters
// the WAL fsyncs (one per batch, so the batch size), records, bytes and writes. Which of those is near its
// ceiling says what bounds the rate: CPU when the machine is busy, the serial path (the brain's
// lock, the flush, the fsync) when it is not.
//
// MEDULLA_BENCH_PG names another server instead (a DSN of a database that may be written), for
// example one started by hand with shared_preload_libraries=pg_stat_statements; its statements'
// counts and times are then logged too. Its processes are counted as the server's.
func BenchmarkPostgresMemorizeBreakdown(b *testing.B) {
	n := max(b.N, 20000)
	sel := os.Getenv("MEDULLA_BENCH_PG")
	if sel == "" {
		sel = pg.Database(b)
	}
	svc, done := openBackendDSN(b, sel)
	defer done()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, sel)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	statements := statementsOn(ctx, conn)
	var backend int
	if err := conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		b.Fatal(err)
	}
	postmaster := parentOf(backend)

	counters := func() serverCounters { return readCounters(b, ctx, conn) }
	c0 := counters()
	srv0, cpu0 := benchfig.PostgresCPU(postmaster), benchfig.ProcessCPU()
	busy0, all0 := machineTicks()
	start := time.Now()
	rate := storm(b, svc, n, "breakdown")
	wall := time.Since(start)
	srv, cpu, c := benchfig.PostgresCPU(postmaster)-srv0, benchfig.ProcessCPU()-cpu0, counters()
	busy, all := machineTicks()

	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(n) }
	// Every batch ends in one COMMIT and so one WAL fsync; the commits also count the reads a
	// batch makes ahead outside its transaction, so the fsyncs count the batches (the WAL
	// writer's own fsyncs add a few).
	syncs := float64(c.syncs - c0.syncs)
	b.ReportMetric(rate, "memorize/s")
	b.ReportMetric(per(cpu), "client-cpu-µs/op")
	b.ReportMetric(per(srv), "server-cpu-µs/op")
	b.ReportMetric((float64(cpu)+float64(srv))/float64(wall), "cores-used")
	b.ReportMetric(float64(runtime.NumCPU())*(busy-busy0)/(all-all0), "machine-cores-busy")
	b.ReportMetric(float64(n)/syncs, "memorize/wal-sync")
	b.ReportMetric(float64(c.commits-c0.commits)/syncs, "commits/wal-sync")
	b.ReportMetric(float64(c.writes-c0.writes)/syncs, "wal-writes/wal-sync")
	b.ReportMetric(float64(c.records-c0.records)/float64(n), "wal-records/op")
	b.ReportMetric(float64(c.bytes-c0.bytes)/float64(n), "wal-bytes/op")
	b.ReportMetric(float64(wall.Microseconds())/float64(c.syncs-c0.syncs), "wall-µs/wal-sync")
	if c.syncMS > c0.syncMS {
		b.ReportMetric(1000*(c.syncMS-c0.syncMS)/float64(c.syncs-c0.syncs), "µs/wal-sync")
	}
	if statements {
		logStatements(b, ctx, conn, n)
	}
}

// serverCounters are the server's cumulative counters the breakdown reads before and after.
type serverCounters struct {
	commits, records, bytes, writes, syncs int64
	// syncMS is the time spent in WAL fsyncs (0 unless track_wal_io_timing is on).
	syncMS float64
}

func readCounters(b *testing.B, ctx context.Context, conn *pgx.Conn) serverCounters {
	b.Helper()
	var c serverCounters
	// Statistics are flushed by each backend at most once a second; ask for them fresh.
	if _, err := conn.Exec(ctx, `SELECT pg_stat_clear_snapshot()`); err != nil {
		b.Fatal(err)
	}
	time.Sleep(1100 * time.Millisecond)
	err := conn.QueryRow(ctx, `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()),
		wal_records, wal_bytes::bigint, wal_write, wal_sync, wal_sync_time FROM pg_stat_wal`).Scan(&c.commits, &c.records, &c.bytes, &c.writes, &c.syncs, &c.syncMS)
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// statementsOn resets pg_stat_statements when the server has it loaded, and says whether it has.
func statementsOn(ctx context.Context, conn *pgx.Conn) bool {
	if _, err := conn.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pg_stat_statements`); err != nil {
		return false
	}
	_, err := conn.Exec(ctx, `SELECT pg_stat_statements_reset()`)
	return err == nil
}

// logStatements logs the statements that took the server's time, per memorize.
func logStatements(b *testing.B, ctx context.Context, conn *pgx.Conn, n int) {
	rows, err := conn.Query(ctx, `SELECT calls, total_exec_time, left(regexp_replace(query, '\s+', ' ', 'g'), 90)
		FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
		ORDER BY total_exec_time DESC LIMIT 25`)
	if err != nil {
		b.Logf("pg_stat_statements: %v", err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var calls int64
		var ms float64
		var q string
		if err := rows.Scan(&calls, &ms, &q); err != nil {
			b.Fatal(err)
		}
		b.Logf("%8d calls %8.1f µs/call %6.1f µs/memorize  %s", calls, 1000*ms/float64(calls), 1000*ms/float64(n), q)
	}
}

// parentOf is pid's parent process.
func parentOf(pid int) int {
	raw, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	s := string(raw)
	if end := strings.LastIndexByte(s, ')'); end >= 0 {
		if f := strings.Fields(s[end+1:]); len(f) > 1 {
			ppid, _ := strconv.Atoi(f[1])
			return ppid
		}
	}
	return 0
}

// machineTicks is the machine's busy and total CPU ticks so far (/proc/stat).
func machineTicks() (busy, all float64) {
	raw, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 1
	}
	f := strings.Fields(strings.SplitN(string(raw), "\n", 2)[0])[1:]
	for i, v := range f {
		x, _ := strconv.ParseFloat(v, 64)
		if i < 8 {
			all += x
			if i != 3 && i != 4 {
				busy += x
			}
		}
	}
	return busy, all
}
