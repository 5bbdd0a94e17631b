package joints_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/principal"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/runner"
)

// TestMissionCharterReportToLanding is the immune cycle on a real git repository: an agent
// files a report, the owner sweeps, the composer charters a seq 1 judging mission carrying the
// symptom verbatim and the report id, spawned to the runner whose gate it derived; the real
// runner runs executor and gate in a worktree and posts merge_wait (the bell rings); the
// composer cannot land it, the owner's stamp does, and the change is on the target branch.
func TestMissionCharterReportToLanding(t *testing.T) {
	f := newChrFixture(t, -1)
	what := "notes.txt never says it was fixed.\n\tSteps: open notes.txt; read it.  Expected: \"fixed\"."
	rep := f.report(f.agent, chrBug, "alpha", "notes", what, "sb_runner")
	res := f.sweep(f.owner)
	if res.GetChartered() != 1 {
		t.Fatalf("got %d chartered, want 1 (%v)", res.GetChartered(), res.GetScreened())
	}
	sc := res.GetScreened()[0].GetScreen()
	if sc.GetBrain() != "alpha" || sc.GetSweptBy().GetOrigin().String() != "ORIGIN_HUMAN_CLI" {
		t.Errorf("got screening in %q by %v, want alpha by the owner", sc.GetBrain(), sc.GetSweptBy())
	}
	id := sc.GetMissionId()
	view := msnMust(f.owner.GetMission(msnBG, &missionv1.GetMissionRequest{MissionId: id}))(t)
	m, head := view.GetMission(), view.GetHead()
	if got, want := m.GetPhase(), missionv1.Phase_PHASE_JUDGING; got != want {
		t.Fatalf("got phase %s, want %s", got, want)
	}
	if m.GetHeadSeq() != 1 || m.GetAssignedRunner() != "r1" {
		t.Errorf("got head %d and runner %q, want seq 1 spawned to r1", m.GetHeadSeq(), m.GetAssignedRunner())
	}
	p := head.GetPacket()
	if p.GetSymptom() != what {
		t.Errorf("got symptom %q, want the report verbatim %q", p.GetSymptom(), what)
	}
	if p.GetReportId() != rep.GetReportId() || p.GetGateCommand() != "grep -q fixed notes.txt" || strings.Join(p.GetBlockIds(), ",") != "sb_runner" {
		t.Errorf("got packet %v, want report %s, r1's pinned gate and block sb_runner", p, rep.GetReportId())
	}
	if a := head.GetAuthor(); a.GetAgentId() != domain.Composer.AgentID || a.GetOrigin().String() != "ORIGIN_SERVICE" {
		t.Errorf("got seq 1 by %v, want the composer as a service", a)
	}

	r, err := runner.New(runner.Options{Client: f.runner, ID: "r1", WorkDir: t.TempDir(), Wait: msnPatience, Logger: msnQuiet()})
	if err != nil {
		t.Fatal(err)
	}
	out, ran, err := r.RunOnce(msnWithin(t))
	if err != nil || !ran {
		t.Fatalf("RunOnce: ran=%t err=%v", ran, err)
	}
	if out.MissionID != id || out.Phase != missionv1.Phase_PHASE_MERGE_WAIT {
		t.Fatalf("got %s -> %s (%s), want %s -> merge_wait", out.MissionID, out.Phase, out.Letter.GetNote(), id)
	}
	mw := msnMust(f.owner.GetMission(msnBG, &missionv1.GetMissionRequest{MissionId: id}))(t).GetMission()
	if !mw.GetRinging() {
		t.Error("got the bell silent at merge_wait, want it ringing")
	}

	// Nothing but the owner lands: not the composer's own service credential, not the agent.
	sv := func() int64 {
		return msnMust(f.medOwner.GetBrain(msnBG, &medullav1.GetBrainRequest{Name: "alpha"}))(t).GetBrain().GetStoreVersion()
	}
	composer := missionv1.NewMissionServiceClient(f.env.Service("mission"))
	for name, c := range map[string]missionv1.MissionServiceClient{"composer": composer, "reporter": f.agent} {
		_, err := c.ImportReceipt(msnBG, &missionv1.ImportReceiptRequest{MissionId: id, CandidateLetterId: mw.GetCandidateLetterId(), ExpectedStoreVersion: sv()})
		if err == nil {
			t.Fatalf("%s: got a landing, want ORIGIN_NOT_HUMAN", name)
		}
		msnWantReason(t, err, "ORIGIN_NOT_HUMAN")
	}
	landed := msnMust(f.owner.ImportReceipt(msnBG, &missionv1.ImportReceiptRequest{MissionId: id,
		CandidateLetterId: mw.GetCandidateLetterId(), ExpectedStoreVersion: sv()}))(t)
	if got, want := landed.GetMission().GetPhase(), missionv1.Phase_PHASE_LANDED; got != want {
		t.Fatalf("got phase %s, want %s", got, want)
	}
	if got := landed.GetLetter().GetLanding().GetImportedVia().String(); got != "ORIGIN_HUMAN_CLI" {
		t.Errorf("got imported via %s, want the owner's CLI", got)
	}
	if notes := msnGit(t, f.repos["alpha"], "show", "main:notes.txt"); !strings.Contains(notes, "fixed") {
		t.Errorf("got notes.txt on main %q, want the runner's fix landed", notes)
	}
	if principal.Principal(domain.Composer).Human() {
		t.Error("got a human composer, want a service that can never land")
	}
}
