package joints_test

import (
	"slices"
	"testing"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// TestMissionListCurations: a brain's curations list newest first and page to an explicit end;
// the callers are GetCuration's (anyone who may use the brain), an outsider is refused.
func TestMissionListCurations(t *testing.T) {
	f := newCurFixture(t)
	f.scan()
	var want []string // newest first
	for _, letter := range []string{"first", "second", "third"} {
		cur := f.curate("name the blocks, " + letter)
		w := f.claimHand()
		res := msnMust(f.hand.SubmitCuration(msnBG, &missionv1.SubmitCurationRequest{CurationId: w.GetCuration().GetCurationId(),
			LeaseId: w.GetLeaseId(), Failure: "no model today"}))(t)
		if got := res.GetCuration().GetState(); got != missionv1.CurationState_CURATION_STATE_FAILED {
			t.Fatalf("got curation %s, want failed (the run printed nothing)", got)
		}
		want = append([]string{cur.GetCuration().GetCurationId()}, want...)
		f.clock.Advance(time.Second) // the next one is newer
	}
	other := msnMust(f.owner.Curate(msnBG, &missionv1.CurateRequest{Brain: msnBrain, Letter: "still pending"}))(t)
	want = append([]string{other.GetCuration().GetCurationId()}, want...)

	list := func(c missionv1.MissionServiceClient, size int32) ([]*missionv1.Curation, int) {
		t.Helper()
		var out []*missionv1.Curation
		token, pages := "", 0
		for {
			resp := msnMust(c.ListCurations(msnBG, &missionv1.ListCurationsRequest{Brain: msnBrain,
				Page: &commonv1.PageRequest{PageSize: size, PageToken: token}}))(t)
			pages++
			out = append(out, resp.GetCurations()...)
			if token = resp.GetPage().GetNextPageToken(); token == "" {
				return out, pages
			}
			if pages > 10 {
				t.Fatal("got more than 10 pages for 4 curations, want an end")
			}
		}
	}
	for _, tc := range []struct {
		name      string
		client    missionv1.MissionServiceClient
		size      int32
		wantPages int
	}{
		{"owner, one per page", f.owner, 1, 4},
		{"owner, two per page", f.owner, 2, 2},
		{"owner, the default page", f.owner, 0, 1},
		{"agent of the brain", f.agent, 3, 2},
		{"the judge", f.judge, 4, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, pages := list(tc.client, tc.size)
			var ids []string
			for _, c := range got {
				ids = append(ids, c.GetCurationId())
			}
			if !slices.Equal(ids, want) {
				t.Errorf("got %v, want %v (newest first)", ids, want)
			}
			if pages != tc.wantPages {
				t.Errorf("got %d pages, want %d", pages, tc.wantPages)
			}
			if len(got) == 4 && (got[0].GetState() != missionv1.CurationState_CURATION_STATE_PENDING || got[3].GetState() != missionv1.CurationState_CURATION_STATE_FAILED) {
				t.Errorf("got states %s..%s, want pending newest and failed oldest", got[0].GetState(), got[3].GetState())
			}
		})
	}

	for _, tc := range []struct {
		name   string
		client missionv1.MissionServiceClient
		req    *missionv1.ListCurationsRequest
		reason string
	}{
		{"another brain's agent", f.foreign, &missionv1.ListCurationsRequest{Brain: msnBrain}, "FOREIGN_BRAIN"},
		{"a forged token", f.owner, &missionv1.ListCurationsRequest{Brain: msnBrain, Page: &commonv1.PageRequest{PageToken: "123.cur_x'--"}}, "INVALID_ARGUMENT"},
		{"a negative page size", f.owner, &missionv1.ListCurationsRequest{Brain: msnBrain, Page: &commonv1.PageRequest{PageSize: -1}}, "INVALID_ARGUMENT"},
		{"no brain", f.owner, &missionv1.ListCurationsRequest{}, "INVALID_ARGUMENT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.client.ListCurations(msnBG, tc.req)
			msnWantReason(t, err, tc.reason)
		})
	}
}
