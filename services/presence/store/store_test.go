package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/platform/principal"
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

var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg) }

// opener makes a store on fresh state: the conformance suite runs once per backend.
type opener func(t *testing.T) *Store

func keep(t *testing.T, s *Store, err error) *Store {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func openSQLite(t *testing.T) *Store {
	s, err := OpenFor(context.Background(), "sqlite", t.TempDir())
	return keep(t, s, err)
}

func openPostgres(t *testing.T) *Store {
	s, err := OpenFor(context.Background(), pg.Database(t), "")
	return keep(t, s, err)
}

func TestConformanceSQLite(t *testing.T)   { conformance(t, openSQLite) }
func TestConformancePostgres(t *testing.T) { conformance(t, openPostgres) }

func conformance(t *testing.T, open opener) {
	t.Run("records round trip and beats never go back", func(t *testing.T) { recordsRoundTrip(t, open) })
	t.Run("event log", func(t *testing.T) { eventLog(t, open) })
	t.Run("an event seq is written once", func(t *testing.T) { seqWrittenOnce(t, open) })
	t.Run("refusals coalesce", func(t *testing.T) { refusalsCoalesce(t, open) })
	t.Run("empty head", func(t *testing.T) {
		f, n, err := open(t).Head(context.Background())
		if err != nil || f != 1 || n != 0 {
			t.Fatalf("head of an empty log: got %d..%d err %v, want 1..0", f, n, err)
		}
	})
}

func recordsRoundTrip(t *testing.T, open opener) {
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

func eventLog(t *testing.T, open opener) {
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

// The log never holds two events under one seq: a second writer that reused a seq (two
// replicas deciding at once) fails, and nothing of its transaction lands.
func seqWrittenOnce(t *testing.T, open opener) {
	ctx := context.Background()
	s := open(t)
	a, b := rec(t, "prs_00000000000a", "alpha", "src"), rec(t, "prs_00000000000b", "alpha", "docs")
	if err := s.SavePresence(ctx, a, []domain.Event{{Seq: 1, At: t0, Type: domain.EventJoined, Brain: "alpha", Presence: a}}, nil); err != nil {
		t.Fatal(err)
	}
	err := s.SavePresence(ctx, b, []domain.Event{{Seq: 1, At: t0, Type: domain.EventJoined, Brain: "alpha", Presence: b}}, nil)
	if err == nil {
		t.Fatal("second event with seq 1: got nil error, want a failure")
	}
	recs, err := s.LoadPresences(ctx)
	if err != nil || len(recs) != 1 || recs[0].ID != a.ID {
		t.Fatalf("presences after the failed write: got %v, %v; want only %s", recs, err, a.ID)
	}
}

func refusalsCoalesce(t *testing.T, open opener) {
	ctx := context.Background()
	s := open(t)
	by := principal.Principal{AgentID: "ada", Brain: "alpha", Origin: principal.OriginAgent}
	mk := func(id string, at time.Time) domain.Receipt {
		return domain.Receipt{ID: id, Ledger: "alpha", Kind: domain.ReceiptRejection, ProposalID: "p" + id, Brain: "alpha",
			Effect: "register", Subject: "prs_00000000000a", Reason: "NOT_PRESENCE_HOLDER", Message: "no", By: by,
			At: at, LastAt: at, Count: 1, Key: "k1", Gates: []string{"input"}, Details: map[string]string{"x": "y"}}
	}
	steps := []struct {
		name   string
		rc     domain.Receipt
		since  time.Time
		wantID string
	}{
		{"first is written", mk("r1", t0), t0.Add(-time.Minute), "r1"},
		{"within the window it counts", mk("r2", t0.Add(time.Minute)), t0.Add(-time.Minute), "r1"},
		{"after the window a new one", mk("r3", t0.Add(time.Hour)), t0.Add(30 * time.Minute), "r3"},
	}
	for _, st := range steps {
		id, err := s.RecordRefusal(ctx, st.rc, st.since)
		if err != nil || id != st.wantID {
			t.Fatalf("%s: got %q, %v; want %q", st.name, id, err, st.wantID)
		}
	}
	got, err := s.Receipts(ctx, "alpha", 0, 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("receipts: got %d, %v; want 2", len(got), err)
	}
	if got[1].ID != "r1" || got[1].Count != 2 || !got[1].LastAt.Equal(t0.Add(time.Minute)) || got[1].Details["x"] != "y" {
		t.Fatalf("coalesced receipt: got %+v, want r1 counted twice, last at t0+1m", got[1])
	}
}

// On PostgreSQL the writers' lock excludes a second replica until the first releases it.
func TestWritersLockExcludesAnotherReplica(t *testing.T) {
	dsn := pg.Database(t)
	a, err := OpenFor(context.Background(), dsn, "")
	a = keep(t, a, err)
	b, err := OpenFor(context.Background(), dsn, "")
	b = keep(t, b, err)
	release, err := a.LockWriters(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if rel, err := b.LockWriters(short); err == nil {
		rel()
		t.Fatal("second replica took the lock while the first held it")
	}
	release()
	rel, err := b.LockWriters(context.Background())
	if err != nil {
		t.Fatalf("after release: got %v, want the lock", err)
	}
	rel()
	if _, err := openSQLite(t).LockWriters(context.Background()); err != ErrNotShared {
		t.Fatalf("SQLite: got %v, want %v", err, ErrNotShared)
	}
}
