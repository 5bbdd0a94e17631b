package joints_test

import (
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/rpcstatus"
	"github.com/organism-dev/organism/platform/sqlitedb"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// tamper runs SQL against the mission database behind the service's back, to prove the
// landing gate re-checks evidence rather than trusting what was checked at post time.
func (f *msnFixture) tamper(q string, args ...any) {
	f.t.Helper()
	db, err := sqlitedb.Open(context.Background(), filepath.Join(f.dataDir, "mission.db"), nil, sqlitedb.Options{})
	if err != nil {
		f.t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(q, args...); err != nil {
		f.t.Fatal(err)
	}
}

func TestMissionImportReceiptRefusals(t *testing.T) {
	f := newMsnFixture(t)
	tests := []struct {
		name string
		// setup prepares a merge_wait mission and returns the request to send and who sends it.
		setup  func(m *missionv1.Mission) (missionv1.MissionServiceClient, *missionv1.ImportReceiptRequest)
		reason string
	}{
		{"agent cannot land", func(m *missionv1.Mission) (missionv1.MissionServiceClient, *missionv1.ImportReceiptRequest) {
			return f.agent, f.importReq(m)
		}, "ORIGIN_NOT_HUMAN"},
		{"runner cannot land", func(m *missionv1.Mission) (missionv1.MissionServiceClient, *missionv1.ImportReceiptRequest) {
			return f.runner, f.importReq(m)
		}, "ORIGIN_NOT_HUMAN"},
		{"other candidate", func(m *missionv1.Mission) (missionv1.MissionServiceClient, *missionv1.ImportReceiptRequest) {
			r := f.importReq(m)
			r.CandidateLetterId = "ltr_0123456789abcdef"
			return f.owner, r
		}, "CANDIDATE_MISMATCH"},
		{"record commit named in apply mode", func(m *missionv1.Mission) (missionv1.MissionServiceClient, *missionv1.ImportReceiptRequest) {
			r := f.importReq(m)
			r.LandedCommit = f.base()
			return f.ownerUI, r
		}, "INVALID_ARGUMENT"},
		{"log missing", func(m *missionv1.Mission) (missionv1.MissionServiceClient, *missionv1.ImportReceiptRequest) {
			f.tamper(`DELETE FROM gate_logs WHERE mission_id = ?`, m.GetMissionId())
			return f.owner, f.importReq(m)
		}, "EVIDENCE_MISSING"},
		{"log altered", func(m *missionv1.Mission) (missionv1.MissionServiceClient, *missionv1.ImportReceiptRequest) {
			f.tamper(`UPDATE gate_logs SET content = ? WHERE mission_id = ?`, []byte("$ true\nforged\n"), m.GetMissionId())
			return f.owner, f.importReq(m)
		}, "EVIDENCE_MISMATCH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := f.mergeWait("notes.txt")
			before := f.storeVersion()
			client, req := tc.setup(m)
			_, err := client.ImportReceipt(msnBG, req)
			msnWantReason(t, err, tc.reason)
			f.wantUnlanded(m, before, tc.reason)
		})
	}
}

func (f *msnFixture) importReq(m *missionv1.Mission) *missionv1.ImportReceiptRequest {
	return &missionv1.ImportReceiptRequest{MissionId: m.GetMissionId(), CandidateLetterId: m.GetCandidateLetterId(),
		ExpectedStoreVersion: f.storeVersion()}
}

// wantUnlanded checks a refused landing changed nothing and was logged.
func (f *msnFixture) wantUnlanded(m *missionv1.Mission, storeVersion int64, reason string) {
	f.t.Helper()
	view := f.get(m.GetMissionId())
	if got, want := view.GetMission().GetPhase(), missionv1.Phase_PHASE_MERGE_WAIT; got != want {
		f.t.Errorf("got phase %s after a refused landing, want %s", got, want)
	}
	if !view.GetMission().GetRinging() {
		f.t.Error("got the bell silent after a refused landing, want it still ringing")
	}
	if got := f.storeVersion(); got != storeVersion {
		f.t.Errorf("got store version %d after a refused landing, want %d", got, storeVersion)
	}
	rs := view.GetRefusals()
	if len(rs) == 0 || rs[len(rs)-1].GetReason() != reason {
		f.t.Errorf("got logged refusals %v, want the last to be %s", rs, reason)
	}
}

func TestMissionImportReceiptNotMergeWait(t *testing.T) {
	f := newMsnFixture(t)
	m := f.open(msnPacket())
	_, err := f.owner.ImportReceipt(msnBG, &missionv1.ImportReceiptRequest{MissionId: m.GetMissionId(),
		CandidateLetterId: m.GetHeadLetterId(), ExpectedStoreVersion: f.storeVersion()})
	msnWantReason(t, err, "ILLEGAL_TRANSITION")
	_, err = f.owner.ImportReceipt(msnBG, &missionv1.ImportReceiptRequest{MissionId: "bad"})
	msnWantReason(t, err, "INVALID_ARGUMENT")
}

// TestStaleScopeThenRerun: a commit touching the candidate's paths lands between merge_wait
// and the stamp; nothing lands, the gate is re-run on the new base, and that candidate lands.
func TestMissionStaleScopeThenRerun(t *testing.T) {
	f := newMsnFixture(t)
	m := f.mergeWait("notes.txt")
	// A commit on a path the candidate did not touch does not make it stale.
	msnWriteFile(t, filepath.Join(f.repo, "README.md"), "hello again\n")
	msnGit(t, f.repo, "commit", "-q", "-am", "unrelated")
	// One that does, does.
	msnWriteFile(t, filepath.Join(f.repo, "notes.txt"), "someone else's notes\n")
	msnGit(t, f.repo, "commit", "-q", "-am", "moved under the candidate")
	before := f.storeVersion()
	_, err := f.land(f.owner, m)
	msnWantReason(t, err, "STALE_SCOPE")
	f.wantUnlanded(m, before, "STALE_SCOPE")
	if !f.get(m.GetMissionId()).GetMission().GetRerunRequested() {
		t.Fatal("got no re-run requested after stale scope, want one")
	}

	// The re-run: merge_wait -> merge_wait with a fresh candidate on the new base.
	w := f.claim(f.runner)
	if got, want := w.GetPhase(), missionv1.Phase_PHASE_MERGE_WAIT; got != want {
		t.Fatalf("got re-run work in phase %s, want %s", got, want)
	}
	sha := f.putLog(f.runner, m.GetMissionId(), "$ true\nrerun ok\n")
	l := msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "gate re-run on the new base")
	l.Candidate = f.candidate(m.GetMissionId(), sha, "notes.txt")
	resp := msnMust(f.post(f.runner, m.GetMissionId(), w.GetHeadSeq(), l))(t)
	if resp.GetMission().GetRerunRequested() {
		t.Error("got re-run still requested after a fresh candidate, want cleared")
	}
	landed := msnMust(f.land(f.owner, resp.GetMission()))(t)
	if got, want := landed.GetMission().GetPhase(), missionv1.Phase_PHASE_LANDED; got != want {
		t.Fatalf("got phase %s, want %s", got, want)
	}
	if got, want := landed.GetLetter().GetLanding().GetCandidateLetterId(), resp.GetLetter().GetLetterId(); got != want {
		t.Errorf("got landed candidate %s, want the re-run's %s", got, want)
	}
}

