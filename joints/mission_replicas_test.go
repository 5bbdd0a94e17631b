package joints_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/mission"
)

// Two mission replicas on one PostgreSQL database, each behind its own gRPC server (the same
// credential signer, as two pods behind one owner's keys), both reaching one medulla. Every
// law is asserted through the real generated clients.

// rplPG is one throwaway PostgreSQL for this file's tests, started on first use and removed
// when the test that started it ends (joints has no TestMain to share one with).
func rplPG(t *testing.T) *pgtest.Server {
	t.Helper()
	srv := pgtest.New(pgtest.Options{})
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Logf("pgtest: %v", err)
		}
	})
	return srv
}

type rplReplica struct {
	svc   *mission.Service
	owner missionv1.MissionServiceClient
	judge missionv1.MissionServiceClient
	agent missionv1.MissionServiceClient
	r1    missionv1.MissionServiceClient
}

type rplFixture struct {
	t     *testing.T
	clock *clock.Fake
	repos map[string]string
	env   *grpctest.Env // medulla and replica A
	a, b  rplReplica
}

func newRplFixture(t *testing.T, dsn string) *rplFixture {
	t.Helper()
	f := &rplFixture{t: t, clock: clock.NewFake(msnT0()),
		repos: map[string]string{"alpha": msnNewRepo(t), "beta": msnNewRepo(t), "gamma": msnNewRepo(t)}}
	ctx := context.Background()
	med, err := medulla.Open(ctx, medulla.Options{DataDir: t.TempDir(), Logger: msnQuiet()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { med.Close() })
	lateA, lateB := &msnLateConn{}, &msnLateConn{}
	svcA := f.openReplica(dsn, lateA)
	f.env = grpctest.Start(t, grpctest.Options{Logger: msnQuiet()}, func(r grpc.ServiceRegistrar) {
		med.Register(r)
		svcA.Register(r)
	})
	svcB := f.openReplica(dsn, lateB)
	dialB := rplServe(t, f.env.Signer.Verifier(), svcB.Register)
	medCreds := auth.Credentials{Fallback: f.env.Mint(auth.MintRequest{Kind: auth.KindService, Subject: "mission"})}
	lateA.cc = f.env.Conn(medCreds)
	lateB.cc = f.env.Conn(medCreds)

	c := missionv1.NewMissionServiceClient
	replica := func(svc *mission.Service, dial func(auth.Bearer) *grpc.ClientConn) rplReplica {
		return rplReplica{svc: svc,
			owner: c(dial(auth.Bearer(f.env.OwnerToken()))),
			judge: c(dial(auth.Bearer(f.env.AgentToken("judge", "judge", "alpha")))),
			agent: c(dial(auth.Bearer(f.env.AgentToken("orch", "orchestrator", "alpha")))),
			r1:    c(dial(auth.Bearer(f.env.AgentToken("r1", "runner", "alpha")))),
		}
	}
	f.a = replica(svcA, func(b auth.Bearer) *grpc.ClientConn { return f.env.Conn(b) })
	f.b = replica(svcB, dialB)
	medOwner := medullav1.NewMedullaServiceClient(f.env.Owner())
	for _, b := range []string{"alpha", "beta", "gamma"} {
		if _, err := medOwner.RegisterBrain(ctx, &medullav1.RegisterBrainRequest{Name: b, RepoRoot: f.repos[b]}); err != nil {
			t.Fatalf("register brain %s: %v", b, err)
		}
	}
	return f
}

// openReplica opens one mission organ on the shared database with its own data directory
// (runners.toml and the skeleton fallback are files each pod carries). Its bell never ticks
// (the fake clock is not advanced), so a watcher learns of another replica's write only
// through the database's notification, and every background sweep is off: tests sweep.
func (f *rplFixture) openReplica(dsn string, med *msnLateConn) *mission.Service {
	t := f.t
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "runners.toml"), []byte(chrRunners), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "skeletons"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "skeletons", "alpha.blocks"), []byte("sb_chain\nsb_runner\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	svc, err := mission.Open(context.Background(), mission.Options{DataDir: dir, Store: dsn, Logger: msnQuiet(), Clock: f.clock,
		Medulla: medullav1.NewMedullaServiceClient(med), DebriefRetry: -1, RefSweep: -1, CharterSweep: -1,
		BellPoll: time.Hour, MaxClaimWait: msnPatience})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	return svc
}

