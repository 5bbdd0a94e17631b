package joints_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/auth"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
)

// TRUST §3–§5 from mission's side: a landing lands the candidate's change on the brain's
// target branch, guarded per mission and per target scope, with receipts in the ledger they
// belong to. Every test runs the real organs over the real API on a real git repository.

// ownerIdentity configures the repository's committer, as the owner's git config would.
func (f *msnFixture) ownerIdentity() {
	msnGit(f.t, f.repo, "config", "user.name", "Owner")
	msnGit(f.t, f.repo, "config", "user.email", "owner@example.com")
}

func (f *msnFixture) tip() string { return msnGit(f.t, f.repo, "rev-parse", "refs/heads/main") }

func (f *msnFixture) onMain(commit string) bool {
	_, err := gitOK(f.repo, "merge-base", "--is-ancestor", commit, "refs/heads/main")
	return err == nil
}

func gitOK(dir string, args ...string) (string, error) {
	out, err := execGit(dir, args...)
	return strings.TrimSpace(out), err
}

func (f *msnFixture) mainFile(p string) string {
	f.t.Helper()
	return msnGit(f.t, f.repo, "show", "refs/heads/main:"+p)
}

// TestMissionLandingLandsTheChange: the reference runner's executor edits notes.txt; the
// change survives the runner's worktree as a commit under the mission ref, and the owner's
// stamp puts exactly that commit on main, with its sha in the receipt, the landed letter and
// the debrief. After the grace period the mission ref is removed.
func TestMissionLandingLandsTheChange(t *testing.T) {
	f := newMsnFixture(t)
	p := msnPacket()
	p.GateCommand = "grep -q fixed notes.txt"
	m := f.open(p)
	id := m.GetMissionId()
	f.spawn(id, "r2")
	base := f.base()
	out, ran, err := f.newRunner(f.runner2, "r2").RunOnce(msnWithin(t))
	if err != nil || !ran || out.Phase != missionv1.Phase_PHASE_MERGE_WAIT {
		t.Fatalf("RunOnce: ran=%t phase=%s err=%v", ran, out.Phase, err)
	}
	c := f.get(id).GetCandidate().GetCandidate()
	ref := domain.MissionRef(id)
	if got := msnGit(t, f.repo, "rev-parse", ref); got != c.GetCommit() || c.GetRef() != ref {
		t.Fatalf("got %s at %s (candidate says %s under %s), want the candidate's commit kept under the mission ref", got, ref, c.GetCommit(), c.GetRef())
	}
	if got := msnGit(t, f.repo, "rev-parse", c.GetCommit()+"^"); got != base {
		t.Errorf("got candidate parent %s, want base %s", got, base)
	}
	if got := msnGit(t, f.repo, "log", "-1", "--format=%an", c.GetCommit()); got != "r2" {
		t.Errorf("got candidate author %q, want the executor r2", got)
	}
	if f.tip() != base || msnGit(t, f.repo, "status", "--porcelain") != "" {
		t.Fatal("got main or the owner's checkout moved by the runner, want both untouched until the stamp")
	}

	resp := msnMust(f.land(f.owner, f.get(id).GetMission()))(t)
	landing := resp.GetLetter().GetLanding()
	if got, want := f.tip(), c.GetCommit(); got != want {
		t.Errorf("got main at %s, want the candidate's commit %s fast-forwarded", got, want)
	}
	if !strings.Contains(f.mainFile("notes.txt"), "fixed") {
		t.Errorf("got main's notes.txt %q, want the executor's change", f.mainFile("notes.txt"))
	}
	if got := msnGit(t, f.repo, "rev-parse", "HEAD"); got != f.tip() || msnGit(t, f.repo, "status", "--porcelain") != "" {
		t.Errorf("got the owner's clean checkout at %s, want it moved along to main, clean", got)
	}
	if landing.GetCommit() != f.tip() || landing.GetMethod() != "fast-forward" || landing.GetTargetBranch() != "main" ||
		landing.GetMode() != missionv1.LandingMode_LANDING_MODE_APPLY {
		t.Errorf("got landing %v, want commit %s by fast-forward on main in apply mode", landing, f.tip())
	}
	if got := resp.GetReceipt().GetDetails()["commit"]; got != f.tip() || resp.GetReceipt().GetReceiptId() != landing.GetReceiptId() {
		t.Errorf("got receipt %s naming commit %q, want the landing's receipt naming %s", resp.GetReceipt().GetReceiptId(), got, f.tip())
	}
	claim := msnMust(f.medOwner.GetClaim(msnBG, &medullav1.GetClaimRequest{Brain: msnBrain, Slug: resp.GetMission().GetDebrief().GetSlug()}))(t).GetClaim()
	if !strings.Contains(claim.GetBody(), f.tip()) {
		t.Errorf("got a debrief that does not name the landed sha %s:\n%s", f.tip(), claim.GetBody())
	}

	// The ref outlives the landing by the grace period, then the sweep (on the organ's clock) removes it.
	f.clock.Advance(time.Hour)
	if _, err := gitOK(f.repo, "rev-parse", "--verify", ref); err != nil {
		t.Fatalf("got %s removed within the grace period, want it kept", ref)
	}
	f.clock.Advance(24 * time.Hour)
	msnWaitFor(t, "the mission ref removed after the grace period", func() bool {
		_, err := gitOK(f.repo, "rev-parse", "--verify", "--quiet", ref)
		return err != nil
	})
	if !f.onMain(c.GetCommit()) {
		t.Error("got the landed commit gone from main with its ref, want it kept by the branch")
	}
}