func TestMissionImportReceiptTemporalGate(t *testing.T) {
	f := newMsnFixture(t)
	t.Run("window before the mission opened", func(t *testing.T) {
		m := f.open(msnPacket())
		f.spawn(m.GetMissionId(), "r1")
		f.claim(f.runner)
		msnMust(f.post(f.runner, m.GetMissionId(), 1, msnLetter(missionv1.Phase_PHASE_EXECUTING, "executing")))(t)
		sha := f.putLog(f.runner, m.GetMissionId(), "log\n")
		l := msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "gate passed")
		l.Candidate = f.candidate(m.GetMissionId(), sha)
		l.Candidate.StartedAt = timestamppb.New(f.clock.Now().Add(-time.Hour))
		after := msnMust(f.post(f.runner, m.GetMissionId(), 2, l))(t).GetMission()
		before := f.storeVersion()
		_, err := f.land(f.owner, after)
		msnWantReason(t, err, "IMPLAUSIBLE_WINDOW")
		f.wantUnlanded(after, before, "IMPLAUSIBLE_WINDOW")
	})
	t.Run("candidate too old", func(t *testing.T) {
		m := f.mergeWait()
		f.clock.Advance(25 * time.Hour)
		before := f.storeVersion()
		_, err := f.land(f.ownerUI, m)
		msnWantReason(t, err, "CANDIDATE_TOO_OLD")
		f.wantUnlanded(m, before, "CANDIDATE_TOO_OLD")
	})
}

func TestMissionLandFromHallSession(t *testing.T) {
	f := newMsnFixture(t)
	m := f.mergeWait()
	resp := msnMust(f.land(f.ownerUI, m))(t)
	if got, want := resp.GetLetter().GetLanding().GetImportedVia().String(), "ORIGIN_HUMAN_UI"; got != want {
		t.Errorf("got imported_via %s, want %s", got, want)
	}
	// Exactly one arrow lands: the same candidate cannot land twice.
	_, err := f.land(f.owner, m)
	msnWantReason(t, err, "ILLEGAL_TRANSITION")
}

// TestConcurrentStampsLandOnce: eight stamps of one candidate race; exactly one lands and the
// store moves once for it.
func TestMissionConcurrentStampsLandOnce(t *testing.T) {
	f := newMsnFixture(t)
	m := f.mergeWait()
	req := f.importReq(m)
	before := req.GetExpectedStoreVersion()
	var wins atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.owner.ImportReceipt(msnBG, req)
			switch r := rpcstatus.ReasonOf(err); {
			case err == nil:
				wins.Add(1)
			case r == "ILLEGAL_TRANSITION" || r == "STORE_VERSION_MISMATCH":
			default:
				t.Errorf("got %v, want a landing or a typed refusal", err)
			}
		}()
	}
	wg.Wait()
	if got := wins.Load(); got != 1 {
		t.Fatalf("got %d landings, want exactly 1", got)
	}
	letters := msnMust(f.owner.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: m.GetMissionId()}))(t).GetLetters()
	landed := 0
	for _, l := range letters {
		if l.GetPhase() == missionv1.Phase_PHASE_LANDED {
			landed++
		}
	}
	if landed != 1 {
		t.Fatalf("got %d landed letters, want 1", landed)
	}
	// One bump for the landing, one commit for the debrief.
	if got, want := f.storeVersion(), before+2; got != want {
		t.Errorf("got store version %d, want %d", got, want)
	}
}
