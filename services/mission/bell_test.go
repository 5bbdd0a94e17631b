package mission_test

import (
	"context"
	"testing"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// next reads board events until one about mission id arrives.
func nextFor(t *testing.T, s missionv1.MissionService_WatchBoardClient, id string) *missionv1.BoardEvent {
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
func TestBell(t *testing.T) {
	f := newFixtureWith(t, fixtureOpts{reminder: 10 * time.Minute})
	ctx, cancel := context.WithCancel(bg)
	defer cancel()
	stream := must(f.owner.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: brain}))(t)

	m := f.mergeWait()
	id := m.GetMissionId()
	kinds := []missionv1.BoardEventKind{}
	var ring *missionv1.BoardEvent
	for ring == nil {
		ev := nextFor(t, stream, id)
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
	l := letter(missionv1.Phase_PHASE_JUDGING, "")
	l.Advisory = true
	l.Parecer = &missionv1.Parecer{Verdict: missionv1.Verdict_VERDICT_APPROVE}
	must(f.post(f.judge, id, 3, l))(t)
	if ev := nextFor(t, stream, id); ev.GetKind() != missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER {
		t.Fatalf("got %s for a parecer, want LETTER", ev.GetKind())
	}

	f.clock.Advance(10 * time.Minute)
	rem := nextFor(t, stream, id)
	if got, want := rem.GetKind(), missionv1.BoardEventKind_BOARD_EVENT_KIND_REMINDER; got != want {
		t.Fatalf("got %s after the interval, want %s", got, want)
	}

	must(f.land(f.owner, m))(t)
	silence := nextFor(t, stream, id)
	if got, want := silence.GetKind(), missionv1.BoardEventKind_BOARD_EVENT_KIND_SILENCE; got != want {
		t.Fatalf("got %s after landing, want %s", got, want)
	}
	if got, want := silence.GetToPhase(), missionv1.Phase_PHASE_LANDED; got != want {
		t.Errorf("got silence into %s, want %s", got, want)
	}

	// Resume after the ring: the parecer letter and the silence, nothing before.
	rctx, rcancel := context.WithCancel(bg)
	defer rcancel()
	resumed := must(f.owner.WatchBoard(rctx, &missionv1.WatchBoardRequest{Brain: brain, Cursor: ring.GetCursor()}))(t)
	first := nextFor(t, resumed, id)
	if first.GetCursor() <= ring.GetCursor() || first.GetKind() != missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER {
		t.Fatalf("got first resumed event %v, want the parecer letter after cursor %d", first, ring.GetCursor())
	}
	if got := nextFor(t, resumed, id).GetKind(); got != missionv1.BoardEventKind_BOARD_EVENT_KIND_SILENCE {
		t.Fatalf("got %s, want SILENCE", got)
	}

	// After the silence no reminder comes, however long the owner waits. A stream computes
	// reminders right after sending the events that woke it, so anything due after the first
	// marker mission's letter arrives before the second marker's.
	f.clock.Advance(time.Hour)
	marker := f.open(packet())
	nextFor(t, stream, marker.GetMissionId())
	marker2 := f.open(packet())
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

func TestWatchBoardForeignBrain(t *testing.T) {
	f := newFixture(t)
	stream := must(f.foreign.WatchBoard(bg, &missionv1.WatchBoardRequest{Brain: brain}))(t)
	_, err := stream.Recv()
	wantReason(t, err, "FOREIGN_BRAIN")
}
