package store_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
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

// noRepo is never reached: the benchmark's letters carry no candidate and nothing lands.
type noRepo struct{ domain.Repo }

const benchChains = 100

// minAppends is the floor of appends per measurement: make bench runs -benchtime 1x, and a
// rate or a p99 over a handful of appends would say nothing. 9,000 is three seconds at 3,000/s.
const minAppends = 9000

func workload(b *testing.B) int { return max(b.N, minAppends) }

func benchService(b *testing.B, o store.Options) (*domain.Service, []string) {
	b.Helper()
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "mission.db"), o)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return benchServiceOn(b, st)
}

// benchServiceOn builds the domain over st and opens the benchmark's chains.
func benchServiceOn(b *testing.B, st domain.Store) (*domain.Service, []string) {
	b.Helper()
	svc := benchDomain(b, st)
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

// benchDomain is the mission domain over st, as one replica runs it.
func benchDomain(b *testing.B, st domain.Store) *domain.Service {
	b.Helper()
	svc, err := domain.New(domain.Options{Store: st, Brains: oneBrain{}, Runners: domain.NewRunnerBook(filepath.Join(b.TempDir(), "none.toml")),
		Repo: noRepo{}, Clock: clock.Real{}})
	if err != nil {
		b.Fatal(err)
	}
	return svc
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
//   - open-loop-3000/s: appends offered at 3,000/s spread over the chains, p50/p99 of one
//     append from its hand-off (waiting behind its chain included) and p99 from its scheduled
//     time, against the same store with SQLite's auto-checkpoint inside commits; the machine's
//     load average is reported beside them.
func BenchmarkAppend(b *testing.B) {
	for _, mode := range []sqlitedb.Synchronous{sqlitedb.SyncFull, sqlitedb.SyncNormal} {
		b.Run(string(mode)+"/closed-loop", func(b *testing.B) {
			svc, ids := benchService(b, store.Options{Synchronous: mode})
			rate, p99, _ := runAppends(b, svc, ids, 1)
			naive, naiveIDs := benchService(b, store.Options{Synchronous: mode, MaxBatch: 1})
			naiveRate, _, _ := runAppends(b, naive, naiveIDs, 1)
			b.ReportMetric(rate, "appends/s")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(rate/3000, "x-vs-3000/s-target")
			b.ReportMetric(rate/naiveRate, "x-vs-naive-one-tx-per-append")
		})
		b.Run(string(mode)+"/contended", func(b *testing.B) {
			svc, ids := benchService(b, store.Options{Synchronous: mode})
			rate, p99, lost := runAppends(b, svc, ids, 2)
			b.ReportMetric(rate, "appends/s")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(lost), "cas-lost")
			b.ReportMetric(rate/3000, "x-vs-3000/s-target")
		})
		b.Run(string(mode)+"/open-loop-3000/s", func(b *testing.B) {
			// The baseline is the same store with SQLite's auto-checkpoint inside the writer's
			// commits, run first in the same function so both see the same machine.
			base, baseIDs := benchService(b, store.Options{Synchronous: mode, InlineCheckpoints: true})
			baseRun := paced(b, base, baseIDs, 3000)
			svc, ids := benchService(b, store.Options{Synchronous: mode})
			run := paced(b, svc, ids, 3000)
			b.ReportMetric(run.offered, "offered-appends/s")
			b.ReportMetric(ms(run.p50), "p50-ms")
			b.ReportMetric(ms(run.p99), "p99-ms")
			b.ReportMetric(ms(run.p99Sched), "p99-from-schedule-ms")
			b.ReportMetric(5/ms(run.p99), "x-vs-5ms-p99-target")
			b.ReportMetric(ms(baseRun.p99), "inline-checkpoint-p99-ms")
			b.ReportMetric(ms(baseRun.p99)/ms(run.p99), "x-vs-inline-checkpoint-p99")
			b.ReportMetric(float64(run.late), "behind-schedule")
			if load, ok := loadAverage(); ok {
				b.ReportMetric(load, "loadavg-1m")
			}
		})
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// loadAverage is the machine's one-minute load average: open-loop latency on a shared machine
// means little without it.
func loadAverage() (float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return v, err == nil
}

var judge = principal.Principal{AgentID: "judge", Seat: "judge", Brain: "alpha", Origin: principal.OriginAgent}

// appendOne appends to chain id at head, re-reading the head after every lost CAS.
func appendOne(ctx context.Context, svc *domain.Service, id string, head *int64, lost *atomic.Int64) error {
	for {
		_, m, err := svc.PostLetter(ctx, judge, id, *head, parecer())
		if err == nil {
			*head = m.HeadSeq
			return nil
		}
		if refusal.ReasonOf(err) != domain.ReasonHeadCASMismatch {
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
	return runAppendsOn(b, []*domain.Service{svc}, ids, perChain)
}

// runAppendsOn is runAppends with chain i served by svcs[i%len(svcs)] (replicas of one store).
func runAppendsOn(b *testing.B, svcs []*domain.Service, ids []string, perChain int) (float64, time.Duration, int64) {
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
			svc := svcs[(w%len(ids))%len(svcs)]
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

// pacedRun is what one open-loop run measured.
type pacedRun struct {
	// p50 and p99 count from the moment an append is handed to its chain; p99Sched counts
	// from the moment the schedule said to send it, so a sender that fell behind (a starved
	// benchmark goroutine) shows there instead of hiding the wait.
	p50, p99, p99Sched time.Duration
	late               int
	offered            float64
}

// paced offers workload(b) appends at rate per second, round-robin over the chains, each chain
// served in order by its own goroutine. Waiting behind the chain's previous append is part of
// an append's latency; the offered rate actually achieved and the sends that fell more than a
// millisecond behind the schedule are reported beside it.
func paced(b *testing.B, svc *domain.Service, ids []string, rate float64) pacedRun {
	return pacedOn(b, []*domain.Service{svc}, ids, rate)
}

// pacedOn is paced with chain i served by svcs[i%len(svcs)] (replicas of one store).
func pacedOn(b *testing.B, svcs []*domain.Service, ids []string, rate float64) pacedRun {
	ctx := context.Background()
	total := workload(b)
	type send struct{ due, sent time.Time }
	queues := make([]chan send, len(ids))
	lat := make([][]time.Duration, len(ids))
	sched := make([][]time.Duration, len(ids))
	var wg sync.WaitGroup
	var lost atomic.Int64
	for i := range ids {
		queues[i] = make(chan send, total/len(ids)+2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			head := int64(1)
			svc := svcs[i%len(svcs)]
			for s := range queues[i] {
				if err := appendOne(ctx, svc, ids[i], &head, &lost); err != nil {
					b.Error(err)
					return
				}
				lat[i] = append(lat[i], time.Since(s.sent))
				sched[i] = append(sched[i], time.Since(s.due))
			}
		}()
	}
	b.ResetTimer()
	var run pacedRun
	start := time.Now()
	interval := time.Duration(float64(time.Second) / rate)
	for n := 0; n < total; n++ {
		due := start.Add(time.Duration(n) * interval)
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		} else if d < -time.Millisecond {
			run.late++
		}
		queues[n%len(ids)] <- send{due: due, sent: time.Now()}
	}
	run.offered = float64(total) / time.Since(start).Seconds()
	for _, q := range queues {
		close(q)
	}
	wg.Wait()
	b.StopTimer()
	run.p50, run.p99, run.p99Sched = quantile(lat, 0.5), quantile(lat, 0.99), quantile(sched, 0.99)
	return run
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
