package joints_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

func TestMissionSpawnMission(t *testing.T) {
	f := newMsnFixture(t)
	tests := []struct {
		name      string
		runner    string
		reason    string
		wantPhase missionv1.Phase
	}{
		{"pinned runner", "r1", "", missionv1.Phase_PHASE_JUDGING},
		{"any pinned runner for the brain", "", "", missionv1.Phase_PHASE_JUDGING},
		{"announced but unpinned", "r9", "UNPINNED_RUNNER", missionv1.Phase_PHASE_SPAWN_REFUSED},
		{"pinned without the gate capability", "hand", "UNPINNED_RUNNER", missionv1.Phase_PHASE_SPAWN_REFUSED},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := f.open(msnPacket())
			resp, err := f.agent.SpawnMission(msnBG, &missionv1.SpawnMissionRequest{MissionId: m.GetMissionId(), RunnerId: tc.runner})
			view := f.get(m.GetMissionId())
			if got := view.GetMission().GetPhase(); got != tc.wantPhase {
				t.Errorf("got phase %s, want %s", got, tc.wantPhase)
			}
			if tc.reason != "" {
				msnWantReason(t, err, tc.reason)
				// The daemon refusal is on the chain and in the refusal log.
				if got := view.GetHead().GetNote(); got == "" {
					t.Error("got a spawn_refused letter without the reason")
				}
				if rs := view.GetRefusals(); len(rs) != 1 || rs[0].GetReason() != tc.reason {
					t.Errorf("got logged refusals %v, want one %s", rs, tc.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.GetMission().GetAssignedRunner() == "" {
				t.Error("got no assigned runner after spawning")
			}
		})
	}
	t.Run("malformed runner id changes nothing", func(t *testing.T) {
		m := f.open(msnPacket())
		_, err := f.agent.SpawnMission(msnBG, &missionv1.SpawnMissionRequest{MissionId: m.GetMissionId(), RunnerId: "R 1"})
		msnWantReason(t, err, "INVALID_ARGUMENT")
		if got := f.get(m.GetMissionId()).GetMission().GetPhase(); got != missionv1.Phase_PHASE_JUDGING {
			t.Errorf("got phase %s, want judging", got)
		}
	})
	t.Run("spawning twice", func(t *testing.T) {
		m := f.open(msnPacket())
		f.spawn(m.GetMissionId(), "r1")
		_, err := f.agent.SpawnMission(msnBG, &missionv1.SpawnMissionRequest{MissionId: m.GetMissionId(), RunnerId: "r1"})
		msnWantReason(t, err, "ILLEGAL_TRANSITION")
	})
}

func TestMissionClaimWork(t *testing.T) {
	f := newMsnFixture(t)
	t.Run("unpinned runner gets no work", func(t *testing.T) {
		_, err := f.unpinned.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{})
		msnWantReason(t, err, "UNPINNED_RUNNER")
	})
	t.Run("a non-runner seat gets no work", func(t *testing.T) {
		_, err := f.agent.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{})
		msnWantReason(t, err, "NOT_A_RUNNER")
	})
	t.Run("negative wait", func(t *testing.T) {
		_, err := f.runner.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{Wait: durationpb.New(-time.Second)})
		msnWantReason(t, err, "INVALID_ARGUMENT")
	})
	t.Run("unspawned missions are not work", func(t *testing.T) {
		f.open(msnPacket())
		if w := msnMust(f.runner.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{}))(t).GetWork(); w != nil {
			t.Fatalf("got work %s, want none before spawning", w.GetMission().GetMissionId())
		}
	})
	t.Run("work assigned to another runner is not mine", func(t *testing.T) {
		m := f.open(msnPacket())
		f.spawn(m.GetMissionId(), "r2")
		if w := msnMust(f.runner.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{}))(t).GetWork(); w != nil {
			t.Fatalf("got r2's work %s as r1", w.GetMission().GetMissionId())
		}
		w := f.claim(f.runner2)
		if got, want := w.GetRunner().GetCommand(), "echo fixed >> notes.txt"; got != want {
			t.Errorf("got pinned command %q, want %q (from runners.toml)", got, want)
		}
		if got, want := w.GetRepoRoot(), f.repo; got != want {
			t.Errorf("got repo root %q, want %q", got, want)
		}
	})
	t.Run("the long poll wakes on a spawn", func(t *testing.T) {
		m := f.open(msnPacket())
		got := make(chan *missionv1.ClaimWorkResponse, 1)
		go func() {
			resp, err := f.runner.ClaimWork(msnWithin(t), &missionv1.ClaimWorkRequest{Wait: durationpb.New(time.Minute)})
			if err != nil {
				t.Error(err)
			}
			got <- resp
		}()
		f.spawn(m.GetMissionId(), "r1")
		if w := msnAwait(t, got, "the long poll to wake").GetWork(); w.GetMission().GetMissionId() != m.GetMissionId() {
			t.Fatalf("got work %v, want %s", w, m.GetMissionId())
		}
	})
	t.Run("one mission at a time", func(t *testing.T) {
		m := f.open(msnPacket())
		f.spawn(m.GetMissionId(), "r1")
		_, err := f.runner.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{})
		msnWantReason(t, err, "RUNNER_BUSY")
	})
	t.Run("renew keeps the lease, a stranger cannot renew it", func(t *testing.T) {
		lease := f.get(msnMustLeased(t, f)).GetMission().GetLease()
		f.clock.Advance(20 * time.Second)
		renewed := msnMust(f.runner.RenewLease(msnBG, &missionv1.RenewLeaseRequest{LeaseId: lease.GetLeaseId()}))(t).GetLease()
		if !renewed.GetExpiresAt().AsTime().After(lease.GetExpiresAt().AsTime()) {
			t.Errorf("got expiry %s, want later than %s", renewed.GetExpiresAt().AsTime(), lease.GetExpiresAt().AsTime())
		}
		_, err := f.runner2.RenewLease(msnBG, &missionv1.RenewLeaseRequest{LeaseId: lease.GetLeaseId()})
		msnWantReason(t, err, "LEASE_NOT_HELD")
		f.clock.Advance(31 * time.Second)
		_, err = f.runner.RenewLease(msnBG, &missionv1.RenewLeaseRequest{LeaseId: lease.GetLeaseId()})
		msnWantReason(t, err, "LEASE_NOT_HELD")
	})
	t.Run("a runner without the lease cannot store logs", func(t *testing.T) {
		m := f.open(msnPacket())
		stream := msnMust(f.runner2.PutLog(msnBG))(t)
		if err := stream.Send(&missionv1.PutLogRequest{MissionId: m.GetMissionId(), Chunk: []byte("x")}); err != nil {
			t.Fatal(err)
		}
		_, err := stream.CloseAndRecv()
		msnWantReason(t, err, "LEASE_NOT_HELD")
	})
}

