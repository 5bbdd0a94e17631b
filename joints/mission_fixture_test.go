package joints_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	"github.com/organism-dev/organism/platform/rpcstatus"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/mission"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/gitrepo"
	"github.com/organism-dev/organism/services/presence"
)

const msnBrain = "alpha"

// msnT0 is a fixture's starting time: now, when the fixture is built. A runner reads its
// execution window from the wall clock and the organ judges it on the fixture's fake clock, so
// the two must start together; one instant for the whole package drifted by the package's own
// run time, past the allowed skew on a loaded machine.
func msnT0() time.Time { return time.Now().UTC().Truncate(time.Second) }

// fixture is the real mission organ next to the real medulla on one bufconn server behind
// the real auth interceptors, with brain alpha bound to a temporary git repository.
type msnFixture struct {
	t       *testing.T
	env     *grpctest.Env
	clock   *clock.Fake
	svc     *mission.Service
	dataDir string
	repo    string

	owner    missionv1.MissionServiceClient // human-cli
	ownerUI  missionv1.MissionServiceClient // human-ui through a gateway session
	agent    missionv1.MissionServiceClient // orchestrator bound to alpha
	judge    missionv1.MissionServiceClient // judge seat bound to alpha
	runner   missionv1.MissionServiceClient // pinned runner r1
	runner2  missionv1.MissionServiceClient // pinned runner r2
	unpinned missionv1.MissionServiceClient // runner seat, not in runners.toml
	foreign  missionv1.MissionServiceClient // orchestrator bound to beta
	medOwner medullav1.MedullaServiceClient

	pool        int
	runnerConn  *grpc.ClientConn
	runner2Conn *grpc.ClientConn
}

type msnFixtureOpts struct {
	runnersToml string
	leaseTTL    time.Duration
	reminder    time.Duration
	maxLog      int64
	// shutdown is passed as Options.Shutdown; maxClaimWait defaults to 2s.
	shutdown     <-chan struct{}
	maxClaimWait time.Duration
}

var msnDefaultRunners = `
[[runner]]
id = "r1"
capabilities = ["gate"]
timeout = "2m"
brains = ["alpha"]

[[runner]]
id = "r2"
command = "echo fixed >> notes.txt"
timeout = "2m"

[[runner]]
id = "quick"
timeout = "1s"
brains = ["alpha"]

[[runner]]
id = "hand"
capabilities = ["hand-runner"]
`

// poolRunners are pinned alongside the named runners so tests can hold many leases at once.
const msnPoolRunners = 64

func init() {
	var b strings.Builder
	b.WriteString(msnDefaultRunners)
	for i := 1; i <= msnPoolRunners; i++ {
		fmt.Fprintf(&b, "\n[[runner]]\nid = \"p%d\"\nbrains = [\"alpha\"]\n", i)
	}
	msnDefaultRunners = b.String()
}

// poolRunner returns a client for the next unused pinned pool runner and its id.
func (f *msnFixture) poolRunner() (missionv1.MissionServiceClient, string) {
	f.t.Helper()
	f.pool++
	if f.pool > msnPoolRunners {
		f.t.Fatal("pool of pinned runners exhausted")
	}
	id := fmt.Sprintf("p%d", f.pool)
	return missionv1.NewMissionServiceClient(f.env.Agent(id, "runner", msnBrain)), id
}

func newMsnFixture(t *testing.T) *msnFixture { return newMsnFixtureWith(t, msnFixtureOpts{}) }

