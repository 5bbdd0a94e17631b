package joints_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

const (
	chrBug      = missionv1.ReportClass_REPORT_CLASS_BUG
	chrHonesty  = missionv1.ReportClass_REPORT_CLASS_HONESTY
	chrFriction = missionv1.ReportClass_REPORT_CLASS_FRICTION
)

// TestMissionCharterRefusals: each of the composer's named refusals, reached through the real
// API, is recorded as the report's one screening, opens no mission, and is listed and counted.
func TestMissionCharterRefusals(t *testing.T) {
	f := newChrFixture(t, -1)
	beta := missionv1.NewMissionServiceClient(f.env.Agent("orch", "orchestrator", "beta"))
	// One chartered report first: the duplicate case repeats it in other spacing and case.
	f.report(f.agent, chrBug, "alpha", "recall", "Recall drops the newest claim", "sb_chain")
	if got := f.sweep(f.owner).GetChartered(); got != 1 {
		t.Fatalf("got %d chartered by the first sweep, want 1", got)
	}
	tests := []struct {
		name   string
		file   func() *missionv1.FieldReport
		reason string
	}{
		{"friction is not chartered", func() *missionv1.FieldReport {
			return f.report(f.agent, chrFriction, "alpha", "recall", "recall is slow to type", "")
		}, "INELIGIBLE_CLASS"},
		{"repository no brain owns", func() *missionv1.FieldReport {
			return f.report(f.owner, chrBug, "/srv/nobody/repo", "recall", "it breaks", "")
		}, "FOREIGN_BRAIN"},
		{"agent reporting on another brain's repository", func() *missionv1.FieldReport {
			return f.report(beta, chrBug, "alpha", "recall", "alpha breaks, says beta", "")
		}, "FOREIGN_BRAIN"},
		{"no gate pinned for the brain", func() *missionv1.FieldReport {
			return f.report(f.owner, chrHonesty, "gamma", "north", "north says absent when present", "")
		}, "NO_GATE_DERIVABLE"},
		{"block the skeleton does not hold", func() *missionv1.FieldReport {
			return f.report(f.agent, chrBug, "alpha", "recall", "the ranker breaks", "sb_nope")
		}, "UNKNOWN_BLOCK"},
		{"block on a brain with no skeleton", func() *missionv1.FieldReport {
			return f.report(beta, chrBug, "beta", "recall", "beta breaks", "sb_chain")
		}, "UNKNOWN_BLOCK"},
		{"same pain again", func() *missionv1.FieldReport {
			return f.report(f.agent, chrBug, "alpha", "recall", "  recall   DROPS the newest\nclaim ", "sb_chain")
		}, "DUPLICATE_REPORT"},
	}
	counts := map[string]int64{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := len(f.missions(""))
			r := tc.file()
			res := f.sweep(f.owner)
			if len(res.GetScreened()) != 1 || res.GetScreened()[0].GetReportId() != r.GetReportId() {
				t.Fatalf("got screened %v, want exactly %s", res.GetScreened(), r.GetReportId())
			}
			sc := res.GetScreened()[0].GetScreen()
			if got, want := sc.GetOutcome(), missionv1.ScreenOutcome_SCREEN_OUTCOME_REFUSED; got != want {
				t.Fatalf("got outcome %s, want %s", got, want)
			}
			if got := sc.GetReason(); got != tc.reason {
				t.Fatalf("got reason %s (%s), want %s", got, sc.GetMessage(), tc.reason)
			}
			if got := len(f.missions("")); got != before {
				t.Errorf("got %d missions after a refusal, want %d", got, before)
			}
			counts[tc.reason]++
		})
	}
	if dup := f.reports(false)[len(tests)].GetScreen(); dup.GetMissionId() == "" || dup.GetMissionId() != f.reports(false)[0].GetScreen().GetMissionId() {
		t.Errorf("got duplicate naming mission %q, want the first charter's %q", dup.GetMissionId(), f.reports(false)[0].GetScreen().GetMissionId())
	}

	// Listed and counted, page by page to the end, and filtered by reason.
	var listed []*missionv1.FieldReport
	token := ""
	for range 100 {
		resp := msnMust(f.ownerUI.ListCharterRefusals(msnBG, &missionv1.ListCharterRefusalsRequest{Page: chrPage(3, token)}))(t)
		listed = append(listed, resp.GetRefusals()...)
		if resp.GetTotal() != int64(len(tests)) {
			t.Errorf("got total %d, want %d", resp.GetTotal(), len(tests))
		}
		for reason, n := range counts {
			if got := resp.GetCounts()[reason]; got != n {
				t.Errorf("got count %d for %s, want %d", got, reason, n)
			}
		}
		if token = resp.GetPage().GetNextPageToken(); token == "" {
			break
		}
	}
	if len(listed) != len(tests) {
		t.Errorf("got %d refusals listed, want %d", len(listed), len(tests))
	}
	only := msnMust(f.owner.ListCharterRefusals(msnBG, &missionv1.ListCharterRefusalsRequest{Reason: "UNKNOWN_BLOCK"}))(t)
	if got := len(only.GetRefusals()); got != 2 {
		t.Errorf("got %d UNKNOWN_BLOCK refusals, want 2", got)
	}
	_, err := f.owner.ListCharterRefusals(msnBG, &missionv1.ListCharterRefusalsRequest{Reason: "HEAD_CAS_MISMATCH"})
	msnWantReason(t, err, "INVALID_ARGUMENT")
}