// mustLeased returns the mission r1 currently leases.
func msnMustLeased(t *testing.T, f *msnFixture) string {
	t.Helper()
	for _, m := range msnMust(f.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{}))(t).GetMissions() {
		if m.GetLease().GetRunnerId() == "r1" {
			return m.GetMissionId()
		}
	}
	t.Fatal("r1 holds no lease")
	return ""
}

// TestRunnersFileIsReread: pinning is the owner's file, read as it changes.
func TestMissionRunnersFileIsReread(t *testing.T) {
	f := newMsnFixture(t)
	_, err := f.unpinned.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{})
	msnWantReason(t, err, "UNPINNED_RUNNER")
	p := filepath.Join(f.dataDir, "runners.toml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, append(data, []byte("\n[[runner]]\nid = \"r9\"\n")...), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := f.unpinned.ClaimWork(msnBG, &missionv1.ClaimWorkRequest{}); err != nil {
		t.Fatalf("got %v after pinning r9, want an empty claim", err)
	}
}

func TestMissionPutLogTooLarge(t *testing.T) {
	f := newMsnFixtureWith(t, msnFixtureOpts{maxLog: 16})
	m := f.open(msnPacket())
	f.spawn(m.GetMissionId(), "r1")
	f.claim(f.runner)
	stream := msnMust(f.runner.PutLog(msnBG))(t)
	for range 3 {
		if err := stream.Send(&missionv1.PutLogRequest{MissionId: m.GetMissionId(), Chunk: []byte("0123456789")}); err != nil {
			break
		}
	}
	_, err := stream.CloseAndRecv()
	msnWantReason(t, err, "LOG_TOO_LARGE")
	f.putLog(f.runner, m.GetMissionId(), "small enough")
}
