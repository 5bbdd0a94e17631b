package joints_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/runner"
)

func (f *msnFixture) newRunner(c missionv1.MissionServiceClient, id string) *runner.Runner {
	f.t.Helper()
	r, err := runner.New(runner.Options{Client: c, ID: id, WorkDir: f.t.TempDir(), Wait: time.Second, Logger: msnQuiet()})
	if err != nil {
		f.t.Fatal(err)
	}
	return r
}

func (f *msnFixture) fetchLog(id, sha string) []byte {
	f.t.Helper()
	stream := msnMust(f.owner.GetLog(msnWithin(f.t), &missionv1.GetLogRequest{MissionId: id, LogSha256: sha}))(f.t)
	var data []byte
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			return data
		}
		if err != nil {
			f.t.Fatal(err)
		}
		data = append(data, msg.GetChunk()...)
	}
}

// worktrees lists the repository's worktrees other than the main checkout.
func (f *msnFixture) worktrees() []string {
	var out []string
	for _, l := range strings.Split(msnGit(f.t, f.repo, "worktree", "list", "--porcelain"), "\n") {
		if p, ok := strings.CutPrefix(l, "worktree "); ok {
			if r, _ := filepath.EvalSymlinks(p); r != msnMustEval(f.t, f.repo) {
				out = append(out, p)
			}
		}
	}
	return out
}

