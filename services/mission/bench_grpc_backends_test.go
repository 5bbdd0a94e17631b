package mission_test

import (
	"context"
	"log/slog"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/benchfig"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/wire"
)

// The letter-append figures of store.BenchmarkAppendBackends again, this time through the API
// a judge calls: the generated client, the real interceptor chain verifying a real token, and
// the server, over bufconn, on the organ mission.Open assembles. Three setups side by side in
// one process: SQLite, PostgreSQL served by one mission, and PostgreSQL served by two mission
// replicas on one database (each its own Service, store and pool, as two processes have), each
// serving half the chains. The named baseline is SQLite through gRPC. The setups alternate in
// rounds, so a change in the shared machine's load lands on all three alike.

// pg is the benchmarks' PostgreSQL: fsync on, so a COMMIT waits for the disk as SQLite's
// synchronous=FULL does, and the backends are compared on the same promise.
var pg = pgtest.New(pgtest.Options{Durable: true})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

// oneBrain stands in for medulla: every lookup finds brain alpha, in process, as the store
// benchmark's brain port does, so the figures are mission's own and not a medulla round trip.
type oneBrain struct{ medullav1.MedullaServiceClient }

func (oneBrain) GetBrain(context.Context, *medullav1.GetBrainRequest, ...grpc.CallOption) (*medullav1.GetBrainResponse, error) {
	return &medullav1.GetBrainResponse{Brain: &medullav1.Brain{Name: "alpha"}}, nil
}

const (
	// grpcChains is how many chains take appends, one writer each.
	grpcChains = 100
	// grpcRounds is how many times each setup is measured, alternating with the others.
	grpcRounds = 3
	// minGRPCAppends is the appends per setup across its rounds whatever b.N is (make bench
	// runs -benchtime 1x): 9,000, as the store benchmark, is three seconds at 3,000/s.
	minGRPCAppends = 9000
)

// grpcSetups are the three setups, in the order they are measured and reported.
var grpcSetups = []string{"sqlite", "postgres", "postgres-2-replicas"}

// chainSetup is one setup's chains: chain i is appended through clients[i] at heads[i].
type chainSetup struct {
	ids     []string
	heads   []int64
	clients []missionv1.MissionServiceClient
}

// serveMission opens a mission organ on sel ("sqlite" or a DSN) and serves it behind the real
// interceptor chain; both stop when b ends.
func serveMission(b *testing.B, sel string) *grpctest.Env {
	b.Helper()
	svc, err := mission.Open(context.Background(), mission.Options{DataDir: b.TempDir(), Store: sel, Medulla: oneBrain{},
		Logger: slog.New(slog.DiscardHandler), DebriefRetry: -1, RefSweep: -1, CharterSweep: -1})
	if err != nil {
		b.Fatal(err)
	}
	// Cleanups run last-in first-out: the server (registered by Start) stops before Close.
	b.Cleanup(func() { svc.Close() })
	return grpctest.Start(b, grpctest.Options{}, svc.Register)
}

// newChainSetup serves sel on replicas missions, opens the chains through the first, and
// gives chain i to replica i % replicas, two connections per replica.
func newChainSetup(b *testing.B, sel string, replicas int) *chainSetup {
	b.Helper()
	var clients []missionv1.MissionServiceClient
	for range replicas {
		env := serveMission(b, sel)
		for range 2 {
			clients = append(clients, missionv1.NewMissionServiceClient(env.Agent("judge", "judge", "alpha")))
		}
	}
	s := &chainSetup{ids: make([]string, grpcChains), heads: make([]int64, grpcChains), clients: make([]missionv1.MissionServiceClient, grpcChains)}
	packet := wire.PacketToProto(domain.Packet{Brain: "alpha", GateCommand: "true", Symptom: "bench"})
	for i := range grpcChains {
		// Client index: replica i % replicas, then alternate between its two connections.
		s.clients[i] = clients[(i%replicas)*2+(i/replicas)%2]
		res, err := clients[0].OpenMission(context.Background(), &missionv1.OpenMissionRequest{Packet: packet})
		if err != nil {
			b.Fatal(err)
		}
		s.ids[i], s.heads[i] = res.GetMission().GetMissionId(), res.GetMission().GetHeadSeq()
	}
	return s
}

// newChainSetups builds the three setups, each PostgreSQL one on a database of its own.
func newChainSetups(b *testing.B) map[string]*chainSetup {
	return map[string]*chainSetup{
		"sqlite":              newChainSetup(b, "sqlite", 1),
		"postgres":            newChainSetup(b, pg.Database(b), 1),
		"postgres-2-replicas": newChainSetup(b, pg.Database(b), 2),
	}
}

// parecer is the letter every append posts: an advisory abstention, which passes every gate
// and lands nothing.
var parecer = wire.LetterToProto(domain.Letter{Schema: domain.Schema, Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true,
	Parecer: &domain.Parecer{Verdict: domain.VerdictAbstain}, Note: "bench"})

// appendTo posts one letter on chain i at its head, re-reading the head after a lost CAS.
func (s *chainSetup) appendTo(i int) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		res, err := s.clients[i].PostLetter(ctx, &missionv1.PostLetterRequest{MissionId: s.ids[i], ExpectedHead: s.heads[i], Letter: parecer})
		if err == nil {
			s.heads[i] = res.GetMission().GetHeadSeq()
			return nil
		}
		if rpcstatus.ReasonOf(err) != string(domain.ReasonHeadCASMismatch) {
			return err
		}
		got, err := s.clients[i].GetMission(ctx, &missionv1.GetMissionRequest{MissionId: s.ids[i]})
		if err != nil {
			return err
		}
		s.heads[i] = got.GetMission().GetHeadSeq()
	}
}

