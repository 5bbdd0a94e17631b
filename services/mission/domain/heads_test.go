package domain_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

// TestRememberedHeadNeverDecides: a replica judges a letter on the row its own last append
// left, but another replica may have moved the chain since (its head, its lease). Two
// services on one store file, as two replicas; every letter must get the answer a fresh read
// would give: a stale head is refused by its CAS, and a lease the remembered row does not show
// (taken or renewed elsewhere) is found on a fresh read instead of being refused.
func TestRememberedHeadNeverDecides(t *testing.T) {
	ctx := context.Background()
	clk, stores, svcs := twoReplicas(t)
	judge := principal.Principal{AgentID: "judge", Seat: "judge", Brain: "alpha", Origin: principal.OriginAgent}
	r1 := principal.Principal{AgentID: "r1", Seat: domain.RunnerSeat, Brain: "alpha", Origin: principal.OriginAgent}
	m, _, err := svcs[0].OpenMission(ctx, judge, domain.Packet{Brain: "alpha", GateCommand: "true", Symptom: "heads"}, "")
	if err != nil {
		t.Fatal(err)
	}
	parecer := domain.Letter{Schema: domain.Schema, Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true,
		Parecer: &domain.Parecer{Verdict: domain.VerdictAbstain}, Note: "n"}
	arrow := func(to domain.Phase) domain.Letter {
		return domain.Letter{Schema: domain.Schema, Brain: "alpha", Phase: to, Note: "n"}
	}
	// between runs on the store before the step's letter, as another replica or a sweep would.
	tests := []struct {
		name     string
		between  func(t *testing.T)
		replica  int
		by       principal.Principal
		expected int64
		letter   domain.Letter
		want     refusal.Reason // "" to accept
		wantHead int64
	}{
		{"replica 0 appends and remembers head 2", nil, 0, judge, 1, parecer, "", 2},
		{"replica 1 moves the head past it", nil, 1, judge, 2, parecer, "", 3},
		{"replica 0 on its remembered head 2 loses the CAS", nil, 0, judge, 2, parecer, "HEAD_CAS_MISMATCH", 3},
		{"replica 0 on the real head is accepted", nil, 0, judge, 3, parecer, "", 4},
		{"a lease taken after replica 0's append is found on a fresh read", func(t *testing.T) {
			if err := stores[1].Spawn(ctx, m.MissionID, "r1", 4, clk.Now()); err != nil {
				t.Fatal(err)
			}
			l := domain.Lease{LeaseID: "lse_1", MissionID: m.MissionID, RunnerID: "r1", ExpiresAt: clk.Now().Add(30 * time.Second), Attempt: 1}
			if ok, err := stores[1].TakeLease(ctx, l, 4, clk.Now()); err != nil || !ok {
				t.Fatalf("take lease: got %v (%v), want it taken", ok, err)
			}
		}, 0, r1, 4, arrow(domain.PhaseExecuting), "", 5},
		{"a renewal elsewhere outlives the expiry replica 0 remembers", func(t *testing.T) {
			if _, err := stores[1].RenewLease(ctx, "lse_1", "r1", clk.Now().Add(90*time.Second), clk.Now()); err != nil {
				t.Fatal(err)
			}
			clk.Advance(60 * time.Second)
		}, 0, r1, 5, arrow(domain.PhaseFailed), "", 6},
		{"a closed chain refuses whoever remembers it", nil, 0, judge, 6, parecer, "ILLEGAL_TRANSITION", 6},
	}
	for _, tc := range tests {
		if tc.between != nil {
			tc.between(t)
		}
		_, got, err := svcs[tc.replica].PostLetter(ctx, tc.by, m.MissionID, tc.expected, tc.letter)
		if reason := refusal.ReasonOf(err); reason != tc.want || (tc.want == "" && err != nil) {
			t.Fatalf("%s: got %v (reason %q), want reason %q", tc.name, err, reason, tc.want)
		}
		stored, err := stores[1-tc.replica].Mission(ctx, m.MissionID)
		if err != nil {
			t.Fatal(err)
		}
		if stored.HeadSeq != tc.wantHead {
			t.Fatalf("%s: got head %d stored, want %d", tc.name, stored.HeadSeq, tc.wantHead)
		}
		if tc.want == "" && (got.HeadSeq != stored.HeadSeq || got.Phase != stored.Phase || got.Lease != stored.Lease) {
			t.Errorf("%s: got mission head %d %s lease %+v, want the stored %d %s %+v", tc.name, got.HeadSeq, got.Phase, got.Lease,
				stored.HeadSeq, stored.Phase, stored.Lease)
		}
	}
}

