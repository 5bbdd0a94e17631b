package store_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

// timedStore times the domain's reads of a mission and its appends, per chain (one append in
// flight per chain in the open loop, so the chain names the append).
type timedStore struct {
	domain.Store
	mu     sync.Mutex
	read   map[string]time.Duration
	append map[string]time.Duration
}

func (s *timedStore) Mission(ctx context.Context, id string) (domain.Mission, error) {
	t0 := time.Now()
	m, err := s.Store.Mission(ctx, id)
	s.mu.Lock()
	s.read[id] += time.Since(t0)
	s.mu.Unlock()
	return m, err
}

func (s *timedStore) Append(ctx context.Context, a domain.Append) (domain.Mission, error) {
	t0 := time.Now()
	m, err := s.Store.Append(ctx, a)
	s.mu.Lock()
	s.append[a.Letter.MissionID] += time.Since(t0)
	s.mu.Unlock()
	return m, err
}

// walStats is the server's WAL flushes (fsyncs) and bytes so far, from pg_stat_wal.
func walStats(b *testing.B, dsn string) (syncs, bytes int64) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if err := db.QueryRow(`SELECT wal_sync, wal_bytes::bigint FROM pg_stat_wal`).Scan(&syncs, &bytes); err != nil {
		b.Fatal(err)
	}
	return syncs, bytes
}

// tailSample is one append's latency and where it went.
type tailSample struct {
	total, read, append time.Duration
	st                  store.AppendStages
}

// BenchmarkAppendTail explains PostgreSQL's open-loop p99 at 3,000/s (one replica): for the
// slowest 1% of appends it reports the mean time spent reading the mission, waiting for the
// writer (queue), for a pooled connection (acquire), in the append's statement and COMMIT
// (exec, commit), handing the acknowledgement back (ack), and in the domain around them
// (other); beside them the same for the median append, the mean group size and the mean
// NOTIFY. SQLite has no stages to trace, so its "ack" is its whole Store.Append. Figures, not
// assertions: it is a diagnosis (services/mission/README.md, Figures, reads them).
func BenchmarkAppendTail(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "mission.db"), store.Options{Synchronous: sqlitedb.SyncFull})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		tailRun(b, st, nil, "")
	})
	b.Run("postgres", func(b *testing.B) {
		dsn := pgDurable.Database(b)
		pg := openPG(b, dsn)
		tailRun(b, pg, pg, dsn)
	})
}

// tailRun offers appends to st at 3,000/s and reports where the slowest 1% spent their
// time; pg is st when st is the PostgreSQL store on dsn (its writer's stages are traced then).
func tailRun(b *testing.B, st domain.Store, pg *store.PG, dsn string) {
	ts := &timedStore{Store: st, read: map[string]time.Duration{}, append: map[string]time.Duration{}}
	var stMu sync.Mutex
	stages := map[string]store.AppendStages{}
	var notifies, notifyNs atomic.Int64
	if pg != nil {
		pg.TraceAppends(func(s store.AppendStages) {
			stMu.Lock()
			stages[s.Mission] = s
			stMu.Unlock()
		})
		pg.NotifyTrace(func(d time.Duration) { notifies.Add(1); notifyNs.Add(int64(d)) })
	}
	svc, ids := benchServiceOn(b, ts)
	total := workload(b)
	queues := make([]chan time.Time, len(ids))
	samples := make([][]tailSample, len(ids))
	var wg sync.WaitGroup
	var lost atomic.Int64
	for i := range ids {
		queues[i] = make(chan time.Time, total/len(ids)+2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			head, id := int64(1), ids[i]
			for sent := range queues[i] {
				ts.mu.Lock()
				ts.read[id], ts.append[id] = 0, 0
				ts.mu.Unlock()
				if err := appendOne(context.Background(), svc, id, &head, &lost); err != nil {
					b.Error(err)
					return
				}
				s := tailSample{total: time.Since(sent)}
				ts.mu.Lock()
				s.read, s.append = ts.read[id], ts.append[id]
				ts.mu.Unlock()
				stMu.Lock()
				s.st = stages[id]
				stMu.Unlock()
				samples[i] = append(samples[i], s)
			}
		}()
	}
	b.ResetTimer()
	self0, pg0 := benchfig.ProcessCPU(), benchfig.PostgresCPU(os.Getpid())
	var syncs0, bytes0 int64
	if dsn != "" {
		syncs0, bytes0 = walStats(b, dsn)
	}
	start := time.Now()
	interval := time.Second / 3000
	for n := 0; n < total; n++ {
		if d := time.Until(start.Add(time.Duration(n) * interval)); d > 0 {
			time.Sleep(d)
		}
		queues[n%len(ids)] <- time.Now()
	}
	for _, q := range queues {
		close(q)
	}
	wg.Wait()
	b.StopTimer()
	self1, pg1 := benchfig.ProcessCPU(), benchfig.PostgresCPU(os.Getpid())
	if dsn != "" {
		syncs1, bytes1 := walStats(b, dsn)
		b.ReportMetric(float64(syncs1-syncs0)/float64(total), "wal-syncs/append")
		b.ReportMetric(float64(bytes1-bytes0)/float64(total), "wal-bytes/append")
	}
	b.ReportMetric(ms(self1-self0)*1000/float64(total), "go-cpu-us/append")
	b.ReportMetric(ms(pg1-pg0)*1000/float64(total), "pg-cpu-us/append")
	var all []tailSample
	for _, s := range samples {
		all = append(all, s...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].total < all[j].total })
	report := func(name string, part []tailSample) {
		var m struct{ total, read, queue, acquire, exec, commit, ack, other, group float64 }
		for _, s := range part {
			m.total += ms(s.total)
			m.read += ms(s.read)
			m.queue += ms(s.st.Queue)
			m.acquire += ms(s.st.Acquire)
			m.exec += ms(s.st.Exec)
			m.commit += ms(s.st.Commit)
			m.ack += ms(s.append - s.st.Queue - s.st.Acquire - s.st.Exec - s.st.Commit)
			m.other += ms(s.total - s.read - s.append)
			m.group += float64(s.st.Group)
		}
		n := float64(len(part))
		for _, f := range []struct {
			unit string
			v    float64
		}{{"total", m.total}, {"read", m.read}, {"queue", m.queue}, {"acquire", m.acquire}, {"exec", m.exec},
			{"commit", m.commit}, {"ack", m.ack}, {"other", m.other}} {
			b.ReportMetric(f.v/n, name+"-"+f.unit+"-ms")
		}
		b.ReportMetric(m.group/n, name+"-group")
	}
	report("slowest1pct", all[len(all)*99/100:])
	mid := len(all) / 2
	report("median", all[mid:mid+1])
	if n := notifies.Load(); n > 0 {
		b.ReportMetric(float64(notifyNs.Load())/float64(n)/1e6, "notify-mean-ms")
		b.ReportMetric(float64(n)/float64(len(all)), "notifies-per-append")
	}
	reportLoad(b)
}
