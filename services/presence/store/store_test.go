package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/presence/domain"
)

var t0 = time.Date(2026, 7, 12, 9, 0, 0, 0, time.UTC)

func rec(t *testing.T, id, brain string, items ...string) domain.Record {
	t.Helper()
	set, bad := domain.ParseWorkingSet(items)
	if bad != nil {
		t.Fatal(bad)
	}
	return domain.Record{ID: id, Brain: brain, AgentID: "ada", Kind: domain.KindExecutor, Theme: "t", Intent: domain.IntentMutate,
		WorkingSet: set, Worktree: "/wt", StartedAt: t0, UpdatedAt: t0, LastBeat: t0, TTL: 90 * time.Second}
}

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestRecordsRoundTripAndBeatsNeverGoBack(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	r := rec(t, "prs_000000000001", "alpha", "src/", "docs/*.md", "sb_x", "v1.2/")
	if err := s.SavePresence(ctx, r, nil, nil); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		beat time.Duration
		want time.Duration
	}{
		{"a newer beat is written", 10 * time.Second, 10 * time.Second},
		{"an older beat is ignored", 5 * time.Second, 10 * time.Second},
		{"newer again", 20 * time.Second, 20 * time.Second},
	}
	for _, st := range steps {
		if err := s.SaveBeats(ctx, []domain.Beat{{ID: r.ID, LastBeat: t0.Add(st.beat)}}); err != nil {
			t.Fatal(err)
		}
		got, err := s.LoadPresences(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || !got[0].LastBeat.Equal(t0.Add(st.want)) {
			t.Fatalf("%s: got %v, want last_beat %v", st.name, got, t0.Add(st.want))
		}
		if !reflect.DeepEqual(got[0].WorkingSet.Canons(), r.WorkingSet.Canons()) {
			t.Fatalf("%s: working set got %v, want %v", st.name, got[0].WorkingSet.Canons(), r.WorkingSet.Canons())
		}
	}
}

func TestEventLog(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	a, b := rec(t, "prs_00000000000a", "alpha", "src"), rec(t, "prs_00000000000b", "beta", "src")
	col := &domain.Collision{Brain: "alpha", A: a.Ref(), B: b.Ref(), Overlaps: []domain.Overlap{{A: "src", B: "src"}}}
	evs := []domain.Event{
		{Seq: 1, At: t0, Type: domain.EventJoined, Brain: "alpha", Presence: a},
		{Seq: 2, At: t0, Type: domain.EventJoined, Brain: "beta", Presence: b},
		{Seq: 3, At: t0.Add(time.Hour), Type: domain.EventCollisionBegan, Brain: "alpha", Collision: col},
	}
	if err := s.SavePresence(ctx, a, evs, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		after, thru int64
		brain       string
		limit       int
		wantSeqs    []int64
	}{
		{"all", 0, 3, "", 10, []int64{1, 2, 3}},
		{"one brain", 0, 3, "alpha", 10, []int64{1, 3}},
		{"after a cursor", 1, 3, "", 10, []int64{2, 3}},
		{"limited", 0, 3, "", 2, []int64{1, 2}},
		{"through bound", 0, 2, "", 10, []int64{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.EventsAfter(ctx, tt.after, tt.thru, tt.brain, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			var seqs []int64
			for _, e := range got {
				seqs = append(seqs, e.Seq)
			}
			if !reflect.DeepEqual(seqs, tt.wantSeqs) {
				t.Fatalf("got seqs %v, want %v", seqs, tt.wantSeqs)
			}
		})
	}
	got, _ := s.EventsAfter(ctx, 2, 3, "", 10)
	if c := got[0].Collision; c == nil || c.A.ID != a.ID || c.B.ID != b.ID || !reflect.DeepEqual(c.Overlaps, col.Overlaps) {
		t.Fatalf("collision payload: got %+v, want %+v", got[0].Collision, col)
	}
	// Pruning keeps the newest events and the head survives even an empty log.
	first, err := s.PruneEvents(ctx, t0.Add(2*time.Hour), 1)
	if err != nil || first != 3 {
		t.Fatalf("prune: got first %d err %v, want 3", first, err)
	}
	f, n, err := s.Head(ctx)
	if err != nil || f != 3 || n != 3 {
		t.Fatalf("head: got %d..%d err %v, want 3..3", f, n, err)
	}
}