// twoReplicas opens two services on one store file, as two replicas of the organ sharing a fake
// clock; each one's store counts its reads of missions.
func twoReplicas(t *testing.T) (*clock.Fake, [2]*readCounter, [2]*domain.Service) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mission.db")
	clk := clock.NewFake(time.Unix(1_800_000_000, 0))
	var stores [2]*readCounter
	var svcs [2]*domain.Service
	for i := range svcs {
		st, err := store.Open(context.Background(), path, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores[i] = &readCounter{Store: st}
		svc, err := domain.New(domain.Options{Store: stores[i], Brains: brains{}, Repo: scope{},
			Runners: domain.NewRunnerBook(filepath.Join(t.TempDir(), "runners.toml")), Clock: clk})
		if err != nil {
			t.Fatal(err)
		}
		svcs[i] = svc
	}
	return clk, stores, svcs
}

// readCounter counts a store's reads of missions.
type readCounter struct {
	domain.Store
	reads int
}

func (s *readCounter) Mission(ctx context.Context, id string) (domain.Mission, error) {
	s.reads++
	return s.Store.Mission(ctx, id)
}

// TestOpenedHeadIsRemembered: the replica that opens a mission wrote its head, so the chain's
// first letter there is judged on the row it wrote, without reading the mission back; and, as
// for any remembered row, a head moved or a lease taken on another replica since is decided
// on a fresh read, never on the remembered one.
func TestOpenedHeadIsRemembered(t *testing.T) {
	ctx := context.Background()
	clk, stores, svcs := twoReplicas(t)
	judge := principal.Principal{AgentID: "judge", Seat: "judge", Brain: "alpha", Origin: principal.OriginAgent}
	r1 := principal.Principal{AgentID: "r1", Seat: domain.RunnerSeat, Brain: "alpha", Origin: principal.OriginAgent}
	parecer := domain.Letter{Schema: domain.Schema, Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true,
		Parecer: &domain.Parecer{Verdict: domain.VerdictAbstain}, Note: "n"}
	executing := domain.Letter{Schema: domain.Schema, Brain: "alpha", Phase: domain.PhaseExecuting, Note: "n"}
	tests := []struct {
		name      string
		between   func(t *testing.T, missionID string)
		by        principal.Principal
		expected  int64
		letter    domain.Letter
		want      refusal.Reason // "" to accept
		wantHead  int64
		wantReads int // reads of the mission by the opening replica
	}{
		{"the first letter on the opening replica reads nothing", nil, judge, 1, parecer, "", 2, 0},
		{"a head moved elsewhere loses the CAS", func(t *testing.T, id string) {
			if _, _, err := svcs[1].PostLetter(ctx, judge, id, 1, parecer); err != nil {
				t.Fatal(err)
			}
		}, judge, 1, parecer, "HEAD_CAS_MISMATCH", 2, 2}, // the fresh read, and the rejection receipt's
		{"a lease taken elsewhere is found on a fresh read", func(t *testing.T, id string) {
			if err := stores[1].Spawn(ctx, id, "r1", 1, clk.Now()); err != nil {
				t.Fatal(err)
			}
			l := domain.Lease{LeaseID: "lse_1", MissionID: id, RunnerID: "r1", ExpiresAt: clk.Now().Add(30 * time.Second), Attempt: 1}
			if ok, err := stores[1].TakeLease(ctx, l, 1, clk.Now()); err != nil || !ok {
				t.Fatalf("take lease: got %v (%v), want it taken", ok, err)
			}
		}, r1, 1, executing, "", 2, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, _, err := svcs[0].OpenMission(ctx, judge, domain.Packet{Brain: "alpha", GateCommand: "true", Symptom: "opened"}, "")
			if err != nil {
				t.Fatal(err)
			}
			if tc.between != nil {
				tc.between(t, m.MissionID)
			}
			stores[0].reads = 0
			_, _, err = svcs[0].PostLetter(ctx, tc.by, m.MissionID, tc.expected, tc.letter)
			if reason := refusal.ReasonOf(err); reason != tc.want || (tc.want == "" && err != nil) {
				t.Fatalf("got %v (reason %q), want reason %q", err, reason, tc.want)
			}
			if stores[0].reads != tc.wantReads {
				t.Errorf("got %d reads of the mission, want %d", stores[0].reads, tc.wantReads)
			}
			stored, err := stores[1].Mission(ctx, m.MissionID)
			if err != nil {
				t.Fatal(err)
			}
			if stored.HeadSeq != tc.wantHead {
				t.Errorf("got head %d stored, want %d", stored.HeadSeq, tc.wantHead)
			}
		})
	}
}
