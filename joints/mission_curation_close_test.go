package joints_test

import (
	"strings"
	"testing"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	"github.com/organism-dev/organism/services/mission/runner"
)

// TestMissionCurationChainsClose: once the owner ratifies or discards a curated candidate, the
// chains of the curations made of it close (ratify: judging -> landed, the lane's one human
// arrow; discard: judging -> abandoned), with a letter by the owner naming the receipt, and the
// board no longer shows them open; a curation of another candidate stays as it is.
func TestMissionCurationChainsClose(t *testing.T) {
	tests := []struct {
		name      string
		gesture   func(f *curFixture, k *missionv1.Skeleton) string // returns the receipt id
		wantPhase missionv1.Phase
		wantWord  string
	}{
		{name: "ratify", wantPhase: missionv1.Phase_PHASE_LANDED, wantWord: "ratified",
			gesture: func(f *curFixture, k *missionv1.Skeleton) string {
				return msnMust(f.ownerUI.RatifySkeleton(msnBG, &missionv1.RatifySkeletonRequest{Brain: msnBrain, SkeletonId: k.GetSkeletonId(),
					ExpectedStoreVersion: k.GetStoreVersion()}))(f.t).GetReceiptId()
			}},
		{name: "discard", wantPhase: missionv1.Phase_PHASE_ABANDONED, wantWord: "discarded",
			gesture: func(f *curFixture, k *missionv1.Skeleton) string {
				return msnMust(f.owner.DiscardCandidate(msnBG, &missionv1.DiscardCandidateRequest{Brain: msnBrain, SkeletonId: k.GetSkeletonId(),
					ExpectedStoreVersion: k.GetStoreVersion()}))(f.t).GetReceiptId()
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newCurFixture(t)
			f.scan()
			// One failed curation and one applied by the reference hand-runner, both of this candidate.
			failed := f.curate("first try")
			w := f.claimHand()
			if _, err := f.submit(w, "not json"); err == nil {
				t.Fatal("got a malformed proposal accepted, want it refused")
			}
			applied := f.curate("give every block a readable name and a purpose")
			hand, err := runner.NewHand(runner.HandOptions{Client: f.hand, ID: "hand", Wait: time.Second, Logger: msnQuiet()})
			if err != nil {
				t.Fatal(err)
			}
			if out, ran, err := hand.RunOnce(msnWithin(t)); err != nil || !ran || out.Err != nil {
				t.Fatalf("RunOnce: ran=%t err=%v refusal=%v", ran, err, out.Err)
			}
			chains := []string{failed.GetMission().GetMissionId(), applied.GetMission().GetMissionId()}
			for _, id := range chains {
				if got := f.get(id).GetMission().GetPhase(); got != missionv1.Phase_PHASE_JUDGING {
					t.Fatalf("got chain %s in %s before the gesture, want judging", id, got)
				}
			}

			receipt := tc.gesture(f, f.candidate())
			for _, id := range chains {
				view := f.get(id)
				if got := view.GetMission().GetPhase(); got != tc.wantPhase {
					t.Errorf("got chain %s in %s after %s, want %s", id, got, tc.name, tc.wantPhase)
				}
				head := view.GetHead()
				if !strings.Contains(head.GetNote(), tc.wantWord) || !strings.Contains(head.GetNote(), receipt) || head.GetAuthor().GetSeat() == "service" {
					t.Errorf("got closing letter %q by %v, want the owner's, saying %s with receipt %s", head.GetNote(), head.GetAuthor(), tc.wantWord, receipt)
				}
			}
			open := msnMust(f.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{Brain: msnBrain}))(t).GetMissions()
			for _, m := range open {
				if (m.GetMissionId() == chains[0] || m.GetMissionId() == chains[1]) && m.GetPhase() == missionv1.Phase_PHASE_JUDGING {
					t.Errorf("got curation chain %s still judging on the board", m.GetMissionId())
				}
			}

			// A new candidate's curation is not touched by the closed one's gesture, and a closed
			// chain takes no further letter.
			next := f.scan()
			other := f.curate("name them again")
			if got := f.get(other.GetMission().GetMissionId()).GetMission().GetPhase(); got != missionv1.Phase_PHASE_JUDGING || next.GetSkeletonId() == "" {
				t.Errorf("got the new curation's chain in %s, want judging", got)
			}
			_, err = f.owner.PostLetter(msnBG, &missionv1.PostLetterRequest{MissionId: chains[1], ExpectedHead: f.get(chains[1]).GetMission().GetHeadSeq(),
				Letter: &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: msnBrain, Phase: missionv1.Phase_PHASE_ABANDONED, Note: "again"}})
			msnWantReason(t, err, "ILLEGAL_TRANSITION")
		})
	}
}
