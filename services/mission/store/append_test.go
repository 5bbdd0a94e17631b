package store_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "mission.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newChain(t *testing.T, st domain.Store, id string) {
	t.Helper()
	now := time.Unix(1_800_000_000, 0)
	m := domain.Mission{MissionID: id, Brain: "alpha", Phase: domain.PhaseJudging, HeadSeq: 1, HeadLetterID: id + "-1", OpenedAt: now, UpdatedAt: now}
	l := domain.Letter{Schema: domain.Schema, LetterID: id + "-1", MissionID: id, Seq: 1, Brain: "alpha", Phase: domain.PhaseJudging, PostedAt: now}
	if err := st.CreateMission(context.Background(), m, l, domain.BoardEvent{MissionID: id, Brain: "alpha", Seq: 1, Kind: domain.EventLetter}, nil); err != nil {
		t.Fatal(err)
	}
}

// appendErr is st.Append for a law that looks only at whether the append won.
func appendErr(ctx context.Context, st domain.Store, a domain.Append) error {
	_, err := st.Append(ctx, a)
	return err
}

func appendAt(id, letterID string, head int64) domain.Append {
	now := time.Unix(1_800_000_100, 0)
	l := domain.Letter{Schema: domain.Schema, LetterID: letterID, MissionID: id, Seq: head + 1, Brain: "alpha", Phase: domain.PhaseJudging, Advisory: true, PostedAt: now}
	return domain.Append{Letter: l, ExpectedHead: head, Phase: domain.PhaseJudging, Now: now,
		Event: domain.BoardEvent{MissionID: id, Brain: "alpha", Seq: l.Seq, Kind: domain.EventLetter, At: now}}
}

// appendGroupCommit races appends through the group writer: same-head appends on one chain
// keep exactly one winner, a half-failed append (its receipt id already taken) rolls back
// alone, and every other chain's append commits. Part of the conformance suite.
func appendGroupCommit(t *testing.T, st domain.Store) {
	ctx := context.Background()
	const chains = 20
	for i := range chains {
		newChain(t, st, fmt.Sprintf("c%02d", i))
	}
	newChain(t, st, "bad")
	newChain(t, st, "landed")
	// A receipt id is unique: "landed" takes one first, so the append on "bad" that reuses it
	// passes its CAS and then fails on the receipt, after its head and letter were written.
	withReceipt := func(a domain.Append) domain.Append {
		a.Receipt = &domain.Receipt{ReceiptID: "rcp-taken", MissionID: a.Letter.MissionID, Brain: "alpha", At: a.Now}
		return a
	}
	if err := appendErr(ctx, st, withReceipt(appendAt("landed", "landed-2", 1))); err != nil {
		t.Fatal(err)
	}
	type tcase struct {
		name string
		a    domain.Append
		want error // nil, ErrHeadMoved, or errAny for a store failure
	}
	var tests []tcase
	for i := range chains {
		id := fmt.Sprintf("c%02d", i)
		tests = append(tests, tcase{id + " first", appendAt(id, id+"-2", 1), nil})
	}
	// A second writer on c00 with the same head loses; the append on "bad" fails half-way.
	var errAny = errors.New("any store failure")
	tests = append(tests,
		tcase{"c00 same head", appendAt("c00", "c00-2b", 1), domain.ErrHeadMoved},
		tcase{"bad reused receipt id", withReceipt(appendAt("bad", "bad-2", 1)), errAny},
	)
	var wg sync.WaitGroup
	results := make([]error, len(tests))
	rows := make([]domain.Mission, len(tests))
	start := make(chan struct{})
	for i, tc := range tests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			rows[i], results[i] = st.Append(ctx, tc.a)
		}()
	}
	close(start)
	wg.Wait()

	c00Wins := 0
	for i, tc := range tests {
		err := results[i]
		switch {
		case tc.name == "c00 first" || tc.name == "c00 same head":
			// Which of the two lands first is the race; exactly one may.
			if err == nil {
				c00Wins++
			} else if !errors.Is(err, domain.ErrHeadMoved) {
				t.Errorf("%s: got %v, want success or ErrHeadMoved", tc.name, err)
			}
		case tc.want == errAny:
			if err == nil || errors.Is(err, domain.ErrHeadMoved) {
				t.Errorf("%s: got %v, want a store failure", tc.name, err)
			}
		case err != tc.want && !errors.Is(err, tc.want):
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}
	if c00Wins != 1 {
		t.Fatalf("got %d winners on c00, want 1", c00Wins)
	}
	if m, err := st.Mission(ctx, "bad"); err != nil || m.HeadSeq != 1 {
		t.Errorf("got bad chain head %d (%v), want 1: the half-failed append must roll back", m.HeadSeq, err)
	}
	if ls, err := st.Letters(ctx, "bad", 0, 10); err != nil || len(ls) != 1 {
		t.Errorf("got %d letters on bad (%v), want only its first: the half-written letter must roll back too", len(ls), err)
	}
	for i := range chains {
		id := fmt.Sprintf("c%02d", i)
		m, err := st.Mission(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if m.HeadSeq != 2 {
			t.Errorf("%s: got head %d, want 2", id, m.HeadSeq)
		}
		// The winner heard the row its append left, as a later read finds it.
		for j, tc := range tests {
			if results[j] == nil && tc.a.Letter.MissionID == id && !reflect.DeepEqual(rows[j], m) {
				t.Errorf("%s: append returned %+v, want the stored row %+v", tc.name, rows[j], m)
			}
		}
		ls, err := st.Letters(ctx, id, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(ls) != 2 || ls[1].Seq != 2 {
			t.Errorf("%s: got %d letters, want seq 1 and 2 only", id, len(ls))
		}
	}
}