// TestMissionLandingMergesOntoAMovedTarget: main moved elsewhere than the candidate's scope;
// the landing is a merge commit naming the mission and the landing receipt, authored by the
// executor and committed by the owner's configured identity.
func TestMissionLandingMergesOntoAMovedTarget(t *testing.T) {
	f := newMsnFixture(t)
	f.ownerIdentity()
	m := f.mergeWait("notes.txt")
	msnWriteFile(t, filepath.Join(f.repo, "README.md"), "hello, moved\n")
	msnGit(t, f.repo, "commit", "-q", "-am", "elsewhere")
	resp := msnMust(f.land(f.owner, m))(t)
	l := resp.GetLetter().GetLanding()
	if l.GetMethod() != "merge" || l.GetCommit() != f.tip() {
		t.Fatalf("got landing %v with main at %s, want a merge commit at main's tip", l, f.tip())
	}
	got := msnGit(t, f.repo, "log", "-1", "--format=%an|%cn <%ce>|%B", f.tip())
	for _, want := range []string{"r1|", "|Owner <owner@example.com>|", m.GetMissionId(), "Landing-Receipt: " + l.GetReceiptId()} {
		if !strings.Contains(got, want) {
			t.Errorf("got merge commit %q, want it to contain %q", got, want)
		}
	}
	if !strings.Contains(f.mainFile("notes.txt"), "changed by "+m.GetMissionId()) || f.mainFile("README.md") != "hello, moved" {
		t.Error("got main without both the candidate's change and the owner's commit")
	}
}

