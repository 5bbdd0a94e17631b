package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// TestWriterSettings: the append connection commits with the configured durability and never
// checkpoints inside a commit.
func TestWriterSettings(t *testing.T) {
	for _, tc := range []struct {
		name string
		sync sqlitedb.Synchronous
		want int // PRAGMA synchronous: 1 NORMAL, 2 FULL
	}{{"default is FULL", "", 2}, {"NORMAL when asked", sqlitedb.SyncNormal, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(context.Background(), filepath.Join(t.TempDir(), "m.db"), Options{Synchronous: tc.sync})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var auto, sync, cache int
			ctx := context.Background()
			for _, q := range []struct {
				pragma string
				dst    *int
			}{{"wal_autocheckpoint", &auto}, {"synchronous", &sync}, {"cache_size", &cache}} {
				if err := s.writerConn.QueryRowContext(ctx, "PRAGMA "+q.pragma).Scan(q.dst); err != nil {
					t.Fatal(err)
				}
			}
			if auto != 0 || sync != tc.want || cache != -32768 {
				t.Errorf("got wal_autocheckpoint=%d synchronous=%d cache_size=%d, want 0, %d, -32768", auto, sync, tc.want, cache)
			}
		})
	}
}

// TestCheckpointerBoundsWAL: with the writer never checkpointing, the background checkpointer
// is what keeps the WAL from growing with every append; between its runs the log restarts.
func TestCheckpointerBoundsWAL(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	s, err := Open(ctx, path, Options{Synchronous: sqlitedb.SyncNormal, CheckpointEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Unix(1_800_000_000, 0)
	const chains, rounds, perRound = 20, 10, 100
	for i := range chains {
		id := fmt.Sprintf("c%02d", i)
		m := domain.Mission{MissionID: id, Brain: "alpha", Phase: domain.PhaseJudging, HeadSeq: 1, HeadLetterID: id + "-1", OpenedAt: now, UpdatedAt: now}
		l := domain.Letter{Schema: domain.Schema, LetterID: id + "-1", MissionID: id, Seq: 1, Brain: "alpha", Phase: domain.PhaseJudging, PostedAt: now}
		if err := s.CreateMission(ctx, m, l, domain.BoardEvent{MissionID: id, Brain: "alpha", Seq: 1, Kind: domain.EventLetter}, nil); err != nil {
			t.Fatal(err)
		}
	}
	heads := make([]int64, chains)
	for i := range heads {
		heads[i] = 1
	}
	var maxWAL int64
	for r := range rounds {
		for n := range perRound {
			c := n % chains
			id := fmt.Sprintf("c%02d", c)
			l := domain.Letter{Schema: domain.Schema, LetterID: fmt.Sprintf("%s-%d", id, heads[c]+1), MissionID: id, Seq: heads[c] + 1,
				Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true, Note: "a note long enough to take some room in the page", PostedAt: now}
			a := domain.Append{Letter: l, ExpectedHead: heads[c], Phase: domain.PhaseJudging, Now: now,
				Event: domain.BoardEvent{MissionID: id, Brain: "alpha", Seq: l.Seq, Kind: domain.EventLetter, At: now}}
			if _, err := s.Append(ctx, a); err != nil {
				t.Fatalf("round %d append %d: %v", r, n, err)
			}
			heads[c]++
		}
		// Wait for a checkpoint that started after this round's last commit.
		done := s.commits.Load()
		waitFor(t, "a checkpoint after the round's last commit", func() bool { return s.checkpointed.Load() >= done })
		if fi, err := os.Stat(path + "-wal"); err == nil {
			maxWAL = max(maxWAL, fi.Size())
		}
	}
	// Every round appends ~100 groups of a few pages; without checkpoints the log would hold
	// all 2,000 appends' frames (tens of MiB). Two rounds' worth is the most a restart allows.
	const bound = 2 * perRound * 8 * 4096
	if maxWAL > bound || maxWAL == 0 {
		t.Errorf("got largest WAL %d bytes, want 1..%d", maxWAL, bound)
	}
	if n := s.checkpointFailures(); n != 0 {
		t.Errorf("got %d failed checkpoints, want 0", n)
	}
}

// TestWriterTopsUpCheckpoint: every background checkpoint asks the writer to finish the job,
// and the writer does so on its own connection after its next group commit.
func TestWriterTopsUpCheckpoint(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "m.db"), Options{Synchronous: sqlitedb.SyncNormal, CheckpointEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Unix(1_800_000_000, 0)
	m := domain.Mission{MissionID: "c", Brain: "alpha", Phase: domain.PhaseJudging, HeadSeq: 1, HeadLetterID: "c-1", OpenedAt: now, UpdatedAt: now}
	first := domain.Letter{Schema: domain.Schema, LetterID: "c-1", MissionID: "c", Seq: 1, Brain: "alpha", Phase: domain.PhaseJudging, PostedAt: now}
	if err := s.CreateMission(ctx, m, first, domain.BoardEvent{MissionID: "c", Brain: "alpha", Seq: 1, Kind: domain.EventLetter}, nil); err != nil {
		t.Fatal(err)
	}
	appendAt := func(head int64) {
		t.Helper()
		l := domain.Letter{Schema: domain.Schema, LetterID: fmt.Sprintf("c-%d", head+1), MissionID: "c", Seq: head + 1, Brain: "alpha",
			Phase: domain.PhaseJudging, Advisory: true, PostedAt: now}
		if _, err := s.Append(ctx, domain.Append{Letter: l, ExpectedHead: head, Phase: domain.PhaseJudging, Now: now,
			Event: domain.BoardEvent{MissionID: "c", Brain: "alpha", Seq: l.Seq, Kind: domain.EventLetter, At: now}}); err != nil {
			t.Fatal(err)
		}
	}
	appendAt(1)
	for head := int64(2); head <= 20; head++ {
		// Each append is a group of its own; the writer counts it just after answering.
		waitFor(t, "the append's commit and a checkpoint after it", func() bool {
			return s.commits.Load() >= uint64(head-1) && s.checkpointed.Load() >= uint64(head-1)
		})
		if !s.topUp.Asked() {
			t.Fatalf("before append %d: got no top-up asked for after a background checkpoint, want one", head)
		}
		// Only the writer clears the request, and it looks right after each commit.
		appendAt(head)
	}
	waitFor(t, "19 writer top-ups after 19 appends that each found one asked for", func() bool { return s.topUp.Done() >= 19 })
	if n := s.checkpointFailures(); n != 0 {
		t.Errorf("got %d failed checkpoints, want 0", n)
	}
}

// TestCheckpointerRunsOnItsClock: the checkpointer ticks on the store's injected clock, so no
// checkpoint runs until that clock passes a period, and one runs once it does.
func TestCheckpointerRunsOnItsClock(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFake(time.Unix(1_800_000_000, 0))
	s, err := Open(ctx, filepath.Join(t.TempDir(), "m.db"), Options{Synchronous: sqlitedb.SyncNormal, CheckpointEvery: time.Second, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	clk.BlockUntil(1) // the checkpointer's ticker is armed
	now := clk.Now()
	m := domain.Mission{MissionID: "c", Brain: "alpha", Phase: domain.PhaseJudging, HeadSeq: 1, HeadLetterID: "c-1", OpenedAt: now, UpdatedAt: now}
	first := domain.Letter{Schema: domain.Schema, LetterID: "c-1", MissionID: "c", Seq: 1, Brain: "alpha", Phase: domain.PhaseJudging, PostedAt: now}
	if err := s.CreateMission(ctx, m, first, domain.BoardEvent{MissionID: "c", Brain: "alpha", Seq: 1, Kind: domain.EventLetter}, nil); err != nil {
		t.Fatal(err)
	}
	l := domain.Letter{Schema: domain.Schema, LetterID: "c-2", MissionID: "c", Seq: 2, Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true, PostedAt: now}
	if _, err := s.Append(ctx, domain.Append{Letter: l, ExpectedHead: 1, Phase: domain.PhaseJudging, Now: now,
		Event: domain.BoardEvent{MissionID: "c", Brain: "alpha", Seq: 2, Kind: domain.EventLetter, At: now}}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the append's group commit counted", func() bool { return s.commits.Load() >= 1 })
	if got := s.checkpointed.Load(); got != 0 {
		t.Fatalf("got a checkpoint after commit %d before the clock moved, want none", got)
	}
	clk.Advance(time.Second)
	waitFor(t, "a checkpoint once the clock passed a period", func() bool { return s.checkpointed.Load() >= 1 })
}

// waitFor polls cond until it holds, failing the test if it has not within 20 seconds: a
// liveness bound so a lost wake-up fails fast instead of hanging CI, not a speed target.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20s for %s, want it sooner", what)
		}
		time.Sleep(time.Millisecond)
	}
}
