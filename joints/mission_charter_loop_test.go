package joints_test

import (
	"sync"
	"testing"
	"time"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// chrFileMix files a mix of reports that screen every way: charters for alpha (past its cap),
// beta and duplicates, and refusals of every other kind.
func chrFileMix(f *chrFixture, n int) []*missionv1.FieldReport {
	f.t.Helper()
	var out []*missionv1.FieldReport
	for i := 0; i < n; i++ {
		var r *missionv1.FieldReport
		what := "pain number " + string(rune('a'+i%26)) + string(rune('a'+i/26))
		switch i % 5 {
		case 0:
			r = f.report(f.agent, chrBug, "alpha", "recall", what, "")
		case 1:
			r = f.report(f.owner, chrHonesty, "beta", "north", what, "")
		case 2:
			r = f.report(f.owner, chrBug, "beta", "north", "the same pain every time", "")
		case 3:
			r = f.report(f.agent, chrFriction, "alpha", "recall", what, "")
		case 4:
			r = f.report(f.owner, chrBug, "gamma", "seek", what, "")
		}
		out = append(out, r)
	}
	return out
}

// chrCheckScreenedOnce checks every report in the spool has exactly one screening, the
// chartered ones each their own mission, and no brain more open auto-charters than the cap.
func chrCheckScreenedOnce(t *testing.T, f *chrFixture, want int) {
	t.Helper()
	rs := f.reports(false)
	if len(rs) != want {
		t.Fatalf("got %d reports, want %d", len(rs), want)
	}
	missions := map[string]string{}
	perBrain := map[string]int{}
	for _, r := range rs {
		sc := r.GetScreen()
		if sc.GetOutcome() == missionv1.ScreenOutcome_SCREEN_OUTCOME_UNSPECIFIED {
			t.Errorf("got report %s unread, want it screened", r.GetReportId())
			continue
		}
		if sc.GetOutcome() == missionv1.ScreenOutcome_SCREEN_OUTCOME_CHARTERED {
			if prev, dup := missions[sc.GetMissionId()]; dup {
				t.Errorf("got mission %s chartered for %s and %s, want one report each", sc.GetMissionId(), prev, r.GetReportId())
			}
			missions[sc.GetMissionId()] = r.GetReportId()
			perBrain[sc.GetBrain()]++
		}
	}
	total := 0
	for brain, n := range perBrain {
		if n > 3 {
			t.Errorf("got %d auto-chartered missions open in %s, want at most 3", n, brain)
		}
		if got := len(f.missions(brain)); got != n {
			t.Errorf("got %d missions in %s, want the %d chartered", got, brain, n)
		}
		total += n
	}
	if got := len(f.missions("")); got != total {
		t.Errorf("got %d missions on the board, want the %d chartered", got, total)
	}
}

// TestMissionCharterConcurrentSweepsScreenOnce: two owner sweeps (CLI and Hall) and the
// organ's own scheduled sweep race over one spool; every report is screened by exactly one of
// them, the cap holds, and each charter is one mission.
func TestMissionCharterConcurrentSweepsScreenOnce(t *testing.T) {
	f := newChrFixture(t, time.Minute)
	const n = 40
	chrFileMix(f, n)
	// The scheduled loop is waiting on the fake clock; release it into the race too.
	f.clock.BlockUntil(1)
	var wg sync.WaitGroup
	results := make([]*missionv1.SweepCharterResponse, 2)
	errs := make([]error, 2)
	for i, c := range []missionv1.MissionServiceClient{f.owner, f.ownerUI} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = c.SweepCharter(msnWithin(t), &missionv1.SweepCharterRequest{})
		}()
	}
	f.clock.Advance(time.Minute)
	wg.Wait()
	seen := map[string]int{}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("sweep %d: %v", i, err)
		}
		for _, r := range results[i].GetScreened() {
			seen[r.GetReportId()]++
		}
	}
	for id, k := range seen {
		if k != 1 {
			t.Errorf("got report %s screened by %d owner sweeps, want 1", id, k)
		}
	}
	msnWaitFor(t, "every report screened", func() bool { return len(f.reports(true)) == 0 })
	chrCheckScreenedOnce(t, f, n)
	// A sweep after all that finds nothing to screen.
	if got := len(f.sweep(f.owner).GetScreened()); got != 0 {
		t.Errorf("got %d screened by a late sweep, want 0", got)
	}
}

// TestMissionCharterScreenOnceAcrossRestart: screenings survive a restart of the organ; the
// next sweep screens only what was filed since, and a duplicate of a pain chartered before the
// restart is still a duplicate.
func TestMissionCharterScreenOnceAcrossRestart(t *testing.T) {
	f := newChrFixture(t, -1)
	before := chrFileMix(f, 10)
	if got := len(f.sweep(f.owner).GetScreened()); got != len(before) {
		t.Fatalf("got %d screened, want %d", got, len(before))
	}
	screens := map[string]string{}
	for _, r := range f.reports(false) {
		screens[r.GetReportId()] = r.GetScreen().String()
	}
	f.restart()
	again := f.report(f.owner, chrBug, "beta", "north", "The same   pain every time", "")
	res := f.sweep(f.owner)
	if len(res.GetScreened()) != 1 || res.GetScreened()[0].GetReportId() != again.GetReportId() {
		t.Fatalf("got %v screened after the restart, want only %s", res.GetScreened(), again.GetReportId())
	}
	if got := res.GetScreened()[0].GetScreen().GetReason(); got != "DUPLICATE_REPORT" {
		t.Errorf("got %s, want DUPLICATE_REPORT", got)
	}
	for _, r := range f.reports(false) {
		if want, ok := screens[r.GetReportId()]; ok && r.GetScreen().String() != want {
			t.Errorf("got %s's screening changed across the restart:\n%s\nwant\n%s", r.GetReportId(), r.GetScreen(), want)
		}
	}
	chrCheckScreenedOnce(t, f, len(before)+1)
}
