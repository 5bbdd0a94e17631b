package store

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// walCheckpointSeq reads the checkpoint sequence number from a WAL file's header; SQLite
// increments it each time the log restarts from its beginning.
func walCheckpointSeq(t *testing.T, path string) uint32 {
	t.Helper()
	b, err := os.ReadFile(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 32 {
		t.Fatalf("WAL of %d bytes has no header", len(b))
	}
	return binary.BigEndian.Uint32(b[12:16])
}

// TestWriterTopUpRestartsWAL: when a background checkpoint asks for it, the writer checkpoints
// on its own connection after its next batch, so the commit after that restarts the WAL from
// its beginning instead of appending to a log that, under a steady storm, the background
// checkpointer alone never finishes (measured: 121 MB of WAL after 24,000 memorize calls).
func TestWriterTopUpRestartsWAL(t *testing.T) {
	path := filepath.Join(t.TempDir(), "medulla.db")
	// No background checkpoint runs in this test; it sets the request itself.
	s, err := OpenFile(context.Background(), path, Options{CheckpointEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	put := func(slug string) {
		t.Helper()
		if err := s.Write(context.Background(), func(tx domain.Tx) error { return write(tx, slug, "a claim") }); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Write(context.Background(), func(tx domain.Tx) error {
		return tx.PutBrain(domain.Brain{Name: "loja", RepoRoot: "/r", SoulPath: "s.md", Policy: domain.PolicyOwnerPersonal, CreatedAt: t0, UpdatedAt: t0})
	}); err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		put(fmt.Sprintf("c%d", i))
	}
	before := walCheckpointSeq(t, path)
	put("more") // nobody asked: no top-up, the log goes on
	if got := walCheckpointSeq(t, path); got != before || s.topUp.Done() != 0 {
		t.Fatalf("without a request: got WAL sequence %d (was %d) and %d top-ups, want no restart and none", got, before, s.topUp.Done())
	}
	s.topUp.Ask()
	put("asked")                                 // the writer tops up right after this batch, or soon after when busy
	deadline := time.Now().Add(20 * time.Second) // liveness bound, not a speed target
	for s.topUp.Done() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("got no top-up after a request, want one")
		}
		time.Sleep(time.Millisecond)
	}
	put("restart") // this commit finds the whole log checkpointed and restarts it
	if got := walCheckpointSeq(t, path); got == before || s.topUp.Done() != 1 {
		t.Fatalf("after a request: got WAL sequence %d (was %d) and %d top-ups, want a restart and one", got, before, s.topUp.Done())
	}
	if s.topUp.Asked() {
		t.Error("the request is still set after the top-up, want it cleared")
	}
}

// TestCheckpointerRunsOnTheStoreClock: the background checkpoint is timed by the store's
// injected clock, so it runs when that clock passes its period and not before.
func TestCheckpointerRunsOnTheStoreClock(t *testing.T) {
	clk := clock.NewFake(t0)
	s, err := OpenFile(context.Background(), filepath.Join(t.TempDir(), "medulla.db"), Options{CheckpointEvery: time.Minute, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The checkpointer's ticker is armed when at least one waiter is on the clock (the index's
	// gather timer is armed only while changes are queued, and none are).
	waitFor(t, "the checkpointer to arm its ticker", func() bool { return clk.Waiters() >= 1 })
	clk.Advance(59 * time.Second)
	if s.topUp.Asked() {
		t.Fatal("got a checkpoint before the period passed on the store clock, want none")
	}
	clk.Advance(time.Second)
	waitFor(t, "a checkpoint once the period passed", s.topUp.Asked)
}

// waitFor polls cond until it holds, failing the test after a liveness bound (not a speed target).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20s for %s, want it to happen", what)
		}
		time.Sleep(time.Millisecond)
	}
}
