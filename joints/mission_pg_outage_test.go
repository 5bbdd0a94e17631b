package joints_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// The fault drill of mission on PostgreSQL: the database is crashed and started again in the
// middle of a letter-append storm through two replicas, with charter sweeps running beside it.

// pgoAck is one letter the service acknowledged: the head its writer named and what came back.
type pgoAck struct {
	mission, letterID, note string
	expected, seq           int64
	replica                 int
}

// pgoUnavailable reports whether err is the store outage's refusal, and fails t (returning
// false) for anything else.
func pgoUnavailable(t *testing.T, who string, err error) bool {
	t.Helper()
	if status.Code(err) == codes.Unavailable && rpcstatus.ReasonOf(err) == "STORE_UNAVAILABLE" {
		return true
	}
	t.Errorf("%s: got %s %q (%v), want success or UNAVAILABLE STORE_UNAVAILABLE", who, status.Code(err), rpcstatus.ReasonOf(err), err)
	return false
}

// pgoChain reads a whole chain through c, page by page, with a bound on the pages.
func pgoChain(t *testing.T, c missionv1.MissionServiceClient, id string) []*missionv1.Letter {
	t.Helper()
	var out []*missionv1.Letter
	after := int64(0)
	for page := 0; ; page++ {
		if page == 1000 {
			t.Fatalf("%s: got no end to the chain after 1000 pages", id)
		}
		resp := msnMust(c.ListLetters(msnBG, &missionv1.ListLettersRequest{MissionId: id, AfterSeq: after}))(t)
		out = append(out, resp.GetLetters()...)
		if !resp.GetMore() {
			return out
		}
		after = out[len(out)-1].GetSeq()
	}
}