func msnMustEval(t *testing.T, p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestLifecyclePassLands runs the real reference runner (r2, whose pinned executor edits
// notes.txt) on a passing gate, then the owner lands it.
func TestMissionLifecyclePassLands(t *testing.T) {
	f := newMsnFixture(t)
	p := msnPacket()
	p.GateCommand = "grep -q fixed notes.txt && echo gate-ok"
	m := f.open(p)
	id := m.GetMissionId()
	f.spawn(id, "r2")
	base := f.base()

	out, ran, err := f.newRunner(f.runner2, "r2").RunOnce(msnWithin(t))
	if err != nil || !ran {
		t.Fatalf("RunOnce: ran=%t err=%v", ran, err)
	}
	if got, want := out.Phase, missionv1.Phase_PHASE_MERGE_WAIT; got != want {
		t.Fatalf("got phase %s (%s), want %s", got, out.Letter.GetNote(), want)
	}
	view := f.get(id)
	c := view.GetCandidate().GetCandidate()
	logData := f.fetchLog(id, c.GetLogSha256())
	sum := sha256.Sum256(logData)
	if got, want := c.GetLogSha256(), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("got candidate sha %s, want the stored log's %s", got, want)
	}
	if !strings.Contains(string(logData), "gate-ok") {
		t.Errorf("got log %q, want the gate's output", logData)
	}
	if got, want := c.GetBaseCommit(), base; got != want {
		t.Errorf("got base %s, want %s", got, want)
	}
	if got, want := strings.Join(c.GetDiffStat().GetPaths(), ","), "notes.txt"; got != want {
		t.Errorf("got diff paths %q, want %q", got, want)
	}
	if got := c.GetRunnerId(); got != "r2" {
		t.Errorf("got runner %q, want r2", got)
	}
	if !c.GetEndedAt().AsTime().After(c.GetStartedAt().AsTime()) {
		t.Errorf("got window %s..%s, want a real one", c.GetStartedAt().AsTime(), c.GetEndedAt().AsTime())
	}
	if wt := f.worktrees(); len(wt) != 0 {
		t.Errorf("got worktrees %v left behind, want none", wt)
	}
	if out.Worktree == "" || filepath.Clean(out.Worktree) == filepath.Clean(f.repo) {
		t.Errorf("got worktree %q, want a fresh one outside the main checkout", out.Worktree)
	}
	if _, err := os.Stat(out.Worktree); !os.IsNotExist(err) {
		t.Errorf("got worktree dir %s still present (%v), want it cleaned", out.Worktree, err)
	}
	if got := msnGit(t, f.repo, "status", "--porcelain"); got != "" {
		t.Errorf("got main checkout changes %q, want it untouched", got)
	}
	letters := msnMust(f.owner.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: id}))(t).GetLetters()
	var phases []string
	for _, l := range letters {
		phases = append(phases, l.GetPhase().String())
	}
	if got, want := strings.Join(phases, " "), "PHASE_JUDGING PHASE_EXECUTING PHASE_MERGE_WAIT"; got != want {
		t.Fatalf("got chain %s, want %s", got, want)
	}

	before := f.storeVersion()
	resp, err := f.land(f.owner, view.GetMission())
	if err != nil {
		t.Fatalf("owner landing: %v", err)
	}
	if got, want := resp.GetMission().GetPhase(), missionv1.Phase_PHASE_LANDED; got != want {
		t.Fatalf("got phase %s, want %s", got, want)
	}
	// Two commits in the brain: the landing's bump, then the debrief memorized through the door.
	if got, want := f.storeVersion(), before+2; got != want {
		t.Errorf("got store version %d, want %d", got, want)
	}
	rc := resp.GetReceipt()
	if rc.GetStoreVersionBefore() != before || rc.GetStoreVersionAfter() != before+1 || rc.GetReceiptId() == "" {
		t.Errorf("got receipt %v, want %d -> %d with an id", rc, before, before+1)
	}
	if got, want := resp.GetLetter().GetLanding().GetImportedVia().String(), "ORIGIN_HUMAN_CLI"; got != want {
		t.Errorf("got imported_via %s, want %s", got, want)
	}
	if resp.GetMission().GetRinging() {
		t.Error("got the bell ringing after landing, want silence")
	}

	// The debrief reached medulla as a process claim citing gate artifacts, never letters.
	deb := resp.GetMission().GetDebrief()
	if deb.GetState() != domain.DebriefMemorized {
		t.Fatalf("got debrief %v, want memorized", deb)
	}
	claim := msnMust(f.medOwner.GetClaim(msnBG, &medullav1.GetClaimRequest{Brain: msnBrain, Slug: deb.GetSlug()}))(t).GetClaim()
	if got, want := claim.GetKind(), medullav1.ClaimKind_CLAIM_KIND_PROCESS; got != want {
		t.Errorf("got claim kind %s, want %s", got, want)
	}
	if !strings.Contains(claim.GetBody(), domain.DebriefSchema) || !strings.Contains(claim.GetBody(), c.GetLogSha256()) {
		t.Errorf("got debrief body without the schema or the gate log hash:\n%s", claim.GetBody())
	}
	var kinds []string
	for _, e := range claim.GetEvidence() {
		kinds = append(kinds, e.GetKind().String()+"="+e.GetRef())
		if e.GetKind() == medullav1.EvidenceKind_EVIDENCE_KIND_LETTER || strings.HasPrefix(e.GetRef(), "ltr_") {
			t.Errorf("got a letter cited as evidence: %v", e)
		}
	}
	if got := strings.Join(kinds, " "); !strings.Contains(got, "EVIDENCE_KIND_COMMIT="+base) || !strings.Contains(got, "EVIDENCE_KIND_RECEIPT="+rc.GetReceiptId()) {
		t.Errorf("got evidence %s, want the base commit and the landing receipt", got)
	}
}

// TestLifecycleFailingGate: a gate that exits non-zero reaches failed with the honest reason.
func TestMissionLifecycleFailingGate(t *testing.T) {
	f := newMsnFixture(t)
	p := msnPacket()
	p.GateCommand = "echo the-bug-is-still-here; exit 3"
	m := f.open(p)
	f.spawn(m.GetMissionId(), "r1")
	out, ran, err := f.newRunner(f.runner, "r1").RunOnce(msnWithin(t))
	if err != nil || !ran {
		t.Fatalf("RunOnce: ran=%t err=%v", ran, err)
	}
	if got, want := out.Phase, missionv1.Phase_PHASE_FAILED; got != want {
		t.Fatalf("got phase %s, want %s", got, want)
	}
	note := out.Letter.GetNote()
	if !strings.Contains(note, "exited 3") || !strings.Contains(note, "the-bug-is-still-here") {
		t.Errorf("got failure note %q, want the exit code and the log's tail", note)
	}
	view := f.get(m.GetMissionId())
	if view.GetMission().GetLease() != nil {
		t.Errorf("got lease %v after failing, want released", view.GetMission().GetLease())
	}
	if got := view.GetMission().GetDebrief().GetState(); got != domain.DebriefMemorized {
		t.Errorf("got debrief state %q, want memorized", got)
	}
	if wt := f.worktrees(); len(wt) != 0 {
		t.Errorf("got worktrees %v left behind, want none", wt)
	}
}