func newMsnFixtureWith(t *testing.T, o msnFixtureOpts) *msnFixture {
	t.Helper()
	if o.runnersToml == "" {
		o.runnersToml = msnDefaultRunners
	}
	if o.leaseTTL == 0 {
		o.leaseTTL = 30 * time.Second
	}
	if o.reminder == 0 {
		o.reminder = 10 * time.Minute
	}
	if o.maxClaimWait == 0 {
		o.maxClaimWait = 2 * time.Second
	}
	f := &msnFixture{t: t, clock: clock.NewFake(msnT0()), dataDir: t.TempDir(), repo: msnNewRepo(t)}
	ctx := context.Background()
	med, err := medulla.Open(ctx, medulla.Options{DataDir: t.TempDir(), Logger: msnQuiet()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { med.Close() })
	prs, err := presence.Open(ctx, presence.Options{DataDir: t.TempDir(), Logger: msnQuiet()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { prs.Close() })
	if err := os.WriteFile(filepath.Join(f.dataDir, "runners.toml"), []byte(o.runnersToml), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(f.dataDir, "skeletons"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(f.dataDir, "skeletons", msnBrain+".blocks"), []byte("sb_chain\nsb_runner # the runner block\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	// The mission organ reaches medulla over the same bufconn as a service with its own
	// credential, forwarding the caller's credential inside requests. The server must exist
	// before the connection can, hence the late binding.
	late := &msnLateConn{}
	f.svc, err = mission.Open(ctx, mission.Options{
		DataDir: f.dataDir, Logger: msnQuiet(), Clock: f.clock, Medulla: medullav1.NewMedullaServiceClient(late),
		LeaseTTL: o.leaseTTL, ReminderInterval: o.reminder, BellPoll: 5 * time.Millisecond, DebriefRetry: -1,
		MaxClaimWait: o.maxClaimWait, MaxLogBytes: o.maxLog, Shutdown: o.shutdown,
	})
	if err != nil {
		t.Fatal(err)
	}
	f.env = grpctest.Start(t, grpctest.Options{Logger: msnQuiet()}, func(r grpc.ServiceRegistrar) {
		med.Register(r)
		prs.Register(r)
		f.svc.Register(r)
	})
	late.cc = f.env.Conn(auth.Credentials{Fallback: f.env.Mint(auth.MintRequest{Kind: auth.KindService, Subject: "mission"})})
	t.Cleanup(func() { f.svc.Close() })

	client := func(c *grpc.ClientConn) missionv1.MissionServiceClient { return missionv1.NewMissionServiceClient(c) }
	f.owner = client(f.env.Owner())
	f.ownerUI = client(f.env.OwnerSession())
	f.agent = client(f.env.Agent("orch", "orchestrator", msnBrain))
	f.judge = client(f.env.Agent("judge", "judge", msnBrain))
	f.runnerConn = f.env.Agent("r1", "runner", msnBrain)
	f.runner = client(f.runnerConn)
	f.runner2Conn = f.env.Agent("r2", "runner", msnBrain)
	f.runner2 = client(f.runner2Conn)
	f.unpinned = client(f.env.Agent("r9", "runner", msnBrain))
	f.foreign = client(f.env.Agent("orch", "orchestrator", "beta"))
	f.medOwner = medullav1.NewMedullaServiceClient(f.env.Owner())
	for _, b := range []string{msnBrain, "beta"} {
		if _, err := f.medOwner.RegisterBrain(ctx, &medullav1.RegisterBrainRequest{Name: b, RepoRoot: f.repo}); err != nil {
			t.Fatalf("register brain %s: %v", b, err)
		}
	}
	return f
}

// lateConn lets a client be built before the connection it will use exists.
type msnLateConn struct{ cc *grpc.ClientConn }

func (l *msnLateConn) Invoke(ctx context.Context, method string, args, reply any, opts ...grpc.CallOption) error {
	return l.cc.Invoke(ctx, method, args, reply, opts...)
}

func (l *msnLateConn) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	return l.cc.NewStream(ctx, desc, method, opts...)
}

func msnQuiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// newRepo makes a git repository with one commit.
func msnNewRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	msnGit(t, dir, "init", "-q", "-b", "main")
	msnWriteFile(t, filepath.Join(dir, "README.md"), "hello\n")
	msnWriteFile(t, filepath.Join(dir, "notes.txt"), "notes\n")
	msnGit(t, dir, "add", ".")
	msnGit(t, dir, "commit", "-q", "-m", "init")
	return dir
}

func msnGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func msnWriteFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

var msnBG = context.Background()

// msnPatience bounds every wait in these tests on a stream, a poll loop, a channel or a runner,
// so a missed event fails the test in seconds instead of hanging CI. It is a liveness bound,
// never a speed target.
const msnPatience = 20 * time.Second

// msnWithin returns a context that ends msnPatience from now (or when the test ends); streams
// and runner calls opened on it cannot wait forever.
func msnWithin(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), msnPatience)
	t.Cleanup(cancel)
	return ctx
}

// msnAwait receives from ch, failing the test if nothing arrives within msnPatience.
func msnAwait[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(msnPatience):
		t.Fatalf("waited %s for %s, want it sooner", msnPatience, what)
	}
	var zero T
	return zero
}

// msnWaitFor polls cond until it holds, failing the test if it has not within msnPatience.
func msnWaitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(msnPatience)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s, want it sooner", msnPatience, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// wantReason fails unless err is a refusal with the given ErrorInfo reason.
func msnWantReason(t *testing.T, err error, reason string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got success, want refusal %s", reason)
	}
	if got := rpcstatus.ReasonOf(err); got != reason {
		t.Fatalf("got reason %q (%v), want %s", got, err, reason)
	}
}

// must unwraps a call's result, failing the test on error: must(c.Call(...))(t).
func msnMust[T any](v T, err error) func(testing.TB) T {
	return func(t testing.TB) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func msnPacket() *missionv1.Packet {
	return &missionv1.Packet{Brain: msnBrain, BlockIds: []string{"sb_chain"}, GateCommand: "true",
		Symptom: "the chain forks when two writers race on one head", ReportId: "fr_1", Title: "fix chain race"}
}

func (f *msnFixture) open(p *missionv1.Packet) *missionv1.Mission {
	f.t.Helper()
	return msnMust(f.agent.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: p}))(f.t).GetMission()
}

func (f *msnFixture) get(id string) *missionv1.GetMissionResponse {
	f.t.Helper()
	return msnMust(f.owner.GetMission(msnBG, &missionv1.GetMissionRequest{MissionId: id}))(f.t)
}

func (f *msnFixture) spawn(id, runner string) {
	f.t.Helper()
	msnMust(f.agent.SpawnMission(msnBG, &missionv1.SpawnMissionRequest{MissionId: id, RunnerId: runner}))(f.t)
}

