package store_test

import (
	"context"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

type oneBrain struct{}

func (oneBrain) Brain(context.Context, string) (domain.Brain, error) {
	return domain.Brain{Name: "alpha"}, nil
}

func (oneBrain) BumpStoreVersion(context.Context, domain.Bump) (domain.Receipt, error) {
	return domain.Receipt{}, nil
}

type noScope struct{}

func (noScope) Moved(context.Context, string, string, []string) ([]string, error) { return nil, nil }

const benchChains = 100

// minAppends is the floor of appends per measurement: make bench runs -benchtime 1x, and a
// rate or a p99 over a handful of appends would say nothing. 9,000 is three seconds at 3,000/s.
const minAppends = 9000

func workload(b *testing.B) int { return max(b.N, minAppends) }

func benchService(b *testing.B, sync sqlitedb.Synchronous, maxBatch int) (*domain.Service, []string) {
	b.Helper()
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "mission.db"), store.Options{Synchronous: sync, MaxBatch: maxBatch})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc, err := domain.New(domain.Options{Store: st, Brains: oneBrain{}, Runners: domain.NewRunnerBook(filepath.Join(b.TempDir(), "none.toml")),
		Scope: noScope{}, Clock: clock.Real{}})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, benchChains)
	for i := range ids {
		m, _, err := svc.OpenMission(context.Background(), judge, domain.Packet{Brain: "alpha", GateCommand: "true", Symptom: "bench"}, "")
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = m.MissionID
	}
	return svc, ids
}

func parecer() domain.Letter {
	return domain.Letter{Schema: domain.Schema, Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true,
		Parecer: &domain.Parecer{Verdict: domain.VerdictAbstain}, Note: "bench"}
}

// BenchmarkAppend measures PostLetter (every gate, head CAS in SQL, group commit) across 100
// chains. Sub-benchmarks:
//   - closed-loop: one writer per chain appending as fast as it can; appends/s and the ratio
//     against the naive baseline, one transaction (one fsync) per append (MaxBatch 1);
//   - contended: two writers per chain, so CAS losses and re-reads are part of the load;
//   - open-loop-3000/s: appends offered at 3,000/s spread over the chains, p99 of one append
//     measured from its scheduled start (queueing included).
func BenchmarkAppend(b *testing.B) {
	for _, mode := range []sqlitedb.Synchronous{sqlitedb.SyncFull, sqlitedb.SyncNormal} {
		b.Run(string(mode)+"/closed-loop", func(b *testing.B) {
			svc, ids := benchService(b, mode, 0)
			rate, p99, _ := runAppends(b, svc, ids, 1)
			naive, naiveIDs := benchService(b, mode, 1)
			naiveRate, _, _ := runAppends(b, naive, naiveIDs, 1)
			b.ReportMetric(rate, "appends/s")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(rate/3000, "x-vs-3000/s-target")
			b.ReportMetric(rate/naiveRate, "x-vs-naive-one-tx-per-append")
		})
		b.Run(string(mode)+"/contended", func(b *testing.B) {
			svc, ids := benchService(b, mode, 0)
			rate, p99, lost := runAppends(b, svc, ids, 2)
			b.ReportMetric(rate, "appends/s")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(lost), "cas-lost")
			b.ReportMetric(rate/3000, "x-vs-3000/s-target")
		})
		b.Run(string(mode)+"/open-loop-3000/s", func(b *testing.B) {
			svc, ids := benchService(b, mode, 0)
			p99, p50, late, offered := paced(b, svc, ids, 3000)
			b.ReportMetric(offered, "offered-appends/s")
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(5/(float64(p99.Microseconds())/1000), "x-vs-5ms-p99-target")
			b.ReportMetric(float64(late), "behind-schedule")
		})
	}
}

var judge = domain.Actor{AgentID: "judge", Seat: "judge", Brain: "alpha", Origin: domain.OriginAgent}

// appendOne appends to chain id at head, re-reading the head after every lost CAS.
func appendOne(ctx context.Context, svc *domain.Service, id string, head *int64, lost *atomic.Int64) error {
	for {
		_, m, err := svc.PostLetter(ctx, judge, id, *head, parecer())
		if err == nil {
			*head = m.HeadSeq
			return nil
		}
		if domain.ReasonOf(err) != domain.ReasonHeadCASMismatch {
			return err
		}
		lost.Add(1)
		v, err := svc.GetMission(ctx, judge, id)
		if err != nil {
			return err
		}
		*head = v.Mission.HeadSeq
	}
}

// runAppends performs workload(b) successful appends with perChain writers on each chain.
func runAppends(b *testing.B, svc *domain.Service, ids []string, perChain int) (float64, time.Duration, int64) {
	ctx := context.Background()
	var left, lost atomic.Int64
	n := workload(b)
	left.Store(int64(n))
	writers := perChain * len(ids)
	lat := make([][]time.Duration, writers)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := ids[w%len(ids)]
			head := int64(1)
			for left.Add(-1) >= 0 {
				t0 := time.Now()
				if err := appendOne(ctx, svc, id, &head, &lost); err != nil {
					b.Error(err)
					return
				}
				lat[w] = append(lat[w], time.Since(t0))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	return float64(n) / elapsed.Seconds(), p99Of(lat), lost.Load()
}

// paced offers workload(b) appends at rate per second, round-robin over the chains, each chain served
// in order by its own goroutine. Latency counts from the moment an append is handed to its
// chain, so waiting behind the chain's previous append is included; the offered rate actually
// achieved and the sends that fell behind the schedule are reported beside it.
func paced(b *testing.B, svc *domain.Service, ids []string, rate float64) (p99 time.Duration, p50 time.Duration, late int, offered float64) {
	ctx := context.Background()
	total := workload(b)
	queues := make([]chan time.Time, len(ids))
	lat := make([][]time.Duration, len(ids))
	var wg sync.WaitGroup
	var lost atomic.Int64
	for i := range ids {
		queues[i] = make(chan time.Time, total/len(ids)+2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			head := int64(1)
			for sent := range queues[i] {
				if err := appendOne(ctx, svc, ids[i], &head, &lost); err != nil {
					b.Error(err)
					return
				}
				lat[i] = append(lat[i], time.Since(sent))
			}
		}()
	}
	b.ResetTimer()
	start := time.Now()
	interval := time.Duration(float64(time.Second) / rate)
	for n := 0; n < total; n++ {
		due := start.Add(time.Duration(n) * interval)
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		} else if d < -time.Millisecond {
			late++
		}
		queues[n%len(ids)] <- time.Now()
	}
	offered = float64(total) / time.Since(start).Seconds()
	for _, q := range queues {
		close(q)
	}
	wg.Wait()
	b.StopTimer()
	return quantile(lat, 0.99), quantile(lat, 0.5), late, offered
}

func p99Of(lat [][]time.Duration) time.Duration { return quantile(lat, 0.99) }

func quantile(lat [][]time.Duration, q float64) time.Duration {
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	if len(all) == 0 {
		return 0
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	return all[int(float64(len(all)-1)*q)]
}
