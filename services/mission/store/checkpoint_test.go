package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

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
		if err := s.CreateMission(ctx, m, l, domain.BoardEvent{MissionID: id, Brain: "alpha", Seq: 1, Kind: domain.EventLetter}); err != nil {
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
			if err := s.Append(ctx, a); err != nil {
				t.Fatalf("round %d append %d: %v", r, n, err)
			}
			heads[c]++
		}
		// Wait for a checkpoint that started after this round's last commit.
		for done := s.commits.Load(); s.checkpointed.Load() < done; {
			time.Sleep(time.Millisecond)
		}
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
	if err := s.CreateMission(ctx, m, first, domain.BoardEvent{MissionID: "c", Brain: "alpha", Seq: 1, Kind: domain.EventLetter}); err != nil {
		t.Fatal(err)
	}
	appendAt := func(head int64) {
		t.Helper()
		l := domain.Letter{Schema: domain.Schema, LetterID: fmt.Sprintf("c-%d", head+1), MissionID: "c", Seq: head + 1, Brain: "alpha",
			Phase: domain.PhaseJudging, Advisory: true, PostedAt: now}
		if err := s.Append(ctx, domain.Append{Letter: l, ExpectedHead: head, Phase: domain.PhaseJudging, Now: now,
			Event: domain.BoardEvent{MissionID: "c", Brain: "alpha", Seq: l.Seq, Kind: domain.EventLetter, At: now}}); err != nil {
			t.Fatal(err)
		}
	}
	appendAt(1)
	for head := int64(2); head <= 20; head++ {
		// Each append is a group of its own; the writer counts it just after answering.
		for s.commits.Load() < uint64(head-1) || s.checkpointed.Load() < uint64(head-1) {
			time.Sleep(time.Millisecond)
		}
		if !s.topUp.Asked() {
			t.Fatalf("before append %d: got no top-up asked for after a background checkpoint, want one", head)
		}
		// Only the writer clears the request, and it looks right after each commit.
		appendAt(head)
	}
	deadline := time.Now().Add(20 * time.Second) // liveness bound, not a speed target
	for s.topUp.Done() < 19 {
		if time.Now().After(deadline) {
			t.Fatalf("got %d writer top-ups after 19 appends that each found one asked for, want 19", s.topUp.Done())
		}
		time.Sleep(time.Millisecond)
	}
	if n := s.checkpointFailures(); n != 0 {
		t.Errorf("got %d failed checkpoints, want 0", n)
	}
}
