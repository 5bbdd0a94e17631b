package domain_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/services/mission/domain"
)

// chainStore is a Store holding one mission of n letters; only what ListLetters reads is real.
type chainStore struct {
	domain.Store
	n         int64
	lastLimit int
}

func (s *chainStore) Mission(_ context.Context, id string) (domain.Mission, error) {
	return domain.Mission{MissionID: id, Brain: "alpha", HeadSeq: s.n}, nil
}

func (s *chainStore) Letters(_ context.Context, id string, after int64, limit int) ([]domain.Letter, error) {
	s.lastLimit = limit
	var out []domain.Letter
	for seq := after + 1; seq <= s.n && len(out) < limit; seq++ {
		out = append(out, domain.Letter{MissionID: id, Seq: seq})
	}
	return out, nil
}

// TestListLettersDefaultAndCap: a page is 1,000 letters by default and at most 1,000 whatever
// is asked, more is true exactly when letters lie past the page, and looping on the last seq
// reads any chain to its head without a gap.
func TestListLettersDefaultAndCap(t *testing.T) {
	orch := principal.Principal{AgentID: "orch", Seat: "orchestrator", Brain: "alpha", Origin: principal.OriginAgent}
	tests := []struct {
		name  string
		chain int64
		size  int
		pages []int // letters on each page until more is false
	}{
		{"default page over a long chain", 2500, 0, []int{1000, 1000, 500}},
		{"a page asked larger than the cap", 2500, 5000, []int{1000, 1000, 500}},
		{"the chain ends exactly on a page", 2000, 0, []int{1000, 1000}},
		{"a short chain", 3, 0, []int{3}},
		{"small pages", 5, 2, []int{2, 2, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := &chainStore{n: tc.chain}
			svc, err := domain.New(domain.Options{Store: st, Brains: brains{}, Repo: scope{},
				Runners: domain.NewRunnerBook(filepath.Join(t.TempDir(), "runners.toml")), Clock: clock.NewFake(time.Unix(1_800_000_000, 0))})
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			var after int64
			for range len(tc.pages) + 1 {
				ls, more, err := svc.ListLetters(context.Background(), orch, "msn_0000000000000001", after, tc.size)
				if err != nil {
					t.Fatal(err)
				}
				if st.lastLimit > domain.MaxPageSize+1 {
					t.Fatalf("got the store asked for %d letters, want at most a page and one more", st.lastLimit)
				}
				for _, l := range ls {
					if l.Seq != after+1 {
						t.Fatalf("got seq %d after %d: a gap", l.Seq, after)
					}
					after = l.Seq
				}
				got = append(got, len(ls))
				if !more {
					break
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.pages) || after != tc.chain {
				t.Errorf("got pages %v ending at seq %d, want %v ending at %d", got, after, tc.pages, tc.chain)
			}
		})
	}
}