// TestMissionPostgresRestartDuringAppendStorm crashes PostgreSQL while eight writers, two per
// chain on different replicas, append letters under head CAS and two charter sweeps screen a
// growing spool, then starts it again. During the outage callers get UNAVAILABLE with reason
// STORE_UNAVAILABLE and nothing else; both replicas recover by themselves; afterwards every
// acknowledged letter is in its chain at the seq after the head its writer named, every chain
// is contiguous with its head on its last letter, nothing is acknowledged twice, and the
// charter's multi-statement transactions left no half: every chartered report has exactly its
// mission (with its seq 1 letter), and no mission exists without its report's screening.
func TestMissionPostgresRestartDuringAppendStorm(t *testing.T) {
	pg := rplPG(t)
	f := newRplFixture(t, pg.Database(t))
	const chains, writers = 4, 8
	ids := make([]string, chains)
	for i := range ids {
		ids[i] = msnMust(f.a.agent.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket()}))(t).GetMission().GetMissionId()
	}

	var (
		mu          sync.Mutex
		acked       []pgoAck
		acks        [2]atomic.Int64 // per replica
		unavailable atomic.Int64
		sweeps      atomic.Int64
		stop        atomic.Bool
		wg          sync.WaitGroup
	)
	// A caller's own back-off after an UNAVAILABLE, before it tries again.
	backoff := func() { time.Sleep(20 * time.Millisecond) }
	for w := range writers {
		wg.Go(func() {
			id, rep := ids[w%chains], w/chains // the two writers of a chain sit on different replicas
			c := f.pick(rep).judge
			for i := 0; !stop.Load(); i++ {
				who := fmt.Sprintf("writer %d call %d", w, i)
				m, err := c.GetMission(msnBG, &missionv1.GetMissionRequest{MissionId: id})
				if err != nil {
					if !pgoUnavailable(t, who+" (read head)", err) {
						return
					}
					unavailable.Add(1)
					backoff()
					continue
				}
				head := m.GetMission().GetHeadSeq()
				l := rplParecer()
				l.Note = fmt.Sprintf("w%d-%d", w, i)
				res, err := c.PostLetter(msnBG, &missionv1.PostLetterRequest{MissionId: id, ExpectedHead: head, Letter: l})
				switch {
				case err == nil:
					mu.Lock()
					acked = append(acked, pgoAck{mission: id, letterID: res.GetLetter().GetLetterId(), note: l.Note,
						expected: head, seq: res.GetLetter().GetSeq(), replica: rep})
					mu.Unlock()
					acks[rep].Add(1)
				case rpcstatus.ReasonOf(err) == "HEAD_CAS_MISMATCH":
					// The other writer of this chain won the head: read it again.
				case pgoUnavailable(t, who, err):
					unavailable.Add(1)
					backoff()
				default:
					return
				}
			}
		})
	}
	// The spool grows and both replicas sweep it all along, so screenings and charters (a
	// claim, the duplicate and cap reads, a mission and its first letter in one transaction)
	// are in flight when the database goes.
	repos := []string{f.repos["beta"], f.repos["gamma"]}
	for s := range 2 {
		wg.Go(func() {
			r := f.pick(s)
			for i := 0; !stop.Load(); i++ {
				_, err := r.owner.FileReport(msnBG, &missionv1.FileReportRequest{Class: chrBug, Repo: repos[i%2], Tool: "north",
					What: fmt.Sprintf("sweeper %d pain %d", s, i)})
				if err == nil {
					_, err = r.owner.SweepCharter(msnBG, &missionv1.SweepCharterRequest{})
				}
				switch {
				case err == nil:
					sweeps.Add(1)
				case pgoUnavailable(t, fmt.Sprintf("sweeper %d call %d", s, i), err):
					unavailable.Add(1)
					backoff()
				default:
					return
				}
			}
		})
	}
	stopped := false
	halt := func() {
		if !stopped {
			stopped = true
			stop.Store(true)
			wg.Wait()
		}
	}
	defer halt()

	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				halt()
				t.Fatalf("gave up waiting for %s (acks %d+%d, unavailable %d, sweeps %d)", what,
					acks[0].Load(), acks[1].Load(), unavailable.Load(), sweeps.Load())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor("acknowledged appends on both replicas and sweeps before the outage", func() bool {
		return acks[0].Load() >= 50 && acks[1].Load() >= 50 && sweeps.Load() >= 5
	})
	if err := pg.Halt(true); err != nil {
		t.Fatal(err)
	}
	waitFor("UNAVAILABLE answers during the outage", func() bool { return unavailable.Load() >= writers })
	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	a0, a1, s0 := acks[0].Load(), acks[1].Load(), sweeps.Load()
	waitFor("acknowledged appends on both replicas and sweeps after the restart", func() bool {
		return acks[0].Load() >= a0+50 && acks[1].Load() >= a1+50 && sweeps.Load() >= s0+5
	})
	halt()
	if t.Failed() {
		return
	}

	// The chains: contiguous, the head on the last letter, every acknowledged letter in place.
	mu.Lock()
	defer mu.Unlock()
	byMission := map[string]map[int64]pgoAck{}
	for _, k := range acked {
		if k.seq != k.expected+1 {
			t.Errorf("%s: acknowledged %s at seq %d on head %d, want seq %d (its parent the head it named)", k.mission, k.note, k.seq, k.expected, k.expected+1)
		}
		if byMission[k.mission] == nil {
			byMission[k.mission] = map[int64]pgoAck{}
		}
		if prev, dup := byMission[k.mission][k.seq]; dup {
			t.Fatalf("%s seq %d: acknowledged twice (%s and %s), want one winner per head", k.mission, k.seq, prev.note, k.note)
		}
		byMission[k.mission][k.seq] = k
	}
	for _, id := range ids {
		for _, r := range []rplReplica{f.a, f.b} {
			chain := pgoChain(t, r.owner, id)
			notes := map[string]bool{}
			for i, l := range chain {
				if l.GetSeq() != int64(i+1) {
					t.Fatalf("%s letter %d: got seq %d, want %d (no gap, no fork)", id, i, l.GetSeq(), i+1)
				}
				if l.GetNote() != "" && notes[l.GetNote()] {
					t.Fatalf("%s: got note %s twice in the chain, want each letter once", id, l.GetNote())
				}
				notes[l.GetNote()] = true
				if k, ok := byMission[id][l.GetSeq()]; ok && (k.letterID != l.GetLetterId() || k.note != l.GetNote()) {
					t.Fatalf("%s seq %d: got letter %s (%s), want the acknowledged %s (%s)", id, l.GetSeq(), l.GetLetterId(), l.GetNote(), k.letterID, k.note)
				}
			}
			for seq, k := range byMission[id] {
				if seq > int64(len(chain)) {
					t.Fatalf("%s: acknowledged %s at seq %d is missing (chain ends at %d)", id, k.note, seq, len(chain))
				}
			}
			m := msnMust(r.owner.GetMission(msnBG, &missionv1.GetMissionRequest{MissionId: id}))(t).GetMission()
			last := chain[len(chain)-1]
			if m.GetHeadSeq() != last.GetSeq() || m.GetHeadLetterId() != last.GetLetterId() {
				t.Fatalf("%s: got head %d/%s, want the last letter %d/%s", id, m.GetHeadSeq(), m.GetHeadLetterId(), last.GetSeq(), last.GetLetterId())
			}
		}
	}

	// The charter: finish the spool, then every report has one screening, and the charters
	// and the missions are the same set.
	msnMust(f.b.owner.SweepCharter(msnBG, &missionv1.SweepCharterRequest{}))(t)
	reports := msnSpool(t, f.a.owner, false, 100)
	total := len(reports)
	chartered, unread := msnTally(reports)
	if unread != 0 {
		t.Errorf("got %d of %d reports unread after the last sweep, want 0", unread, total)
	}
	if chartered["beta"] == 0 || chartered["beta"] > 3 {
		t.Errorf("got %d charters in beta, want 1 to 3 (the cap)", chartered["beta"])
	}
	for _, brain := range []string{"beta", "gamma"} {
		ms := msnMust(f.b.owner.ListMissions(msnBG, &missionv1.ListMissionsRequest{Brain: brain}))(t).GetMissions()
		if len(ms) != chartered[brain] {
			t.Errorf("%s: got %d missions, want the %d chartered (no charter without its mission, no mission without its screening)", brain, len(ms), chartered[brain])
		}
		for _, m := range ms {
			if first := pgoChain(t, f.a.owner, m.GetMissionId()); len(first) == 0 || first[0].GetSeq() != 1 {
				t.Errorf("%s: chartered mission %s has no seq 1 letter", brain, m.GetMissionId())
			}
		}
	}

	// The listener came back: a watch on replica B sees a mission opened on replica A.
	ctx, cancel := context.WithCancel(msnWithin(t))
	defer cancel()
	stream := msnMust(f.b.owner.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: "alpha"}))(t)
	fresh := msnMust(f.a.agent.OpenMission(msnBG, &missionv1.OpenMissionRequest{Packet: msnPacket()}))(t).GetMission()
	if ev := msnNextFor(t, stream, fresh.GetMissionId()); ev.GetSeq() != 1 {
		t.Fatalf("got the opening event at seq %d on replica B, want 1", ev.GetSeq())
	}
	t.Logf("%d acknowledged appends checked across %d chains; %d UNAVAILABLE answers; %d sweeps; %d reports, charters %v",
		len(acked), chains, unavailable.Load(), sweeps.Load(), total, chartered)
}