func chrPage(size int32, token string) *commonv1.PageRequest {
	return &commonv1.PageRequest{PageSize: size, PageToken: token}
}

// TestMissionCharterCap: at most three open auto-chartered missions per brain; a closed one
// frees its place.
func TestMissionCharterCap(t *testing.T) {
	f := newChrFixture(t, -1)
	for i, what := range []string{"one breaks", "two breaks", "three breaks", "four breaks"} {
		f.report(f.agent, chrBug, "alpha", "tool", what, "")
		res := f.sweep(f.owner)
		sc := res.GetScreened()[0].GetScreen()
		if i < 3 && sc.GetOutcome() != missionv1.ScreenOutcome_SCREEN_OUTCOME_CHARTERED {
			t.Fatalf("report %d: got %s %s, want chartered", i, sc.GetOutcome(), sc.GetReason())
		}
		if i == 3 && sc.GetReason() != "CAP_REACHED" {
			t.Fatalf("report %d: got %s %s (%s), want CAP_REACHED", i, sc.GetOutcome(), sc.GetReason(), sc.GetMessage())
		}
	}
	// Another brain has its own cap.
	f.report(f.owner, chrBug, "beta", "tool", "beta breaks", "")
	if sc := f.sweep(f.owner).GetScreened()[0].GetScreen(); sc.GetOutcome() != missionv1.ScreenOutcome_SCREEN_OUTCOME_CHARTERED {
		t.Fatalf("got beta's report %s %s, want chartered", sc.GetOutcome(), sc.GetReason())
	}
	// The owner abandons one of alpha's: the next report is chartered.
	m := f.missions("alpha")[0]
	msnMust(f.owner.PostLetter(msnBG, &missionv1.PostLetterRequest{MissionId: m.GetMissionId(), ExpectedHead: m.GetHeadSeq(),
		Letter: &missionv1.Letter{Schema: "m1nd-mission-letter-v0", Brain: "alpha", Phase: missionv1.Phase_PHASE_ABANDONED, Note: "not worth it"}}))(t)
	f.report(f.agent, chrBug, "alpha", "tool", "five breaks", "")
	if sc := f.sweep(f.owner).GetScreened()[0].GetScreen(); sc.GetOutcome() != missionv1.ScreenOutcome_SCREEN_OUTCOME_CHARTERED {
		t.Fatalf("got %s %s after one closed, want chartered", sc.GetOutcome(), sc.GetReason())
	}
}