// TestLifecycleRunnerKilled: a runner killed mid-gate posts nothing; its lease expires and
// another claim takes the mission over and finishes it.
func TestMissionLifecycleRunnerKilled(t *testing.T) {
	f := newMsnFixture(t)
	flag := filepath.Join(t.TempDir(), "go-ahead")
	started := filepath.Join(t.TempDir(), "started")
	p := msnPacket()
	p.GateCommand = "if [ -f " + flag + " ]; then echo second-run-passes; exit 0; fi; touch " + started + "; sleep 60"
	m := f.open(p)
	id := m.GetMissionId()
	f.spawn(id, "r1")

	watch, cancelWatch := context.WithCancel(msnWithin(t))
	defer cancelWatch()
	events := msnMust(f.owner.WatchBoard(watch, &missionv1.WatchBoardRequest{Brain: msnBrain}))(t)

	runCtx, kill := context.WithCancel(msnWithin(t))
	done := make(chan error, 1)
	go func() {
		_, _, err := f.newRunner(f.runner, "r1").RunOnce(runCtx)
		done <- err
	}()
	// Wait for the executing letter, then for the gate itself to be running.
	for {
		ev, err := events.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if ev.GetEvent().GetMissionId() == id && ev.GetEvent().GetToPhase() == missionv1.Phase_PHASE_EXECUTING {
			break
		}
	}
	msnWaitFor(t, "the gate to start", func() bool { _, err := os.Stat(started); return err == nil })
	kill()
	if err := msnAwait(t, done, "the killed run to return"); err == nil {
		t.Fatal("got a killed run reporting success, want its context error")
	}
	view := f.get(id)
	if got, want := view.GetMission().GetPhase(), missionv1.Phase_PHASE_EXECUTING; got != want {
		t.Fatalf("got phase %s after the kill, want %s (a dead runner posts nothing)", got, want)
	}
	if view.GetMission().GetLease() == nil {
		t.Fatal("got no lease right after the kill, want the dead runner's lease still live")
	}
	// While the lease lives nobody else gets the mission.
	if w := msnMust(f.runner2.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{}))(t).GetWork(); w != nil {
		t.Fatalf("got work %s while the lease lives, want none", w.GetMission().GetMissionId())
	}
	f.clock.Advance(31 * time.Second)
	if got := f.get(id).GetMission().GetLease(); got != nil {
		t.Fatalf("got lease %v after its TTL, want it expired", got)
	}
	// Another pinned runner serving the brain takes over: the dead one may never come back.
	msnWriteFile(t, flag, "")
	out, ran, err := f.newRunner(f.runner2, "r2").RunOnce(msnWithin(t))
	if err != nil || !ran {
		t.Fatalf("reclaim: ran=%t err=%v", ran, err)
	}
	if got, want := out.Phase, missionv1.Phase_PHASE_MERGE_WAIT; got != want {
		t.Fatalf("got phase %s after the reclaim (%s), want %s", got, out.Letter.GetNote(), want)
	}
	after := f.get(id).GetMission()
	if got := after.GetHeadSeq(); got != 3 {
		t.Errorf("got head %d, want 3 (judging, one executing, merge_wait)", got)
	}
	if wt := f.worktrees(); len(wt) != 0 {
		t.Errorf("got worktrees %v left behind, want none", wt)
	}
}

// TestSweepRemovesAKilledRunsWorktree: a worktree whose runner died before cleaning up (the
// marker beside it survives) is removed when a runner starts in the same work directory.
func TestMissionSweepRemovesAKilledRunsWorktree(t *testing.T) {
	f := newMsnFixture(t)
	work := t.TempDir()
	wt := filepath.Join(work, "msn_0000000000000001-123")
	msnGit(t, f.repo, "worktree", "add", "--detach", wt, "HEAD")
	msnWriteFile(t, wt+".repo", f.repo)
	r, err := runner.New(runner.Options{Client: f.runner, ID: "r1", WorkDir: work, Logger: msnQuiet()})
	if err != nil {
		t.Fatal(err)
	}
	n, err := r.Sweep(msnBG)
	if err != nil || n != 1 {
		t.Fatalf("got (%d, %v), want one worktree swept", n, err)
	}
	if left := f.worktrees(); len(left) != 0 {
		t.Errorf("got worktrees %v after the sweep, want none", left)
	}
	if _, err := os.Stat(wt + ".repo"); !os.IsNotExist(err) {
		t.Errorf("got the marker still present (%v)", err)
	}
}