func (f *msnFixture) claim(c missionv1.MissionServiceClient) *missionv1.Work {
	f.t.Helper()
	w := msnMust(c.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{}))(f.t).GetWork()
	if w == nil {
		f.t.Fatal("got no work, want a leased mission")
	}
	return w
}

func msnLetter(phase missionv1.Phase, note string) *missionv1.Letter {
	return &missionv1.Letter{Schema: domain.Schema, Brain: msnBrain, Phase: phase, Note: note}
}

func (f *msnFixture) post(c missionv1.MissionServiceClient, id string, head int64, l *missionv1.Letter) (*missionv1.PostLetterResponse, error) {
	return c.PostLetter(msnBG, &missionv1.PostLetterRequest{MissionId: id, ExpectedHead: head, Letter: l})
}

func (f *msnFixture) putLog(c missionv1.MissionServiceClient, id, content string) string {
	f.t.Helper()
	stream := msnMust(c.PutLog(msnBG))(f.t)
	if err := stream.Send(&missionv1.PutLogRequest{MissionId: id, Chunk: []byte(content)}); err != nil {
		f.t.Fatal(err)
	}
	resp := msnMust(stream.CloseAndRecv())(f.t)
	sum := sha256.Sum256([]byte(content))
	if got, want := resp.GetLogSha256(), hex.EncodeToString(sum[:]); got != want {
		f.t.Fatalf("got log sha %s, want %s", got, want)
	}
	return resp.GetLogSha256()
}

func (f *msnFixture) base() string {
	f.t.Helper()
	return msnGit(f.t, f.repo, "rev-parse", "HEAD")
}

// candidate is a complete receipt candidate over a stored log, executed at the fake clock's
// now, whose change is a real commit on the current base: each path gets a line naming the
// mission, committed in a worktree and kept under the mission's ref, as the runner does.
func (f *msnFixture) candidate(id, sha string, paths ...string) *missionv1.ReceiptCandidate {
	f.t.Helper()
	now := f.clock.Now()
	base := f.base()
	wt := filepath.Join(f.t.TempDir(), "wt")
	if err := gitrepo.AddWorktree(msnBG, f.repo, wt, base); err != nil {
		f.t.Fatal(err)
	}
	for _, p := range paths {
		old, _ := os.ReadFile(filepath.Join(wt, p))
		msnWriteFile(f.t, filepath.Join(wt, p), string(old)+"changed by "+id+"\n")
	}
	commit, err := gitrepo.CommitCandidate(msnBG, wt, domain.MissionRef(id), domain.ExecutorIdentity("r1"), "candidate of "+id)
	if err != nil {
		f.t.Fatal(err)
	}
	if err := gitrepo.RemoveWorktree(msnBG, f.repo, wt); err != nil {
		f.t.Fatal(err)
	}
	return &missionv1.ReceiptCandidate{LogSha256: sha, ExitCode: 0, StartedAt: timestamppb.New(now.Add(-time.Second)),
		EndedAt: timestamppb.New(now), BaseCommit: base, GateCommand: "true", Commit: commit,
		DiffStat: &missionv1.DiffStat{FilesChanged: int32(len(paths)), Insertions: int32(len(paths)), Paths: paths}}
}

// mergeWait drives a fresh mission to merge_wait by hand with runner r1, its candidate
// touching paths; it returns the mission after the merge_wait letter.
func (f *msnFixture) mergeWait(paths ...string) *missionv1.Mission {
	f.t.Helper()
	m := f.open(msnPacket())
	f.spawn(m.GetMissionId(), "r1")
	w := f.claim(f.runner)
	if w.GetMission().GetMissionId() != m.GetMissionId() {
		f.t.Fatalf("got work %s, want %s", w.GetMission().GetMissionId(), m.GetMissionId())
	}
	msnMust(f.post(f.runner, m.GetMissionId(), 1, msnLetter(missionv1.Phase_PHASE_EXECUTING, "executing")))(f.t)
	sha := f.putLog(f.runner, m.GetMissionId(), "$ true\nok\n")
	l := msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "gate passed")
	l.Candidate = f.candidate(m.GetMissionId(), sha, paths...)
	return msnMust(f.post(f.runner, m.GetMissionId(), 2, l))(f.t).GetMission()
}

func (f *msnFixture) storeVersion() int64 {
	f.t.Helper()
	return msnMust(f.medOwner.GetBrain(msnBG, &medullav1.GetBrainRequest{Name: msnBrain}))(f.t).GetBrain().GetStoreVersion()
}

func (f *msnFixture) land(c missionv1.MissionServiceClient, m *missionv1.Mission) (*missionv1.ImportReceiptResponse, error) {
	return c.ImportReceipt(msnBG, &missionv1.ImportReceiptRequest{MissionId: m.GetMissionId(),
		CandidateLetterId: m.GetCandidateLetterId(), ExpectedStoreVersion: f.storeVersion()})
}

func msnNowTS() *timestamppb.Timestamp { return timestamppb.New(msnT0()) }