// TestMissionCharterFileReportRefusals: the spool's door refuses malformed reports, secrets and
// home paths (naming the field), and peers; a refused report leaves nothing in the spool.
func TestMissionCharterFileReportRefusals(t *testing.T) {
	f := newChrFixture(t, -1)
	ok := func() *missionv1.FileReportRequest {
		return &missionv1.FileReportRequest{Class: chrBug, Repo: f.repos["alpha"], Tool: "recall", What: "it breaks"}
	}
	tests := []struct {
		name   string
		client missionv1.MissionServiceClient
		edit   func(r *missionv1.FileReportRequest)
		reason string
		field  string
	}{
		{"no class", f.agent, func(r *missionv1.FileReportRequest) { r.Class = 0 }, "INVALID_ARGUMENT", "class"},
		{"relative repo", f.agent, func(r *missionv1.FileReportRequest) { r.Repo = "src/app" }, "INVALID_ARGUMENT", "repo"},
		{"unclean repo", f.agent, func(r *missionv1.FileReportRequest) { r.Repo = "/srv/../etc" }, "INVALID_ARGUMENT", "repo"},
		{"no tool", f.agent, func(r *missionv1.FileReportRequest) { r.Tool = " " }, "INVALID_ARGUMENT", "tool"},
		{"tool of two lines", f.agent, func(r *missionv1.FileReportRequest) { r.Tool = "a\nb" }, "INVALID_ARGUMENT", "tool"},
		{"empty what", f.agent, func(r *missionv1.FileReportRequest) { r.What = "\n\t" }, "INVALID_ARGUMENT", "what"},
		{"what too large", f.agent, func(r *missionv1.FileReportRequest) { r.What = strings.Repeat("x", 16<<10+1) }, "INVALID_ARGUMENT", "what"},
		{"escape sequence in what", f.agent, func(r *missionv1.FileReportRequest) { r.What = "red \x1b[31m text" }, "INVALID_ARGUMENT", "what"},
		{"bad block id", f.agent, func(r *missionv1.FileReportRequest) { r.BlockId = "chain" }, "INVALID_ARGUMENT", "block_id"},
		{"token in what", f.agent, func(r *missionv1.FileReportRequest) {
			r.What = "the call failed with ghp_" + strings.Repeat("a1", 20)
		}, "SECRET_DETECTED", "what"},
		{"private key in what", f.agent, func(r *missionv1.FileReportRequest) {
			r.What = "-----BEGIN OPENSSH PRIVATE KEY-----\nabc"
		}, "SECRET_DETECTED", "what"},
		{"token in tool", f.agent, func(r *missionv1.FileReportRequest) { r.Tool = "xoxb-1234567890-abcdef" }, "SECRET_DETECTED", "tool"},
		{"home path in what", f.agent, func(r *missionv1.FileReportRequest) { r.What = "cannot read /home/ana/notes.txt" }, "HOME_PATH", "what"},
		// A peer never reaches the spool: the caller × RPC matrix refuses it at the door.
		{"peer", f.peer, func(*missionv1.FileReportRequest) {}, "CALLER_NOT_ALLOWED", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := ok()
			tc.edit(req)
			_, err := tc.client.FileReport(msnBG, req)
			msnWantReason(t, err, tc.reason)
			if tc.field != "" {
				if fs := rpcstatus.FieldsOf(err); len(fs) == 0 || fs[0] != tc.field {
					t.Errorf("got fields %v, want %s", fs, tc.field)
				}
			}
			if strings.Contains(err.Error(), "a1a1a1a1") {
				t.Errorf("got the secret echoed in %v, want it withheld", err)
			}
		})
	}
	if got := len(f.reports(false)); got != 0 {
		t.Fatalf("got %d reports in the spool after refusals, want 0", got)
	}
	// Any agent files, the runner included, and the owner; identity comes from the credential.
	for _, c := range []missionv1.MissionServiceClient{f.agent, f.runner, f.owner} {
		msnMust(c.FileReport(msnBG, ok()))(t)
	}
	rs := f.reports(false)
	var who []string
	for _, r := range rs {
		who = append(who, r.GetReporter().GetAgentId()+"/"+r.GetReporter().GetOrigin().String())
	}
	if got, want := strings.Join(who, " "), "orch/ORIGIN_AGENT r1/ORIGIN_AGENT owner/ORIGIN_HUMAN_CLI"; got != want {
		t.Errorf("got reporters %q, want %q", got, want)
	}
}

// TestMissionCharterOwnerOnly: only a human origin reads the spool, sweeps or lists refusals.
func TestMissionCharterOwnerOnly(t *testing.T) {
	f := newChrFixture(t, -1)
	svc := missionv1.NewMissionServiceClient(f.env.Conn(auth.Bearer(f.env.Mint(auth.MintRequest{Kind: auth.KindService, Subject: "mission"}))))
	for name, c := range map[string]missionv1.MissionServiceClient{"agent": f.agent, "runner": f.runner, "service": svc, "peer": f.peer} {
		t.Run(name, func(t *testing.T) {
			// The organ refuses every non-human caller by name; a peer never passes the door.
			want := "ORIGIN_NOT_HUMAN"
			if name == "peer" {
				want = "CALLER_NOT_ALLOWED"
			}
			_, err := c.ListReports(msnBG, &missionv1.ListReportsRequest{})
			msnWantReason(t, err, want)
			_, err = c.SweepCharter(msnBG, &missionv1.SweepCharterRequest{})
			msnWantReason(t, err, want)
			_, err = c.ListCharterRefusals(msnBG, &missionv1.ListCharterRefusalsRequest{})
			msnWantReason(t, err, want)
		})
	}
	_, err := f.owner.ListReports(msnBG, &missionv1.ListReportsRequest{Page: chrPage(1, "nope")})
	msnWantReason(t, err, "INVALID_ARGUMENT")
}