// TestLeaseExpiryExhaustsAttempts: a mission whose runners keep dying is failed honestly on
// the claim that finds every attempt spent, never handed out forever.
func TestMissionLeaseExpiryExhaustsAttempts(t *testing.T) {
	f := newMsnFixture(t)
	m := f.open(msnPacket())
	id := m.GetMissionId()
	f.spawn(id, "r1")
	w := f.claim(f.runner)
	msnMust(f.post(f.runner, id, 1, msnLetter(missionv1.Phase_PHASE_EXECUTING, "executing")))(t)
	for attempt := 2; attempt <= 3; attempt++ {
		f.clock.Advance(31 * time.Second)
		w = f.claim(f.runner)
		if got := w.GetLease().GetAttempt(); got != int32(attempt) {
			t.Fatalf("got attempt %d, want %d", got, attempt)
		}
		if got, want := w.GetPhase(), missionv1.Phase_PHASE_EXECUTING; got != want {
			t.Fatalf("got reclaimed phase %s, want %s", got, want)
		}
	}
	f.clock.Advance(31 * time.Second)
	if w := msnMust(f.runner.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{}))(t).GetWork(); w != nil {
		t.Fatalf("got work after every attempt expired, want none")
	}
	view := f.get(id)
	if got, want := view.GetMission().GetPhase(), missionv1.Phase_PHASE_FAILED; got != want {
		t.Fatalf("got phase %s, want %s", got, want)
	}
	if !strings.Contains(view.GetHead().GetNote(), "lease expired 3 times") {
		t.Errorf("got note %q, want the honest reason", view.GetHead().GetNote())
	}
}

// TestRunnerJoinsTheRoster: the reference runner registers in presence as kind runner.
func TestMissionRunnerJoinsTheRoster(t *testing.T) {
	f := newMsnFixture(t)
	m := f.open(msnPacket())
	f.spawn(m.GetMissionId(), "r1")
	r, err := runner.New(runner.Options{Client: f.runner, ID: "r1", WorkDir: t.TempDir(), Wait: time.Second, Logger: msnQuiet(),
		Presence: presencev1.NewPresenceServiceClient(f.runnerConn)})
	if err != nil {
		t.Fatal(err)
	}
	if _, ran, err := r.RunOnce(msnWithin(t)); err != nil || !ran {
		t.Fatalf("RunOnce: ran=%t err=%v", ran, err)
	}
	roster := msnMust(presencev1.NewPresenceServiceClient(f.env.Owner()).List(msnBG, &presencev1.ListRequest{Brain: msnBrain, Kind: "runner"}))(t)
	if len(roster.GetPresences()) != 1 || roster.GetPresences()[0].GetAgentId() != "r1" {
		t.Fatalf("got roster %v, want runner r1", roster.GetPresences())
	}
}

// TestGateTimeout: the pinned timeout kills a gate that hangs, and the mission fails saying so.
func TestMissionGateTimeout(t *testing.T) {
	f := newMsnFixture(t)
	p := msnPacket()
	p.GateCommand = "echo started; sleep 60"
	m := f.open(p)
	f.spawn(m.GetMissionId(), "quick")
	quick := missionv1.NewMissionServiceClient(f.env.Agent("quick", "runner", msnBrain))
	out, ran, err := f.newRunner(quick, "quick").RunOnce(msnWithin(t))
	if err != nil || !ran {
		t.Fatalf("RunOnce: ran=%t err=%v", ran, err)
	}
	if got, want := out.Phase, missionv1.Phase_PHASE_FAILED; got != want {
		t.Fatalf("got phase %s, want %s", got, want)
	}
	if note := out.Letter.GetNote(); !strings.Contains(note, "timed out after 1s") || !strings.Contains(note, "started") {
		t.Errorf("got note %q, want the timeout and the log tail", note)
	}
}
