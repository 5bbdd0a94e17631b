package joints_test

import (
	"context"
	"testing"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// msnNextFor reads board events until one about mission id arrives. Open s on msnWithin (or a
// context derived from it) so a missed event fails the test instead of hanging it.
func msnNextFor(t *testing.T, s missionv1.MissionService_WatchBoardClient, id string) *missionv1.BoardEvent {
	t.Helper()
	for {
		resp, err := s.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetEvent().GetMissionId() == id {
			return resp.GetEvent()
		}
	}
}

// TestBell: a RING when the head enters merge_wait, a REMINDER per interval while it waits
// (a parecer does not stop it), a SILENCE when it lands; a resumed stream starts after its cursor.
func TestMissionBell(t *testing.T) {
	f := newMsnFixtureWith(t, msnFixtureOpts{reminder: 10 * time.Minute})
	ctx, cancel := context.WithCancel(msnWithin(t))
	defer cancel()
	stream := msnMust(f.owner.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: msnBrain}))(t)

	m := f.mergeWait()
	id := m.GetMissionId()
	kinds := []missionv1.BoardEventKind{}
	var ring *missionv1.BoardEvent
	for ring == nil {
		ev := msnNextFor(t, stream, id)
		kinds = append(kinds, ev.GetKind())
		if ev.GetKind() == missionv1.BoardEventKind_BOARD_EVENT_KIND_RING {
			ring = ev
		}
	}
	if got, want := len(kinds), 3; got != want {
		t.Fatalf("got events %v before the ring, want opened, executing, ring", kinds)
	}
	if got, want := ring.GetToPhase(), missionv1.Phase_PHASE_MERGE_WAIT; got != want {
		t.Errorf("got ring into %s, want %s", got, want)
	}

	// A judge's parecer is a letter; the bell keeps ringing.
	l := msnLetter(missionv1.Phase_PHASE_JUDGING, "")
	l.Advisory = true
	l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_APPROVE}
	msnMust(f.post(f.judge, id, 3, l))(t)
	if ev := msnNextFor(t, stream, id); ev.GetKind() != missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER {
		t.Fatalf("got %s for a parecer, want LETTER", ev.GetKind())
	}

	f.clock.Advance(10 * time.Minute)
	rem := msnNextFor(t, stream, id)
	if got, want := rem.GetKind(), missionv1.BoardEventKind_BOARD_EVENT_KIND_REMINDER; got != want {
		t.Fatalf("got %s after the interval, want %s", got, want)
	}

	msnMust(f.land(f.owner, m))(t)
	silence := msnNextFor(t, stream, id)
	if got, want := silence.GetKind(), missionv1.BoardEventKind_BOARD_EVENT_KIND_SILENCE; got != want {
		t.Fatalf("got %s after landing, want %s", got, want)
	}
	if got, want := silence.GetToPhase(), missionv1.Phase_PHASE_LANDED; got != want {
		t.Errorf("got silence into %s, want %s", got, want)
	}

	// Resume after the ring: the parecer letter and the silence, nothing before.
	rctx, rcancel := context.WithCancel(msnWithin(t))
	defer rcancel()
	resumed := msnMust(f.owner.WatchBoard(rctx, &missionv1.WatchBoardRequest{Brain: msnBrain, Cursor: ring.GetCursor()}))(t)
	first := msnNextFor(t, resumed, id)
	if first.GetCursor() <= ring.GetCursor() || first.GetKind() != missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER {
		t.Fatalf("got first resumed event %v, want the parecer letter after cursor %d", first, ring.GetCursor())
	}
	if got := msnNextFor(t, resumed, id).GetKind(); got != missionv1.BoardEventKind_BOARD_EVENT_KIND_SILENCE {
		t.Fatalf("got %s, want SILENCE", got)
	}

	// After the silence no reminder comes, however long the owner waits. A stream computes
	// reminders right after sending the events that woke it, so anything due after the first
	// marker mission's letter arrives before the second marker's.
	f.clock.Advance(time.Hour)
	marker := f.open(msnPacket())
	msnNextFor(t, stream, marker.GetMissionId())
	marker2 := f.open(msnPacket())
	for {
		resp, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		ev := resp.GetEvent()
		if ev.GetMissionId() == id {
			t.Fatalf("got %s for a landed mission, want silence", ev.GetKind())
		}
		if ev.GetMissionId() == marker2.GetMissionId() {
			break
		}
	}
}

func TestMissionWatchBoardForeignBrain(t *testing.T) {
	f := newMsnFixture(t)
	stream := msnMust(f.foreign.WatchBoard(msnWithin(t), &missionv1.WatchBoardRequest{Brain: msnBrain}))(t)
	_, err := stream.Recv()
	msnWantReason(t, err, "FOREIGN_BRAIN")
}
