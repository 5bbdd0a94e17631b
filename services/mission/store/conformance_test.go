package store_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/pgtest"
	"github.com/organism-dev/organism/services/mission/domain"
	"github.com/organism-dev/organism/services/mission/store"
)

// One conformance suite, two backends: every law below runs against SQLite (two handles on one
// file) and PostgreSQL (two stores on one database, as two replicas are). A law about replicas
// races its writers through both handles.

type fullStore interface {
	domain.Store
	domain.SkeletonStore
	domain.ReportStore
}

var pg = pgtest.New(pgtest.Options{})

func TestMain(m *testing.M) { pgtest.Main(m, pg, pgDurable) }

func TestConformanceSQLite(t *testing.T) {
	conformance(t, func(t *testing.T) (fullStore, fullStore) {
		path := filepath.Join(t.TempDir(), "mission.db")
		open := func() fullStore {
			st, err := store.Open(context.Background(), path, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}
		return open(), open()
	})
}

func TestConformancePostgres(t *testing.T) {
	conformance(t, func(t *testing.T) (fullStore, fullStore) {
		dsn := pg.Database(t)
		return openPG(t, dsn), openPG(t, dsn)
	})
}

func openPG(t testing.TB, dsn string) *store.PG {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), dsn, store.PGOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// race runs n calls of fn at once (fn(i) through replica i%2) and returns their errors.
func race(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			errs[i] = fn(i)
		})
	}
	close(start)
	wg.Wait()
	return errs
}

// tally counts nil errors and errors matching want; any other error fails the test.
func tally(t *testing.T, what string, errs []error, want error) (wins int) {
	t.Helper()
	for i, err := range errs {
		switch {
		case err == nil:
			wins++
		case !errors.Is(err, want):
			t.Errorf("%s: caller %d: got %v, want nil or %v", what, i, err, want)
		}
	}
	return wins
}

