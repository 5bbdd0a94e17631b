package joints_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/mission"
)

// The charter composer's fixture: the real mission organ next to the real medulla, each brain
// bound to its own git repository (the composer resolves a report's repository to exactly one
// brain), and data directories that survive a restart of the mission organ.
//
//	alpha: skeleton sb_chain, sb_runner; runner r1 pins gate_command for it
//	beta:  runner b1 pins gate_command for it; no skeleton
//	gamma: registered, but no pinned runner names a gate for it
type chrFixture struct {
	t        *testing.T
	clock    *clock.Fake
	medDir   string
	dataDir  string
	repos    map[string]string
	sweepDur time.Duration

	env      *grpctest.Env
	svc      *mission.Service
	med      *medulla.Service
	owner    missionv1.MissionServiceClient
	ownerUI  missionv1.MissionServiceClient
	agent    missionv1.MissionServiceClient // orchestrator bound to alpha
	runner   missionv1.MissionServiceClient // pinned runner r1, alpha
	peer     missionv1.MissionServiceClient
	medOwner medullav1.MedullaServiceClient
	closed   bool
}

const chrRunners = `
[[runner]]
id = "r1"
command = "echo fixed >> notes.txt"
gate_command = "grep -q fixed notes.txt"
timeout = "2m"
brains = ["alpha"]

[[runner]]
id = "b1"
gate_command = "true"
brains = ["beta"]

[[runner]]
id = "plain"
brains = ["gamma"]
`

func newChrFixture(t *testing.T, sweep time.Duration) *chrFixture {
	t.Helper()
	f := &chrFixture{t: t, clock: clock.NewFake(msnT0()), medDir: t.TempDir(), dataDir: t.TempDir(), sweepDur: sweep,
		repos: map[string]string{"alpha": msnNewRepo(t), "beta": msnNewRepo(t), "gamma": msnNewRepo(t)}}
	if err := os.WriteFile(filepath.Join(f.dataDir, "runners.toml"), []byte(chrRunners), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(f.dataDir, "skeletons"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(f.dataDir, "skeletons", "alpha.blocks"), []byte("sb_chain\nsb_runner\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f.start()
	for _, b := range []string{"alpha", "beta", "gamma"} {
		if _, err := f.medOwner.RegisterBrain(msnBG, &medullav1.RegisterBrainRequest{Name: b, RepoRoot: f.repos[b]}); err != nil {
			t.Fatalf("register brain %s: %v", b, err)
		}
	}
	return f
}

// start opens medulla and the mission organ on the fixture's data directories and serves them.
func (f *chrFixture) start() {
	t := f.t
	ctx := context.Background()
	var err error
	f.med, err = medulla.Open(ctx, medulla.Options{DataDir: f.medDir, Logger: msnQuiet()})
	if err != nil {
		t.Fatal(err)
	}
	late := &msnLateConn{}
	f.svc, err = mission.Open(ctx, mission.Options{DataDir: f.dataDir, Logger: msnQuiet(), Clock: f.clock,
		Medulla: medullav1.NewMedullaServiceClient(late), DebriefRetry: -1, RefSweep: -1, CharterSweep: f.sweepDur,
		MaxClaimWait: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	f.closed = false
	f.env = grpctest.Start(t, grpctest.Options{Logger: msnQuiet()}, func(r grpc.ServiceRegistrar) {
		f.med.Register(r)
		f.svc.Register(r)
	})
	late.cc = f.env.Conn(auth.Credentials{Fallback: f.env.Mint(auth.MintRequest{Kind: auth.KindService, Subject: "mission"})})
	t.Cleanup(f.stop)
	c := missionv1.NewMissionServiceClient
	f.owner = c(f.env.Owner())
	f.ownerUI = c(f.env.OwnerSession())
	f.agent = c(f.env.Agent("orch", "orchestrator", "alpha"))
	f.runner = c(f.env.Agent("r1", "runner", "alpha"))
	f.peer = c(f.env.Conn(auth.Bearer(f.env.Mint(auth.MintRequest{Kind: auth.KindPeer, Subject: "far", TTL: time.Hour}))))
	f.medOwner = medullav1.NewMedullaServiceClient(f.env.Owner())
}

// stop closes both organs (idempotent): a restart is stop then start on the same directories.
func (f *chrFixture) stop() {
	if f.closed {
		return
	}
	f.closed = true
	f.svc.Close()
	f.med.Close()
}

func (f *chrFixture) restart() {
	f.t.Helper()
	f.stop()
	f.start()
}

// report files a report as c and returns it as stored.
func (f *chrFixture) report(c missionv1.MissionServiceClient, class missionv1.ReportClass, brain, tool, what, block string) *missionv1.FieldReport {
	f.t.Helper()
	repo := f.repos[brain]
	if repo == "" {
		repo = brain // a path no brain owns
	}
	return msnMust(c.FileReport(msnBG, &missionv1.FileReportRequest{Class: class, Repo: repo, Tool: tool, What: what, BlockId: block}))(f.t).GetReport()
}

func (f *chrFixture) sweep(c missionv1.MissionServiceClient) *missionv1.SweepCharterResponse {
	f.t.Helper()
	return msnMust(c.SweepCharter(msnBG, &missionv1.SweepCharterRequest{}))(f.t)
}

// reports reads the whole spool, page by page to its end.
func (f *chrFixture) reports(unread bool) []*missionv1.FieldReport {
	f.t.Helper()
	return msnSpool(f.t, f.owner, unread, 2)
}

// msnSpool reads the whole report spool through c in pages of size, with a bound on the pages
// so a token that never ends fails the test instead of hanging it.
func msnSpool(t *testing.T, c missionv1.MissionServiceClient, unread bool, size int32) []*missionv1.FieldReport {
	t.Helper()
	var out []*missionv1.FieldReport
	token := ""
	for range 1000 {
		resp := msnMust(c.ListReports(msnBG, &missionv1.ListReportsRequest{Unread: unread, Page: chrPage(size, token)}))(t)
		out = append(out, resp.GetReports()...)
		if token = resp.GetPage().GetNextPageToken(); token == "" {
			return out
		}
	}
	t.Fatal("got no end to the spool after 1000 pages")
	return nil
}

// msnTally counts a spool's charters per brain and its reports no sweep has screened yet.
func msnTally(reports []*missionv1.FieldReport) (chartered map[string]int, unread int) {
	chartered = map[string]int{}
	for _, r := range reports {
		switch r.GetScreen().GetOutcome() {
		case missionv1.ScreenOutcome_SCREEN_OUTCOME_CHARTERED:
			chartered[r.GetScreen().GetBrain()]++
		case missionv1.ScreenOutcome_SCREEN_OUTCOME_UNSPECIFIED:
			unread++
		}
	}
	return chartered, unread
}

// missions lists every mission of brain (all phases).
func (f *chrFixture) missions(brain string) []*missionv1.Mission {
	f.t.Helper()
	return msnMust(f.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{Brain: brain}))(f.t).GetMissions()
}
