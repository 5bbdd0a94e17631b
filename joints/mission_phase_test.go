package joints_test

import (
	"testing"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// TestPhaseArrows reaches every arrow of §6 that a letter can draw, and the refusals around
// them, through the gRPC API. The landing arrow is in landing_test.go.
func TestMissionPhaseArrows(t *testing.T) {
	f := newMsnFixture(t)
	// Each state gets its own pinned runner: a runner holds one lease at a time.
	judging := func() msnState {
		st := msnState{m: f.open(msnPacket()), head: 1}
		st.runner, st.runnerID = f.poolRunner()
		return st
	}
	leased := func() msnState {
		st := judging()
		id, rc := st.runnerID, st.runner
		f.spawn(st.m.GetMissionId(), id)
		f.claim(rc)
		return st
	}
	executing := func() msnState {
		st := leased()
		msnMust(f.post(st.runner, st.m.GetMissionId(), 1, msnLetter(missionv1.Phase_PHASE_EXECUTING, "go")))(t)
		st.head = 2
		return st
	}
	mergeWait := func() msnState {
		st := msnState{m: f.mergeWait(), head: 3}
		st.runner, st.runnerID = f.poolRunner()
		return st
	}
	failed := func() msnState {
		st := executing()
		msnMust(f.post(st.runner, st.m.GetMissionId(), st.head, msnLetter(missionv1.Phase_PHASE_FAILED, "gate exited 1")))(t)
		st.head++
		return st
	}
	parecer := func(v missionv1.Verdict) *missionv1.Letter {
		l := msnLetter(missionv1.Phase_PHASE_JUDGING, "")
		l.Advisory = true
		l.Parecer = &missionv1.Parecer{Verdict: v, Gist: "the fix hides the symptom"}
		return l
	}
	newCandidate := func(st msnState) *missionv1.Letter {
		l := msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "gate passed")
		l.Candidate = f.candidate(st.m.GetMissionId(), f.putLog(st.runner, st.m.GetMissionId(), "gate\n"))
		return l
	}

	tests := []struct {
		name      string
		msnState  func() msnState
		client    func(msnState) missionv1.MissionServiceClient
		msnLetter func(msnState) *missionv1.Letter
		wantPhase missionv1.Phase
		reason    string
	}{
		{"judging -> executing by the leased runner", leased, msnLeaseHolder, func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_EXECUTING, "go") },
			missionv1.Phase_PHASE_EXECUTING, ""},
		{"judging -> executing without a lease", judging, msnLeaseHolder,
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_EXECUTING, "go") }, 0, "LEASE_NOT_HELD"},
		{"judging -> executing by a non-runner", judging, msnFixed(f.agent),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_EXECUTING, "go") }, 0, "NOT_A_RUNNER"},
		{"judging -> spawn_refused", judging, msnFixed(f.agent),
			func(msnState) *missionv1.Letter {
				return msnLetter(missionv1.Phase_PHASE_SPAWN_REFUSED, "runnerd refused")
			},
			missionv1.Phase_PHASE_SPAWN_REFUSED, ""},
		{"judging -> abandoned", judging, msnFixed(f.agent),
			func(msnState) *missionv1.Letter {
				return msnLetter(missionv1.Phase_PHASE_ABANDONED, "superseded by msn_x")
			},
			missionv1.Phase_PHASE_ABANDONED, ""},
		{"judging -> merge_wait", judging, msnFixed(f.agent), msnCandidateNoLog, 0, "ILLEGAL_TRANSITION"},
		{"judging -> failed", judging, msnFixed(f.owner),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_FAILED, "no") }, 0, "ILLEGAL_TRANSITION"},
		{"judging parecer self-loop", judging, msnFixed(f.judge),
			func(msnState) *missionv1.Letter { return parecer(missionv1.Verdict_VERDICT_APPROVE) },
			missionv1.Phase_PHASE_JUDGING, ""},
		{"executing -> merge_wait by the leased runner", executing, msnLeaseHolder, newCandidate, missionv1.Phase_PHASE_MERGE_WAIT, ""},
		{"executing -> merge_wait with an unstored log", executing, msnLeaseHolder, msnCandidateNoLog, 0, "EVIDENCE_MISSING"},
		{"executing -> failed by the runner", executing, msnLeaseHolder,
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_FAILED, "gate exited 2") },
			missionv1.Phase_PHASE_FAILED, ""},
		{"executing -> failed by the owner", executing, msnFixed(f.owner),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_FAILED, "stuck") },
			missionv1.Phase_PHASE_FAILED, ""},
		{"executing -> failed by an agent", executing, msnFixed(f.agent),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_FAILED, "i say so") }, 0, "ORIGIN_NOT_HUMAN"},
		{"executing -> abandoned by the owner", executing, msnFixed(f.owner),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_ABANDONED, "dropped") },
			missionv1.Phase_PHASE_ABANDONED, ""},
		{"executing -> abandoned by an agent", executing, msnFixed(f.agent),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_ABANDONED, "dropped") }, 0, "ORIGIN_NOT_HUMAN"},
		{"executing -> executing", executing, msnLeaseHolder,
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_EXECUTING, "again") }, 0, "ILLEGAL_TRANSITION"},
		{"executing parecer", executing, msnFixed(f.judge),
			func(msnState) *missionv1.Letter { return parecer(missionv1.Verdict_VERDICT_REJECT) }, 0, "ILLEGAL_TRANSITION"},
		{"merge_wait parecer self-loop", mergeWait, msnFixed(f.judge),
			func(msnState) *missionv1.Letter { return parecer(missionv1.Verdict_VERDICT_REJECT) },
			missionv1.Phase_PHASE_MERGE_WAIT, ""},
		{"merge_wait -> failed by the owner after a reject", mergeWait, msnFixed(f.owner),
			func(msnState) *missionv1.Letter {
				return msnLetter(missionv1.Phase_PHASE_FAILED, "rejected: hides the symptom")
			},
			missionv1.Phase_PHASE_FAILED, ""},
		{"merge_wait -> failed by an agent", mergeWait, msnFixed(f.agent),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_FAILED, "no") }, 0, "ORIGIN_NOT_HUMAN"},
		{"merge_wait -> landed by letter", mergeWait, msnFixed(f.owner),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_LANDED, "ship it") }, 0, "ILLEGAL_TRANSITION"},
		{"merge_wait -> merge_wait without a re-run lease", mergeWait, msnLeaseHolder, msnCandidateNoLog, 0, "LEASE_NOT_HELD"},
		{"merge_wait -> executing", mergeWait, msnLeaseHolder,
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_EXECUTING, "x") }, 0, "ILLEGAL_TRANSITION"},
		{"failed is terminal", failed, msnFixed(f.owner),
			func(msnState) *missionv1.Letter { return msnLetter(missionv1.Phase_PHASE_ABANDONED, "x") }, 0, "ILLEGAL_TRANSITION"},
		{"failed takes no parecer", failed, msnFixed(f.judge),
			func(msnState) *missionv1.Letter { return parecer(missionv1.Verdict_VERDICT_APPROVE) }, 0, "ILLEGAL_TRANSITION"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.msnState()
			m, head := st.m, st.head
			resp, err := f.post(tc.client(st), m.GetMissionId(), head, tc.msnLetter(st))
			if tc.reason != "" {
				msnWantReason(t, err, tc.reason)
				if got := f.get(m.GetMissionId()).GetMission().GetHeadSeq(); got != head {
					t.Errorf("got head %d after the refusal, want %d", got, head)
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v, want the arrow drawn", err)
			}
			if got := resp.GetMission().GetPhase(); got != tc.wantPhase {
				t.Errorf("got phase %s, want %s", got, tc.wantPhase)
			}
		})
	}
}

type msnState struct {
	m        *missionv1.Mission
	head     int64
	runner   missionv1.MissionServiceClient
	runnerID string
}

func msnLeaseHolder(st msnState) missionv1.MissionServiceClient { return st.runner }

func msnFixed(c missionv1.MissionServiceClient) func(msnState) missionv1.MissionServiceClient {
	return func(msnState) missionv1.MissionServiceClient { return c }
}

func msnCandidateNoLog(msnState) *missionv1.Letter {
	l := msnLetter(missionv1.Phase_PHASE_MERGE_WAIT, "no log")
	l.Candidate = &missionv1.ReceiptCandidate{LogSha256: "0000000000000000000000000000000000000000000000000000000000000000",
		StartedAt: msnNowTS(), EndedAt: msnNowTS(), BaseCommit: "0123456789012345678901234567890123456789", GateCommand: "true",
		Commit: "9876543210987654321098765432109876543210"}
	return l
}
