package store

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"github.com/organism-dev/organism/platform/sqlitedb"
	"github.com/organism-dev/organism/services/mission/domain"
)

// TestAppendPagesMigrationKeepsChains: a database written before letters and board events were
// rebuilt (migration 0002) keeps every letter and event, and new appends continue the chain
// and the board cursor where they stopped.
func TestAppendPagesMigrationKeepsChains(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "mission.db")
	first, err := fs.ReadFile(Migrations(), "0001_chains.sql")
	if err != nil {
		t.Fatal(err)
	}
	old, err := sqlitedb.Open(ctx, path, fstest.MapFS{"0001_chains.sql": {Data: first}}, sqlitedb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0).UnixNano()
	if _, err := old.ExecContext(ctx, `INSERT INTO missions(mission_id, brain, phase, head_seq, head_letter_id, opened_at, updated_at, packet)
		VALUES ('m1', 'alpha', 'judging', 3, 'l3', ?, ?, '{}')`, now, now); err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 3; seq++ {
		body := fmt.Sprintf(`{"schema":%q,"letter_id":"l%d","mission_id":"m1","seq":%d,"brain":"alpha","phase":"judging","note":"old %d"}`, domain.Schema, seq, seq, seq)
		if _, err := old.ExecContext(ctx, `INSERT INTO letters(mission_id, seq, letter_id, phase, advisory, posted_at, body) VALUES ('m1', ?, ?, 'judging', 0, ?, ?)`,
			seq, fmt.Sprintf("l%d", seq), now, body); err != nil {
			t.Fatal(err)
		}
		if _, err := old.ExecContext(ctx, `INSERT INTO board_events(mission_id, brain, seq, kind, from_phase, to_phase, at) VALUES ('m1', 'alpha', ?, 'letter', '', '', ?)`, seq, now); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()

	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := domain.Letter{Schema: domain.Schema, LetterID: "l4", MissionID: "m1", Seq: 4, Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true, Note: "new", PostedAt: time.Unix(0, now)}
	if _, err := s.Append(ctx, domain.Append{Letter: l, ExpectedHead: 3, Phase: domain.PhaseJudging, Now: time.Unix(0, now),
		Event: domain.BoardEvent{MissionID: "m1", Brain: "alpha", Seq: 4, Kind: domain.EventLetter, At: time.Unix(0, now)}}); err != nil {
		t.Fatal(err)
	}
	letters, err := s.Letters(ctx, "m1", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(letters) != 4 {
		t.Fatalf("got %d letters, want the 3 migrated and the new one", len(letters))
	}
	for i, got := range letters {
		if got.Seq != int64(i+1) || got.LetterID != fmt.Sprintf("l%d", i+1) {
			t.Errorf("letter %d: got seq %d id %s, want seq %d id l%d", i, got.Seq, got.LetterID, i+1, i+1)
		}
	}
	if got, err := s.Letter(ctx, "m1", "l2"); err != nil || got.Note != "old 2" {
		t.Errorf("letter l2 by id: got %+v (%v), want the migrated letter", got, err)
	}
	events, err := s.Events(ctx, "", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 4 {
		t.Fatalf("got %d board events, want 4", len(events))
	}
	for i, ev := range events {
		if ev.Cursor != int64(i+1) || ev.Seq != int64(i+1) {
			t.Errorf("event %d: got cursor %d seq %d, want cursor %d seq %d", i, ev.Cursor, ev.Seq, i+1, i+1)
		}
	}
}