// TestMissionFiveStampsFromOneBoardView: five ringing missions on disjoint files, stamped one
// after the other with the store version the board showed before the first: five land, though
// every landing (and its debrief) moved the store version.
func TestMissionFiveStampsFromOneBoardView(t *testing.T) {
	f := newMsnFixture(t)
	f.ownerIdentity()
	var ms []*missionv1.Mission
	for i := range 5 {
		ms = append(ms, f.mergeWait(fmt.Sprintf("file%d.txt", i)))
	}
	board := msnMust(f.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{Brain: msnBrain,
		Phases: []missionv1.Phase{missionv1.Phase_PHASE_MERGE_WAIT}}))(t).GetMissions()
	if len(board) != 5 {
		t.Fatalf("got %d ringing missions, want 5", len(board))
	}
	seen := f.storeVersion()
	for _, m := range board {
		resp, err := f.owner.ImportReceipt(msnBG, &missionv1.ImportReceiptRequest{MissionId: m.GetMissionId(),
			CandidateLetterId: m.GetCandidateLetterId(), ExpectedStoreVersion: seen})
		if err != nil {
			t.Fatalf("stamp %s from the board view: got %v, want it landed", m.GetMissionId(), err)
		}
		if c := resp.GetLetter().GetLanding().GetCommit(); c != f.tip() {
			t.Errorf("got landing commit %s, want main's tip %s", c, f.tip())
		}
	}
	for i, m := range ms {
		if got := f.get(m.GetMissionId()).GetMission().GetPhase(); got != missionv1.Phase_PHASE_LANDED {
			t.Errorf("got %s %s, want landed", m.GetMissionId(), got)
		}
		if !strings.Contains(f.mainFile(fmt.Sprintf("file%d.txt", i)), m.GetMissionId()) {
			t.Errorf("got main without %s's change", m.GetMissionId())
		}
	}
	// Five landings and five debriefs, each a commit in the brain.
	if got, want := f.storeVersion(), seen+10; got != want {
		t.Errorf("got store version %d, want %d", got, want)
	}
}

// TestMissionOverlappingScopesLandOne: two missions changed notes.txt from one base; the first
// stamp lands, the second is refused STALE_SCOPE with a re-run requested and nothing of it lands.
func TestMissionOverlappingScopesLandOne(t *testing.T) {
	f := newMsnFixture(t)
	first, second := f.mergeWait("notes.txt"), f.mergeWait("notes.txt")
	msnMust(f.land(f.owner, first))(t)
	tip, before := f.tip(), f.storeVersion()
	_, err := f.land(f.owner, second)
	msnWantReason(t, err, "STALE_SCOPE")
	f.wantUnlanded(second, before, "STALE_SCOPE")
	if f.tip() != tip || strings.Contains(f.mainFile("notes.txt"), second.GetMissionId()) {
		t.Error("got the refused mission's change on main, want nothing of it landed")
	}
	if !f.get(second.GetMissionId()).GetMission().GetRerunRequested() {
		t.Error("got no re-run requested, want one")
	}
}

// TestMissionDirtyTargetRefused: main is checked out with the owner's uncommitted work; the
// landing refuses TARGET_DIRTY and touches neither the branch nor the work, and lands once the
// owner has committed it.
func TestMissionDirtyTargetRefused(t *testing.T) {
	f := newMsnFixture(t)
	m := f.mergeWait("notes.txt")
	msnWriteFile(t, filepath.Join(f.repo, "README.md"), "owner's unsaved work\n")
	tip, before := f.tip(), f.storeVersion()
	_, err := f.land(f.owner, m)
	msnWantReason(t, err, "TARGET_DIRTY")
	f.wantUnlanded(m, before, "TARGET_DIRTY")
	if f.tip() != tip {
		t.Error("got main moved by a refused landing")
	}
	if data, _ := os.ReadFile(filepath.Join(f.repo, "README.md")); string(data) != "owner's unsaved work\n" {
		t.Errorf("got the owner's work %q, want it untouched", data)
	}
	msnGit(t, f.repo, "commit", "-q", "-am", "owner saves")
	resp := msnMust(f.land(f.owner, m))(t)
	if !f.onMain(resp.GetLetter().GetLanding().GetCommit()) || !strings.Contains(f.mainFile("notes.txt"), m.GetMissionId()) {
		t.Error("got the change missing from main after the owner cleaned up and stamped again")
	}
}