func conformance(t *testing.T, open func(t *testing.T) (a, b fullStore)) {
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	pick := func(a, b fullStore, i int) fullStore {
		if i%2 == 0 {
			return a
		}
		return b
	}

	t.Run("group commit keeps one winner per head and rolls back a half-failed append", func(t *testing.T) {
		a, _ := open(t)
		appendGroupCommit(t, a)
	})

	t.Run("64 CAS writers on one chain across two replicas: one winner per head", func(t *testing.T) {
		a, b := open(t)
		newChain(t, a, "one")
		const writers, rounds = 64, 5
		for head := int64(1); head <= rounds; head++ {
			errs := race(writers, func(i int) error {
				return appendErr(ctx, pick(a, b, i), appendAt("one", fmt.Sprintf("one-%d-%d", head, i), head))
			})
			if wins := tally(t, fmt.Sprintf("head %d", head), errs, domain.ErrHeadMoved); wins != 1 {
				t.Fatalf("head %d: got %d winners, want 1", head, wins)
			}
		}
		ls, err := b.Letters(ctx, "one", 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(ls) != rounds+1 {
			t.Fatalf("got %d letters, want %d (one per head)", len(ls), rounds+1)
		}
		for i, l := range ls {
			if l.Seq != int64(i+1) {
				t.Fatalf("letter %d: got seq %d, want %d", i, l.Seq, i+1)
			}
		}
	})

	// The attack on the letters' tie to their mission, which PostgreSQL no longer holds with a
	// foreign key (pgmigration 0005): letters for a chain that was never opened, sent alone and in
	// the same groups as real appends, from both replicas. Each is refused and leaves nothing.
	t.Run("a letter for a mission that does not exist is refused and leaves nothing", func(t *testing.T) {
		a, b := open(t)
		newChain(t, a, "real")
		errs := race(16, func(i int) error {
			if i%2 == 0 {
				return appendErr(ctx, pick(a, b, i/2), appendAt("ghost", fmt.Sprintf("ghost-%d", i), 1))
			}
			return appendErr(ctx, pick(a, b, i/2), appendAt("real", fmt.Sprintf("real-%d", i), 1))
		})
		for i, err := range errs {
			if i%2 == 0 && !errors.Is(err, domain.ErrNoMission) {
				t.Errorf("letter %d for the ghost chain: got %v, want %v", i, err, domain.ErrNoMission)
			}
		}
		for _, st := range []fullStore{a, b} {
			if ls, err := st.Letters(ctx, "ghost", 0, 100); err != nil || len(ls) != 0 {
				t.Fatalf("ghost chain: got %d letters (%v), want none", len(ls), err)
			}
			evs, err := st.Events(ctx, "alpha", 0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range evs {
				if ev.MissionID == "ghost" {
					t.Fatalf("got board event %+v for the ghost chain, want none", ev)
				}
			}
		}
	})

	t.Run("a reader on one replica misses no event the other writes, cursor by cursor", func(t *testing.T) {
		a, b := open(t)
		const chains = 8
		for i := range chains {
			newChain(t, pick(a, b, i), fmt.Sprintf("ev%d", i))
		}
		const perChain = 25
		done := make(chan struct{})
		var seen []int64
		readErr := make(chan error, 1)
		go func() {
			// Follow the board from replica b while both replicas write.
			var cursor int64
			deadline := time.Now().Add(30 * time.Second)
			for {
				// Whether the writers had finished is read before the events, so an empty
				// read after they finished means the follower has caught up.
				finished := false
				select {
				case <-done:
					finished = true
				default:
				}
				evs, err := b.Events(ctx, "alpha", cursor, 1000)
				if err != nil {
					readErr <- err
					return
				}
				for _, ev := range evs {
					seen = append(seen, ev.Cursor)
					cursor = ev.Cursor
				}
				if finished && len(evs) == 0 {
					readErr <- nil
					return
				}
				if time.Now().After(deadline) {
					readErr <- errors.New("reader did not finish in 30s")
					return
				}
			}
		}()
		race(chains, func(i int) error {
			id := fmt.Sprintf("ev%d", i)
			for head := int64(1); head <= perChain; head++ {
				if err := appendErr(ctx, pick(a, b, int(head)+i), appendAt(id, fmt.Sprintf("%s-%d", id, head), head)); err != nil {
					t.Errorf("%s head %d: %v", id, head, err)
				}
			}
			return nil
		})
		close(done)
		if err := <-readErr; err != nil {
			t.Fatal(err)
		}
		all, err := a.Events(ctx, "alpha", 0, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		if want := chains * (perChain + 1); len(all) != want {
			t.Fatalf("got %d events stored, want %d", len(all), want)
		}
		if len(seen) != len(all) {
			t.Fatalf("the follower saw %d events, want all %d: a cursor became visible after a larger one", len(seen), len(all))
		}
		for i := range all {
			if seen[i] != all[i].Cursor {
				t.Fatalf("event %d: follower got cursor %d, want %d", i, seen[i], all[i].Cursor)
			}
		}
	})

	t.Run("an append returns the row it left, with what another replica changed", func(t *testing.T) {
		a, b := open(t)
		newChain(t, a, "ret")
		if err := a.Spawn(ctx, "ret", "run", 1, now); err != nil {
			t.Fatal(err)
		}
		if ok, err := a.TakeLease(ctx, domain.Lease{LeaseID: "lse", MissionID: "ret", RunnerID: "run", ExpiresAt: now.Add(time.Hour), Attempt: 1}, 1, now); err != nil || !ok {
			t.Fatalf("take lease: got %v (%v), want it taken", ok, err)
		}
		// The lease is renewed through the other replica: the appending one never saw it.
		renewed := now.Add(2 * time.Hour)
		if _, err := b.RenewLease(ctx, "lse", "run", renewed, now); err != nil {
			t.Fatal(err)
		}
		keep := appendAt("ret", "ret-2", 1)
		keep.RequireLease = "lse"
		release := appendAt("ret", "ret-3", 2)
		release.RequireLease, release.ClearLease, release.Phase = "lse", true, domain.PhaseMergeWait
		tests := []struct {
			name      string
			a         domain.Append
			wantHead  int64
			wantLease domain.Lease
		}{
			{"runner letter keeps the renewed lease", keep, 2, domain.Lease{LeaseID: "lse", MissionID: "ret", RunnerID: "run", ExpiresAt: renewed, Attempt: 1}},
			{"arrow to merge_wait clears it", release, 3, domain.Lease{MissionID: "ret"}},
		}
		for _, tc := range tests {
			got, err := a.Append(ctx, tc.a)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			stored, err := b.Mission(ctx, "ret")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, stored) {
				t.Errorf("%s: got %+v, want the stored row %+v", tc.name, got, stored)
			}
			if got.HeadSeq != tc.wantHead || got.Phase != tc.a.Phase || !got.Spawned || got.AssignedRunner != "run" {
				t.Errorf("%s: got head %d phase %s spawned %v runner %q, want %d %s true run", tc.name, got.HeadSeq, got.Phase, got.Spawned, got.AssignedRunner, tc.wantHead, tc.a.Phase)
			}
			if got.Lease.LeaseID != tc.wantLease.LeaseID || got.Lease.RunnerID != tc.wantLease.RunnerID || !got.Lease.ExpiresAt.Equal(tc.wantLease.ExpiresAt) {
				t.Errorf("%s: got lease %+v, want %+v", tc.name, got.Lease, tc.wantLease)
			}
		}
	})

	t.Run("a runner holds one lease across replicas", func(t *testing.T) {
		a, b := open(t)
		for round := range 5 {
			runner := fmt.Sprintf("run%d", round)
			ids := []string{fmt.Sprintf("l%da", round), fmt.Sprintf("l%db", round)}
			for _, id := range ids {
				newChain(t, a, id)
				if err := a.Spawn(ctx, id, runner, 1, now); err != nil {
					t.Fatal(err)
				}
			}
			got := make([]bool, 2)
			errs := race(2, func(i int) error {
				ok, err := pick(a, b, i).TakeLease(ctx, domain.Lease{LeaseID: fmt.Sprintf("lse%d-%d", round, i), MissionID: ids[i], RunnerID: runner,
					ExpiresAt: now.Add(time.Minute), Attempt: 1}, 1, now)
				got[i] = ok
				return err
			})
			tally(t, "take lease", errs, nil)
			if got[0] == got[1] {
				t.Fatalf("round %d: got leases %v, want exactly one granted", round, got)
			}
		}
	})

	t.Run("a report is screened once across replicas", func(t *testing.T) {
		a, b := open(t)
		for i := range 10 {
			id := fmt.Sprintf("rpt%d", i)
			if _, err := a.AddReport(ctx, domain.Report{ReportID: id, Class: "bug", Repo: "/r", Tool: "t", What: "w", At: now,
				Fingerprint: "fp" + id}); err != nil {
				t.Fatal(err)
			}
			errs := race(2, func(j int) error {
				if j == 0 {
					return a.Refuse(ctx, domain.Screen{ReportID: id, Outcome: domain.OutcomeRefused, Reason: "NO_BRAIN", Fingerprint: "fp" + id, At: now}, nil)
				}
				mid := "chr" + id
				m, l, ev := chainParts(mid, now)
				return b.Charter(ctx, domain.Charter{Screen: domain.Screen{ReportID: id, Outcome: domain.OutcomeChartered, Brain: "alpha",
					MissionID: mid, Fingerprint: "fp" + id, At: now}, Mission: m, First: l, Event: ev, Cap: 100})
			})
			if wins := tally(t, id, errs, domain.ErrScreened); wins != 1 {
				t.Fatalf("%s: got %d screenings, want 1", id, wins)
			}
		}
		rs, err := b.Reports(ctx, domain.ReportFilter{Unread: true, Limit: 100})
		if err != nil || len(rs) != 0 {
			t.Fatalf("unread reports: got %d (%v), want 0", len(rs), err)
		}
	})

	t.Run("the charter cap holds across replicas", func(t *testing.T) {
		a, b := open(t)
		for i := range 2 {
			if _, err := a.AddReport(ctx, domain.Report{ReportID: fmt.Sprintf("cap%d", i), Class: "bug", Repo: "/r", Tool: "t", What: "w", At: now,
				Fingerprint: fmt.Sprintf("capfp%d", i)}); err != nil {
				t.Fatal(err)
			}
		}
		errs := race(2, func(i int) error {
			mid := fmt.Sprintf("capm%d", i)
			m, l, ev := chainParts(mid, now)
			err := pick(a, b, i).Charter(ctx, domain.Charter{Screen: domain.Screen{ReportID: fmt.Sprintf("cap%d", i), Outcome: domain.OutcomeChartered,
				Brain: "alpha", MissionID: mid, Fingerprint: fmt.Sprintf("capfp%d", i), At: now}, Mission: m, First: l, Event: ev, Cap: 1})
			var capErr *domain.CapError
			if errors.As(err, &capErr) {
				return errCapped
			}
			return err
		})
		if wins := tally(t, "charter at cap 1", errs, errCapped); wins != 1 {
			t.Fatalf("got %d chartered, want 1", wins)
		}
	})

	t.Run("the skeleton store version moves once per expected version across replicas", func(t *testing.T) {
		a, b := open(t)
		for expected := range int64(3) {
			errs := race(8, func(i int) error {
				k := domain.Skeleton{SkeletonID: fmt.Sprintf("sk%d-%d", expected, i), Brain: "alpha", Revision: 100*expected + int64(i),
					State: domain.SkeletonRatified}
				return pick(a, b, i).WriteSkeletons(ctx, domain.SkeletonWrite{Brain: "alpha", Expected: expected, Put: []domain.Skeleton{k}})
			})
			if wins := tally(t, fmt.Sprintf("expected %d", expected), errs, domain.ErrSkeletonVersion); wins != 1 {
				t.Fatalf("expected %d: got %d writes, want 1", expected, wins)
			}
		}
		if v, err := b.SkeletonVersion(ctx, "alpha"); err != nil || v != 3 {
			t.Fatalf("version: got %d (%v), want 3", v, err)
		}
	})

	t.Run("a brain has one live curation across replicas", func(t *testing.T) {
		a, b := open(t)
		errs := race(4, func(i int) error {
			mid := fmt.Sprintf("cur%d", i)
			m, l, ev := chainParts(mid, now)
			c := domain.Curation{CurationID: "crn" + mid, Brain: "alpha", MissionID: mid, State: domain.CurationPending, CreatedAt: now}
			return pick(a, b, i).CreateCuration(ctx, c, m, l, ev, nil)
		})
		if wins := tally(t, "create curation", errs, domain.ErrCurationBusy); wins != 1 {
			t.Fatalf("got %d live curations, want 1", wins)
		}
		ms, err := b.Missions(ctx, domain.MissionFilter{Brain: "alpha", Limit: 10})
		if err != nil || len(ms) != 1 {
			t.Fatalf("got %d missions (%v), want 1: a refused curation leaves no chain", len(ms), err)
		}
	})

	t.Run("a brain's curations page newest first on either replica", func(t *testing.T) {
		a, b := open(t)
		for i := range 3 {
			mid := fmt.Sprintf("hist%d", i)
			m, l, ev := chainParts(mid, now)
			c := domain.Curation{CurationID: "crn" + mid, Brain: "alpha", MissionID: mid, State: domain.CurationPending,
				CreatedAt: now.Add(time.Duration(i) * time.Second)}
			if err := pick(a, b, i).CreateCuration(ctx, c, m, l, ev, nil); err != nil {
				t.Fatal(err)
			}
			done := c
			done.State = domain.CurationFailed
			if err := pick(a, b, i+1).UpdateCuration(ctx, done, domain.CurationPending, c.LeaseID, nil); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		var before *domain.CurationCursor
		for page := 0; page < 10; page++ {
			cs, err := pick(a, b, page).Curations(ctx, "alpha", before, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				got = append(got, c.CurationID)
			}
			if len(cs) < 2 {
				break
			}
			last := cs[len(cs)-1]
			before = &domain.CurationCursor{CreatedAt: last.CreatedAt, CurationID: last.CurationID}
		}
		if want := "crnhist2 crnhist1 crnhist0"; strings.Join(got, " ") != want {
			t.Errorf("got %v, want %s", got, want)
		}
		if other, err := a.Curations(ctx, "beta", nil, 10); err != nil || len(other) != 0 {
			t.Errorf("got %d curations of another brain (%v), want none", len(other), err)
		}
	})

	t.Run("store conditions read the same on both backends", func(t *testing.T) {
		a, _ := open(t)
		newChain(t, a, "c1")
		tests := []struct {
			name string
			err  error
			want error
		}{
			{"no mission", func() error { _, err := a.Mission(ctx, "nope"); return err }(), domain.ErrNoMission},
			{"append to no mission", appendErr(ctx, a, appendAt("nope", "x", 1)), domain.ErrNoMission},
			{"stale head", appendErr(ctx, a, appendAt("c1", "x", 7)), domain.ErrHeadMoved},
			{"lease not held", appendErr(ctx, a, func() domain.Append { ap := appendAt("c1", "y", 1); ap.RequireLease = "lse"; return ap }()), domain.ErrLeaseNotHeld},
			{"no log", func() error { _, err := a.Log(ctx, "c1", "abc"); return err }(), domain.ErrNoLog},
			{"no skeleton", func() error { _, err := a.Skeleton(ctx, "sk"); return err }(), domain.ErrNoSkeleton},
			{"no curation", func() error { _, err := a.Curation(ctx, "crn"); return err }(), domain.ErrNoCuration},
			{"no report", a.Refuse(ctx, domain.Screen{ReportID: "nope", Outcome: domain.OutcomeRefused, At: now}, nil), domain.ErrNoReport},
			{"renew no lease", func() error { _, err := a.RenewLease(ctx, "lse", "r", now, now); return err }(), domain.ErrLeaseNotHeld},
			{"spawn stale head", a.Spawn(ctx, "c1", "r", 9, now), domain.ErrHeadMoved},
		}
		for _, tc := range tests {
			if !errors.Is(tc.err, tc.want) {
				t.Errorf("%s: got %v, want %v", tc.name, tc.err, tc.want)
			}
		}
		if err := a.PutLog(ctx, "c1", "abc", []byte("log"), "r", now); err != nil {
			t.Fatal(err)
		}
		if err := a.PutLog(ctx, "c1", "abc", []byte("log"), "r", now); err != nil {
			t.Errorf("second identical log: got %v, want nil", err)
		}
		if b, err := a.FixTarget(ctx, "alpha", "main", now); err != nil || b != "main" {
			t.Errorf("fix target: got %q (%v), want main", b, err)
		}
		if b, err := a.FixTarget(ctx, "alpha", "dev", now); err != nil || b != "main" {
			t.Errorf("fix target again: got %q (%v), want the first, main", b, err)
		}
	})
}

var errCapped = errors.New("at the cap")

// chainParts is a fresh judging mission with its first letter and event.
func chainParts(id string, now time.Time) (domain.Mission, domain.Letter, domain.BoardEvent) {
	m := domain.Mission{MissionID: id, Brain: "alpha", Phase: domain.PhaseJudging, HeadSeq: 1, HeadLetterID: id + "-1", OpenedAt: now, UpdatedAt: now}
	l := domain.Letter{Schema: domain.Schema, LetterID: id + "-1", MissionID: id, Seq: 1, Brain: "alpha", Phase: domain.PhaseJudging, PostedAt: now}
	return m, l, domain.BoardEvent{MissionID: id, Brain: "alpha", Seq: 1, Kind: domain.EventLetter, At: now}
}
