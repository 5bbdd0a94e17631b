package joints_test

import (
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// hallPost posts a Hall form with the session's CSRF token and returns the status, the body
// and where a 303 leads.
func hallPost(t *testing.T, c *http.Client, u, csrf string, form url.Values) (int, string, string) {
	t.Helper()
	f := url.Values{"csrf": {csrf}}
	for k, v := range form {
		f[k] = v
	}
	resp, err := c.PostForm(u, f)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw), resp.Header.Get("Location")
}

// stampForm is the stamp form as the mission page draws it for m's current candidate.
func (s *hallSuite) stampForm(t *testing.T, id string) url.Values {
	t.Helper()
	ctx, cancel := s.within()
	defer cancel()
	g := hallMust(s.msnOwner.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id}))(t)
	return url.Values{"candidate_letter_id": {g.GetMission().GetCandidateLetterId()}, "head_seq": {strconv.FormatInt(g.GetMission().GetHeadSeq(), 10)},
		"candidate_commit": {g.GetCandidate().GetCandidate().GetCommit()}}
}

func (s *hallSuite) landing(t *testing.T, id string) *missionv1.Landing {
	t.Helper()
	ctx, cancel := s.within()
	defer cancel()
	return hallMust(s.msnOwner.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id}))(t).GetHead().GetLanding()
}

// TestHallStampApplyMode: the stamp page names what lands; refusals come back in words and
// land nothing (a form drawn for another commit, a dirty target, a stale scope); a stamp
// lands the candidate's commit on the target and the page shows the landed sha.
func TestHallStampApplyMode(t *testing.T) {
	s := hallStart(t)
	c, csrf := s.session(s.url)
	a := s.ringing("first")
	form := s.stampForm(t, a.GetMissionId())
	commit := form.Get("candidate_commit")

	code, body := hallGet(t, c, s.url+"/missions/"+a.GetMissionId())
	// The target is known before anything landed: the organ serves it with the mission.
	for _, want := range []string{commit, form.Get("candidate_letter_id"), `<code class="stamp-target">main</code>`,
		`<strong class="stamp-mode">apply</strong>`, `name="candidate_commit" value="` + commit + `"`} {
		if code != 200 || !strings.Contains(body, want) {
			t.Fatalf("mission page: got %d without %q, want 200 naming what the stamp lands", code, want)
		}
	}
	if strings.Contains(body, "not known yet") || strings.Contains(body, `name="landed_commit"`) {
		t.Errorf("mission page: got the target unknown or a record-mode field, want apply mode on main only")
	}

	stamp := s.url + "/missions/" + a.GetMissionId() + "/stamp"
	tests := []struct {
		name     string
		setup    func()
		undo     func()
		form     func() url.Values
		wantCode int
		want     string
	}{
		{"a form drawn for another commit", nil, nil, func() url.Values {
			f := s.stampForm(t, a.GetMissionId())
			f.Set("candidate_commit", strings.Repeat("0", 40))
			return f
		}, http.StatusConflict, "HEAD_MOVED"},
		{"a dirty target", func() { hallWrite(t, filepath.Join(s.repo, "README.md"), "dirty\n") },
			func() { hallGit(t, s.repo, "checkout", "--", "README.md") },
			func() url.Values { return s.stampForm(t, a.GetMissionId()) }, http.StatusConflict, "uncommitted changes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.setup != nil {
				tt.setup()
			}
			if tt.undo != nil {
				defer tt.undo()
			}
			tip := hallGit(t, s.repo, "rev-parse", "main")
			code, body, _ := hallPost(t, c, stamp, csrf, tt.form())
			if code != tt.wantCode || !strings.Contains(body, tt.want) {
				t.Fatalf("got %d, want %d saying %q:\n%s", code, tt.wantCode, tt.want, body)
			}
			if got := s.phase(a.GetMissionId()); got != missionv1.Phase_PHASE_MERGE_WAIT {
				t.Errorf("got phase %s, want merge_wait: a refused stamp lands nothing", got)
			}
			if got := hallGit(t, s.repo, "rev-parse", "main"); got != tip {
				t.Errorf("got main at %s, want %s unmoved", got, tip)
			}
		})
	}

	code, _, loc := hallPost(t, c, stamp, csrf, s.stampForm(t, a.GetMissionId()))
	if code != http.StatusSeeOther {
		t.Fatalf("stamp: got %d, want 303 to the landed mission", code)
	}
	tip := hallGit(t, s.repo, "rev-parse", "main")
	if tip != commit {
		t.Errorf("got main at %s, want the candidate's commit %s (fast-forward)", tip, commit)
	}
	code, body = hallGet(t, c, s.url+loc)
	if code != 200 || !strings.Contains(body, `<code class="landed-sha">`+tip+`</code>`) || !strings.Contains(body, "apply mode") {
		t.Fatalf("landed page: got %d, want the landed sha %s in apply mode:\n%s", code, tip, body)
	}

	// The next candidate names the same target; a commit under its scope makes it stale.
	b := s.ringing("second")
	code, body = hallGet(t, c, s.url+"/missions/"+b.GetMissionId())
	if code != 200 || !strings.Contains(body, `<code class="stamp-target">main</code>`) || !strings.Contains(body, `<strong class="stamp-mode">apply</strong>`) {
		t.Fatalf("second mission page: got %d, want target main in apply mode", code)
	}
	hallWrite(t, filepath.Join(s.repo, "src", "main.go"), "package main\n\n// moved under the candidate\nfunc main() {}\n")
	hallGit(t, s.repo, "commit", "-q", "-am", "someone else")
	code, body, _ = hallPost(t, c, s.url+"/missions/"+b.GetMissionId()+"/stamp", csrf, s.stampForm(t, b.GetMissionId()))
	if code != http.StatusConflict || !strings.Contains(body, "STALE_SCOPE") || !strings.Contains(body, "moved under the files") {
		t.Fatalf("stale stamp: got %d, want 409 STALE_SCOPE in words:\n%s", code, body)
	}
	if got := s.phase(b.GetMissionId()); got != missionv1.Phase_PHASE_MERGE_WAIT {
		t.Errorf("got phase %s, want merge_wait after a stale scope", got)
	}
}