// rplServe serves register on a second in-memory server behind the real interceptor chain,
// accepting the credentials verifier accepts, and returns a dialer for it.
func rplServe(t *testing.T, verifier *auth.Verifier, register func(grpc.ServiceRegistrar)) func(auth.Bearer) *grpc.ClientConn {
	lis := bufconn.Listen(1 << 20)
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: verifier, Logger: msnQuiet(), ShutdownTimeout: 5 * time.Second})
	register(srv.Registrar())
	for name := range srv.Registrar().(*grpc.Server).GetServiceInfo() {
		srv.SetServing(name, true)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return func(creds auth.Bearer) *grpc.ClientConn {
		extra := []grpc.DialOption{grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) })}
		conn, err := grpcserver.Dial("passthrough:///bufnet", grpcserver.DialOptions{Credentials: creds, Extra: extra})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}
}

func (f *rplFixture) pick(i int) rplReplica {
	if i%2 == 0 {
		return f.a
	}
	return f.b
}

func rplParecer() *missionv1.Letter {
	l := msnLetter(missionv1.Phase_PHASE_JUDGING, "triage")
	l.Advisory = true
	l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_ABSTAIN}
	return l
}

func TestMissionReplicasOnPostgres(t *testing.T) {
	pg := rplPG(t)

	t.Run("64 CAS writers on one chain through two replicas: exactly one winner per head", func(t *testing.T) {
		f := newRplFixture(t, pg.Database(t))
		m := msnMust(f.a.agent.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket()}))(t).GetMission()
		const writers, rounds = 64, 4
		for head := int64(1); head <= rounds; head++ {
			errs := make([]error, writers)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range writers {
				wg.Go(func() {
					<-start
					_, errs[i] = f.pick(i).judge.PostLetter(msnWithin(t), &missionv1.PostLetterRequest{MissionId: m.GetMissionId(),
						ExpectedHead: head, Letter: rplParecer()})
				})
			}
			close(start)
			wg.Wait()
			wins := 0
			for i, err := range errs {
				switch {
				case err == nil:
					wins++
				case rpcstatus.ReasonOf(err) != "HEAD_CAS_MISMATCH":
					t.Errorf("head %d writer %d: got %v, want success or HEAD_CAS_MISMATCH", head, i, err)
				}
			}
			if wins != 1 {
				t.Fatalf("head %d: got %d winners, want exactly 1", head, wins)
			}
		}
		for _, r := range []rplReplica{f.a, f.b} {
			ls := msnMust(r.owner.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: m.GetMissionId()}))(t).GetLetters()
			if len(ls) != rounds+1 {
				t.Fatalf("got %d letters, want %d: one per head, no fork", len(ls), rounds+1)
			}
			for i, l := range ls {
				if l.GetSeq() != int64(i+1) {
					t.Fatalf("letter %d: got seq %d, want %d (no gap)", i, l.GetSeq(), i+1)
				}
			}
		}
	})

	t.Run("a board watch on replica B sees a letter appended on replica A", func(t *testing.T) {
		f := newRplFixture(t, pg.Database(t))
		ctx, cancel := context.WithCancel(msnWithin(t))
		defer cancel()
		stream := msnMust(f.b.owner.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: "alpha"}))(t)
		m := msnMust(f.a.agent.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket()}))(t).GetMission()
		if ev := msnNextFor(t, stream, m.GetMissionId()); ev.GetSeq() != 1 {
			t.Fatalf("got the opening event at seq %d, want 1", ev.GetSeq())
		}
		msnMust(f.a.judge.PostLetter(msnBG, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: 1, Letter: rplParecer()}))(t)
		ev := msnNextFor(t, stream, m.GetMissionId())
		if ev.GetKind() != missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER || ev.GetSeq() != 2 {
			t.Fatalf("got %s at seq %d on replica B, want LETTER at seq 2", ev.GetKind(), ev.GetSeq())
		}
	})

	t.Run("a runner waiting on replica B is woken by a spawn on replica A", func(t *testing.T) {
		f := newRplFixture(t, pg.Database(t))
		m := msnMust(f.a.agent.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket()}))(t).GetMission()
		got := make(chan *missionv1.ClaimWorkResponse, 1)
		errc := make(chan error, 1)
		go func() {
			resp, err := f.b.r1.ClaimWork(msnWithin(t), &missionv1.ClaimWorkRequest{Wait: durationpb.New(msnPatience)})
			if err != nil {
				errc <- err
				return
			}
			got <- resp
		}()
		// The claim is waiting once replica B has read its (empty) claimable list; a spawn
		// before that is found by the read itself, which proves less, so wait for the wait.
		msnWaitFor(t, "the claim to wait", func() bool { return f.b.svc.Domain.WaitingClaims() > 0 })
		msnMust(f.a.agent.SpawnMission(msnBG, &missionv1.SpawnMissionRequest{MissionId: m.GetMissionId(), RunnerId: "r1"}))(t)
		select {
		case resp := <-got:
			if resp.GetWork().GetMission().GetMissionId() != m.GetMissionId() {
				t.Fatalf("got work %v, want mission %s", resp.GetWork(), m.GetMissionId())
			}
		case err := <-errc:
			t.Fatal(err)
		case <-time.After(msnPatience):
			t.Fatal("the runner waiting on replica B was not woken by the spawn on replica A")
		}
	})

	t.Run("a charter sweep running on two replicas screens each report once", func(t *testing.T) {
		f := newRplFixture(t, pg.Database(t))
		const n = 40
		for i := range n {
			var err error
			what := fmt.Sprintf("pain number %d", i)
			switch i % 4 {
			case 0:
				_, err = f.a.agent.FileReport(msnBG, &missionv1.FileReportRequest{Class: chrBug, Repo: f.repos["alpha"], Tool: "recall", What: what})
			case 1:
				_, err = f.b.owner.FileReport(msnBG, &missionv1.FileReportRequest{Class: chrBug, Repo: f.repos["beta"], Tool: "north", What: what})
			case 2:
				_, err = f.a.owner.FileReport(msnBG, &missionv1.FileReportRequest{Class: chrBug, Repo: f.repos["beta"], Tool: "north", What: "the same pain every time"})
			case 3:
				_, err = f.b.owner.FileReport(msnBG, &missionv1.FileReportRequest{Class: chrBug, Repo: f.repos["gamma"], Tool: "seek", What: what})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		results := make([]*missionv1.SweepCharterResponse, 2)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, r := range []rplReplica{f.a, f.b} {
			wg.Go(func() { results[i], errs[i] = r.owner.SweepCharter(msnWithin(t), &missionv1.SweepCharterRequest{}) })
		}
		wg.Wait()
		seen := map[string]int{}
		for i, err := range errs {
			if err != nil {
				t.Fatalf("sweep on replica %d: %v", i, err)
			}
			for _, r := range results[i].GetScreened() {
				seen[r.GetReportId()]++
			}
		}
		if len(seen) != n {
			t.Errorf("got %d reports screened by the two sweeps, want all %d", len(seen), n)
		}
		for id, k := range seen {
			if k != 1 {
				t.Errorf("got report %s screened %d times, want once", id, k)
			}
		}
		chartered, unread := msnTally(msnSpool(t, f.b.owner, false, 10))
		if unread != 0 {
			t.Errorf("got %d reports unread after both sweeps, want 0", unread)
		}
		if len(chartered) == 0 {
			t.Fatal("got no report chartered, want alpha's and beta's")
		}
		for brain, k := range chartered {
			if k > 3 {
				t.Errorf("got %d open auto-charters in %s, want at most the cap of 3", k, brain)
			}
			if got := len(msnMust(f.a.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{Brain: brain}))(t).GetMissions()); got != k {
				t.Errorf("got %d missions in %s, want the %d chartered", got, brain, k)
			}
		}
	})
}