// closedLoop performs n appends, one writer per chain appending as fast as it can, and returns
// appends/s and every append's latency.
func (s *chainSetup) closedLoop(b *testing.B, n int) (float64, []time.Duration) {
	var left atomic.Int64
	left.Store(int64(n))
	lat := make([][]time.Duration, len(s.ids))
	var wg sync.WaitGroup
	start := time.Now()
	for i := range s.ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for left.Add(-1) >= 0 {
				t0 := time.Now()
				if err := s.appendTo(i); err != nil {
					b.Error(err)
					return
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		}()
	}
	wg.Wait()
	return float64(n) / time.Since(start).Seconds(), flatten(lat)
}

// openLoop offers n appends at rate per second, round-robin over the chains, each chain served
// in order by its own goroutine; an append's latency runs from its hand-off, so waiting behind
// its chain's previous append counts. It returns the latencies, the rate actually offered and
// how many sends fell more than a millisecond behind the schedule.
func (s *chainSetup) openLoop(b *testing.B, n int, rate float64) ([]time.Duration, float64, int) {
	queues := make([]chan time.Time, len(s.ids))
	lat := make([][]time.Duration, len(s.ids))
	var wg sync.WaitGroup
	for i := range s.ids {
		queues[i] = make(chan time.Time, n/len(s.ids)+2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for sent := range queues[i] {
				if err := s.appendTo(i); err != nil {
					b.Error(err)
					// Drain, so the sender never blocks on a dead chain.
					for range queues[i] {
					}
					return
				}
				lat[i] = append(lat[i], time.Since(sent))
			}
		}()
	}
	late := 0
	start := time.Now()
	interval := time.Duration(float64(time.Second) / rate)
	for k := range n {
		due := start.Add(time.Duration(k) * interval)
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		} else if d < -time.Millisecond {
			late++
		}
		queues[k%len(s.ids)] <- time.Now()
	}
	offered := float64(n) / time.Since(start).Seconds()
	for _, q := range queues {
		close(q)
	}
	wg.Wait()
	return flatten(lat), offered, late
}

func flatten(lat [][]time.Duration) []time.Duration {
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	return all
}

// quantileMS is the q-quantile of d in milliseconds (d is reordered).
func quantileMS(d []time.Duration, q float64) float64 {
	if len(d) == 0 {
		return 0
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return float64(d[int(float64(len(d)-1)*q)].Microseconds()) / 1000
}

// BenchmarkGRPCBackendsAppend puts the backends side by side through gRPC, PostLetter on 100
// chains: SQLite (synchronous FULL), PostgreSQL with one mission, PostgreSQL with two mission
// replicas on one database. The goal is PostgreSQL within 2x of SQLite per replica:
// x-...-vs-sqlite is a PostgreSQL setup's figure over SQLite's (appends/s: higher is better,
// so >= 0.5 meets it; p99: lower is better, so <= 2 meets it).
//   - closed-loop: one writer per chain appending as fast as it can; appends/s (the median of
//     three alternating rounds) and p99 over every round;
//   - open-loop-3000/s: appends offered at 3,000/s, p50/p99 from hand-off over every round,
//     with the rate actually offered and the sends that fell behind the schedule.
func BenchmarkGRPCBackendsAppend(b *testing.B) {
	perRound := max(b.N, minGRPCAppends) / grpcRounds
	b.Run("closed-loop", func(b *testing.B) {
		setups := newChainSetups(b)
		b.ResetTimer()
		rates, lat := map[string][]float64{}, map[string][]time.Duration{}
		for range grpcRounds {
			for _, name := range grpcSetups {
				r, l := setups[name].closedLoop(b, perRound)
				rates[name] = append(rates[name], r)
				lat[name] = append(lat[name], l...)
			}
		}
		b.StopTimer()
		rate, p99 := map[string]float64{}, map[string]float64{}
		for _, name := range grpcSetups {
			rate[name], p99[name] = benchfig.Median(rates[name]), quantileMS(lat[name], 0.99)
			b.ReportMetric(rate[name], name+"-appends/s")
			b.ReportMetric(p99[name], name+"-p99-ms")
		}
		for _, name := range grpcSetups[1:] {
			b.ReportMetric(rate[name]/rate["sqlite"], "x-"+name+"-vs-sqlite")
		}
		b.ReportMetric(rate["postgres-2-replicas"]/rate["postgres"], "x-postgres-2-replicas-vs-1")
		benchfig.ReportLoadAvg(b)
	})
	b.Run("open-loop-3000/s", func(b *testing.B) {
		setups := newChainSetups(b)
		b.ResetTimer()
		lat, offered, late := map[string][]time.Duration{}, map[string]float64{}, 0
		for range grpcRounds {
			for _, name := range grpcSetups {
				l, o, behind := setups[name].openLoop(b, perRound, 3000)
				lat[name] = append(lat[name], l...)
				offered[name] += o / grpcRounds
				late += behind
			}
		}
		b.StopTimer()
		p50, p99 := map[string]float64{}, map[string]float64{}
		for _, name := range grpcSetups {
			p50[name], p99[name] = quantileMS(lat[name], 0.5), quantileMS(lat[name], 0.99)
			b.ReportMetric(p50[name], name+"-p50-ms")
			b.ReportMetric(p99[name], name+"-p99-ms")
			b.ReportMetric(offered[name], name+"-offered-appends/s")
		}
		for _, name := range grpcSetups[1:] {
			b.ReportMetric(p99[name]/p99["sqlite"], "x-"+name+"-vs-sqlite-p99")
		}
		b.ReportMetric(p99["postgres-2-replicas"]/p99["postgres"], "x-postgres-2-replicas-vs-1-p99")
		b.ReportMetric(float64(late), "behind-schedule")
		benchfig.ReportLoadAvg(b)
	})
}