// TestMissionRecordMode: a brain whose team merges through a code host lands by naming the
// merge; the landing checks that it carries the candidate's change.
func TestMissionRecordMode(t *testing.T) {
	f := newMsnFixture(t)
	msnWriteFile(t, filepath.Join(f.dataDir, "landing.toml"), "[brain.alpha]\ntarget = \"main\"\nmode = \"record\"\n")
	stamp := func(m *missionv1.Mission, sha string) (*missionv1.ImportReceiptResponse, error) {
		return f.owner.ImportReceipt(msnBG, &missionv1.ImportReceiptRequest{MissionId: m.GetMissionId(),
			CandidateLetterId: m.GetCandidateLetterId(), LandedCommit: sha})
	}
	candidate := func(m *missionv1.Mission) string {
		return f.get(m.GetMissionId()).GetCandidate().GetCandidate().GetCommit()
	}

	t.Run("refusals change nothing", func(t *testing.T) {
		m := f.mergeWait("notes.txt")
		for _, tc := range []struct{ name, sha, reason string }{
			{"no merge named", "", "INVALID_ARGUMENT"},
			{"a commit without the change", f.base(), "CHANGE_NOT_CONTAINED"},
			{"an unknown commit", strings.Repeat("e", 40), "CHANGE_NOT_CONTAINED"},
		} {
			before := f.storeVersion()
			_, err := stamp(m, tc.sha)
			msnWantReason(t, err, tc.reason)
			f.wantUnlanded(m, before, tc.reason)
		}
	})
	t.Run("a squash is found by patch id", func(t *testing.T) {
		m := f.mergeWait("notes.txt")
		tip := f.tip()
		msnGit(t, f.repo, "cherry-pick", candidate(m))
		squash := f.tip()
		resp := msnMust(stamp(m, squash))(t)
		if l := resp.GetLetter().GetLanding(); l.GetCommit() != squash || l.GetMethod() != "patch-id" || l.GetMode() != missionv1.LandingMode_LANDING_MODE_RECORD {
			t.Errorf("got landing %v, want %s by patch-id in record mode", l, squash)
		}
		if msnGit(t, f.repo, "rev-parse", "main~1") != tip {
			t.Error("got main moved by a record-mode landing, want only the owner's merge on it")
		}
	})
	t.Run("a merge keeps the commit", func(t *testing.T) {
		m := f.mergeWait("README.md")
		msnGit(t, f.repo, "merge", "-q", "--no-ff", "-m", "merged on the code host", candidate(m))
		resp := msnMust(stamp(m, f.tip()))(t)
		if l := resp.GetLetter().GetLanding(); l.GetCommit() != f.tip() || l.GetMethod() != "ancestor" {
			t.Errorf("got landing %v, want %s by ancestry", l, f.tip())
		}
		if got := resp.GetReceipt().GetDetails()["commit"]; got != f.tip() {
			t.Errorf("got receipt commit %q, want %s", got, f.tip())
		}
	})
}

// TestMissionCandidateMustHoldItsCommit: a merge_wait letter whose commit is absent, or is not
// under the mission ref, is refused, and the diff stat is git's, not the runner's word.
func TestMissionCandidateMustHoldItsCommit(t *testing.T) {
	f := newMsnFixture(t)
	other := f.mergeWait("README.md")
	otherCommit := f.get(other.GetMissionId()).GetCandidate().GetCandidate().GetCommit()
	m := f.open(msnPacket())
	id := m.GetMissionId()
	f.spawn(id, "r1")
	f.claim(f.runner)
	msnMust(f.post(f.runner, id, 1, msnLetter(missionv1.Phase_PHASE_EXECUTING, "executing")))(t)
	sha := f.putLog(f.runner, id, "$ true\n")
	tests := []struct {
		name   string
		edit   func(c *missionv1.ReceiptCandidate)
		reason string
	}{
		{"absent commit", func(c *missionv1.ReceiptCandidate) { c.Commit = strings.Repeat("d", 40) }, "EVIDENCE_MISSING"},
		{"another mission's commit", func(c *missionv1.ReceiptCandidate) { c.Commit = otherCommit }, "EVIDENCE_MISMATCH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "gate passed")
			l.Candidate = f.candidate(id, sha, "notes.txt")
			tc.edit(l.Candidate)
			_, err := f.post(f.runner, id, 2, l)
			msnWantReason(t, err, tc.reason)
		})
	}
	l := msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "gate passed")
	l.Candidate = f.candidate(id, sha, "notes.txt")
	l.Candidate.DiffStat = &missionv1.DiffStat{FilesChanged: 1, Paths: []string{"unrelated.txt"}}
	got := msnMust(f.post(f.runner, id, 2, l))(t).GetLetter().GetCandidate().GetDiffStat()
	if strings.Join(got.GetPaths(), ",") != "notes.txt" || got.GetInsertions() != 1 {
		t.Errorf("got diff stat %v, want git's: notes.txt +1", got)
	}
}