// TestHallStampRecordMode: a record-mode brain's stamp takes the sha of the owner's own merge;
// a sha that does not carry the change is CHANGE_NOT_CONTAINED in words, the owner's merge
// lands, and the next stamp form asks for the merge.
func TestHallStampRecordMode(t *testing.T) {
	s := hallStartWith(t, "[brain.loja]\nmode = \"record\"\n")
	c, csrf := s.session(s.url)
	a := s.ringing("record me")
	stamp := s.url + "/missions/" + a.GetMissionId() + "/stamp"
	form := s.stampForm(t, a.GetMissionId())
	base := hallGit(t, s.repo, "rev-parse", "main")
	// Record mode is known before the first landing: the form asks for the owner's merge.
	if code, body := hallGet(t, c, s.url+"/missions/"+a.GetMissionId()); code != 200 || !strings.Contains(body, "Record the landing") ||
		!strings.Contains(body, `id="landed_commit" name="landed_commit" required`) || !strings.Contains(body, `<strong class="stamp-mode">record</strong>`) {
		t.Fatalf("first record page: got %d, want a form asking for the merge's sha before anything landed:\n%s", code, body)
	}

	tests := []struct {
		name, landed, want string
	}{
		{"no merge named", "", "record mode"},
		{"a commit without the change", base, "does not carry this candidate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := s.stampForm(t, a.GetMissionId())
			f.Set("landed_commit", tt.landed)
			code, body, _ := hallPost(t, c, stamp, csrf, f)
			if code < 400 || !strings.Contains(body, tt.want) {
				t.Fatalf("got %d, want a refusal saying %q:\n%s", code, tt.want, body)
			}
			if got := s.phase(a.GetMissionId()); got != missionv1.Phase_PHASE_MERGE_WAIT {
				t.Errorf("got phase %s, want merge_wait", got)
			}
		})
	}

	hallGit(t, s.repo, "merge", "-q", "--no-ff", "-m", "the owner's merge", form.Get("candidate_commit"))
	merge := hallGit(t, s.repo, "rev-parse", "main")
	form.Set("landed_commit", merge)
	code, _, loc := hallPost(t, c, stamp, csrf, form)
	if code != http.StatusSeeOther {
		t.Fatalf("record stamp: got %d, want 303", code)
	}
	if got := s.landing(t, a.GetMissionId()); got.GetCommit() != merge || got.GetMode() != missionv1.LandingMode_LANDING_MODE_RECORD {
		t.Fatalf("got landing %v, want the owner's merge %s recorded", got, merge)
	}
	if code, body := hallGet(t, c, s.url+loc); code != 200 || !strings.Contains(body, `<code class="landed-sha">`+merge+`</code>`) || !strings.Contains(body, "record mode") {
		t.Fatalf("landed page: got %d, want the merge %s in record mode:\n%s", code, merge, body)
	}
	b := s.ringing("record me too")
	code, body := hallGet(t, c, s.url+"/missions/"+b.GetMissionId())
	if code != 200 || !strings.Contains(body, "Record the landing") || !strings.Contains(body, `id="landed_commit" name="landed_commit" required`) {
		t.Fatalf("second record page: got %d, want a form asking for the merge's sha:\n%s", code, body)
	}
}