// TestMissionLedger: letters and landings leave commit receipts in the brain's ledger; a
// refusal of an outsider goes to the outsider's own ledger (or, for a caller bound to no
// brain, the owner's security ledger), never the target's.
func TestMissionLedger(t *testing.T) {
	f := newMsnFixture(t)
	m := f.mergeWait("notes.txt")
	resp := msnMust(f.land(f.ownerUI, m))(t)
	list := func(c missionv1.MissionServiceClient, brain string, security bool) []*commonv1.Receipt {
		t.Helper()
		return msnMust(c.ListReceipts(msnBG, &missionv1.ListReceiptsRequest{Brain: brain, Security: security}))(t).GetReceipts()
	}
	var effects []string
	for _, r := range list(f.agent, "", false) {
		c := r.GetCommit()
		if c == nil {
			t.Fatalf("got %v in alpha's ledger, want only commit receipts so far", r)
		}
		effects = append(effects, c.GetProposal().GetEffect()+":"+c.GetDetails()["phase"])
	}
	if got, want := strings.Join(effects, " "), "land:landed letter:merge_wait letter:executing open:judging"; got != want {
		t.Errorf("got alpha's ledger %s, want %s (newest first)", got, want)
	}
	if got := list(f.owner, msnBrain, false)[0].GetCommit(); got.GetReceiptId() != resp.GetReceipt().GetReceiptId() || got.GetDetails()["commit"] != f.tip() {
		t.Errorf("got the newest receipt %v, want the landing's, naming %s", got, f.tip())
	}

	peer := missionv1.NewMissionServiceClient(f.env.Conn(auth.Bearer(f.env.Mint(auth.MintRequest{Kind: auth.KindPeer, Subject: "alice"}))))
	refusals := []struct {
		name string
		call func() error
		// ledger is where the rejection receipt belongs; "" is the security ledger.
		ledger string
	}{
		{"foreign agent posts", func() error {
			_, err := f.post(f.foreign, m.GetMissionId(), 4, msnLetter(missionv1.Phase_PHASE_FAILED, "not mine"))
			return err
		}, "beta"},
		{"foreign agent opens", func() error {
			_, err := f.foreign.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket()})
			return err
		}, "beta"},
		{"peer opens", func() error {
			_, err := peer.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket()})
			return err
		}, ""},
	}
	alphaBefore := len(list(f.owner, msnBrain, false))
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.call(); err == nil {
				t.Fatal("got success, want a refusal")
			}
			var got []*commonv1.Receipt
			if tc.ledger == "" {
				got = list(f.owner, "", true)
			} else {
				got = list(f.owner, tc.ledger, false)
			}
			if len(got) == 0 || got[0].GetRejection() == nil || got[0].GetRejection().GetBrain() != msnBrain {
				t.Fatalf("got ledger %q headed by %v, want the rejection of the reach into alpha", tc.ledger, got)
			}
			if n := len(list(f.owner, msnBrain, false)); n != alphaBefore {
				t.Errorf("got alpha's ledger grown to %d by an outsider, want %d", n, alphaBefore)
			}
		})
	}
	_, err := f.agent.ListReceipts(msnBG, &missionv1.ListReceiptsRequest{Security: true})
	msnWantReason(t, err, "ORIGIN_NOT_HUMAN")
	_, err = f.foreign.ListReceipts(msnBG, &missionv1.ListReceiptsRequest{Brain: msnBrain})
	msnWantReason(t, err, "FOREIGN_BRAIN")
}

// execGit runs git in dir, answering its error instead of failing the test.
func execGit(dir string, args ...string) (string, error) {
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	return string(out), err
}