// TestHallRatifyAndSweep: ratify from the review page is the owner's human-ui gesture, bound to
// the store version shown; a held curation lease is refused in words; the sweep screens the
// spool and the charter page shows each screening.
func TestHallRatifyAndSweep(t *testing.T) {
	s := hallStart(t)
	c, csrf := s.session(s.url)
	cand := s.hallSkeleton()
	ratify := s.url + "/curation/" + hallBrain + "/ratify"
	form := url.Values{"skeleton_id": {cand.GetSkeletonId()}, "store_version": {strconv.FormatInt(cand.GetStoreVersion(), 10)}}

	code, body := hallGet(t, c, s.url+"/curation/"+hallBrain)
	for _, want := range []string{"Blocks renamed", "shop &lt;script&gt;", "<code>README.md</code>: unmapped → <code>sb_docs</code>",
		"added <code>sb_docs</code> → <code>sb_src</code>", "Named the shop block and said what it serves. &lt;script&gt;", `value="` + cand.GetSkeletonId() + `"`} {
		if code != 200 || !strings.Contains(body, want) {
			t.Fatalf("review: got %d without %q:\n%s", code, want, body)
		}
	}

	stale := url.Values{"skeleton_id": form["skeleton_id"], "store_version": {strconv.FormatInt(cand.GetStoreVersion()-1, 10)}}
	if code, body, _ := hallPost(t, c, ratify, csrf, stale); code != http.StatusConflict || !strings.Contains(body, "changed since you looked") {
		t.Fatalf("stale ratify: got %d, want 409 STORE_VERSION_MISMATCH in words:\n%s", code, body)
	}
	ctx, cancel := s.within()
	defer cancel()
	hallMust(s.msnOwner.Curate(ctx, &missionv1.CurateRequest{Brain: hallBrain, Letter: "once more"}))(t)
	if code, body, _ := hallPost(t, c, ratify, csrf, form); code != http.StatusConflict || !strings.Contains(body, "A curation holds this brain") {
		t.Fatalf("busy ratify: got %d, want 409 CURATION_BUSY in words:\n%s", code, body)
	}
	s.hallFinishCuration()
	now := hallMust(s.msnOwner.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: hallBrain}))(t).GetSkeleton()
	form.Set("store_version", strconv.FormatInt(now.GetStoreVersion(), 10))
	code, _, loc := hallPost(t, c, ratify, csrf, form)
	if code != http.StatusSeeOther {
		t.Fatalf("ratify: got %d, want 303", code)
	}
	got := hallMust(s.msnOwner.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: hallBrain, Ratified: true}))(t).GetSkeleton()
	if got.GetSkeletonId() != cand.GetSkeletonId() || got.GetRatifiedVia().String() != "ORIGIN_HUMAN_UI" {
		t.Fatalf("got ratified %s via %s, want %s via human-ui", got.GetSkeletonId(), got.GetRatifiedVia(), cand.GetSkeletonId())
	}
	if code, body := hallGet(t, c, s.url+loc); code != 200 || !strings.Contains(body, "Ratified: revision") {
		t.Fatalf("after ratify: got %d, want the notice:\n%s", code, body)
	}

	bug, idea := s.hallReports()
	if code, body := hallGet(t, c, s.url+"/charter"); code != 200 || strings.Count(body, "not screened yet") != 2 {
		t.Fatalf("charter before the sweep: got %d, want both reports unread:\n%s", code, body)
	}
	code, sbody, loc := hallPost(t, c, s.url+"/charter/sweep", csrf, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("sweep: got %d, want 303:\n%s", code, sbody)
	}
	code, body = hallGet(t, c, s.url+loc)
	if code != 200 || !strings.Contains(body, "1 chartered, 1 refused") {
		t.Fatalf("after the sweep: got %d, want the sweep's count:\n%s", code, body)
	}
	ctx2, cancel2 := s.within()
	defer cancel2()
	reports := hallMust(s.msnOwner.ListReports(ctx2, &missionv1.ListReportsRequest{}))(t).GetReports()
	var mission string
	for _, r := range reports {
		if r.GetReportId() == bug.GetReportId() {
			mission = r.GetScreen().GetMissionId()
		}
	}
	if mission == "" {
		t.Fatalf("got reports %v, want the bug chartered", reports)
	}
	for _, want := range []string{`href="/missions/` + mission + `"`, "INELIGIBLE_CLASS", "Only bug and honesty reports become missions", idea.GetReportId(), "the cart forgets its items &lt;script&gt;"} {
		if !strings.Contains(body, want) {
			t.Fatalf("charter: got no %q, want each screening in words:\n%s", want, body)
		}
	}
}

// hallFinishCuration answers the pending curation as the hand-runner with a failure, releasing
// the candidate lease.
func (s *hallSuite) hallFinishCuration() {
	s.tb.Helper()
	ctx, cancel := s.within()
	defer cancel()
	hand := missionv1.NewMissionServiceClient(s.conn(s.agentToken("hand", "runner")))
	w := hallMust(hand.ClaimCuration(ctx, &missionv1.ClaimCurationRequest{}))(s.tb).GetWork()
	if w == nil {
		s.tb.Fatal("got no curation, want the pending one")
	}
	hallMust(hand.SubmitCuration(ctx, &missionv1.SubmitCurationRequest{CurationId: w.GetCuration().GetCurationId(), LeaseId: w.GetLeaseId(),
		Failure: "nothing to add"}))(s.tb)
}
