package hall

import (
	"net/http"
	"strconv"
	"strings"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// target is where a stamp on a brain lands: the branch and the mode (apply or record), as the
// mission organ knows them before anything lands (GetMission's landing_target: the owner's
// landing.toml, else the branch fixed when the organ first met the brain). Known is false when
// the organ names none yet; the form then offers both gestures.
type target struct {
	Branch string
	Mode   string
	Known  bool
}

// Record reports whether the brain lands in record mode (the owner names their own merge).
func (t target) Record() bool { return t.Known && t.Mode == "record" }

// targetOf reads the target the mission organ served with the mission.
func targetOf(res *missionv1.GetMissionResponse) target {
	lt := res.GetLandingTarget()
	if lt.GetTargetBranch() == "" {
		return target{}
	}
	mode := "apply"
	if lt.GetMode() == missionv1.LandingMode_LANDING_MODE_RECORD {
		mode = "record"
	}
	return target{Branch: lt.GetTargetBranch(), Mode: mode, Known: true}
}

// stamp is the one-second stamp. It is bound to the exact candidate the owner saw: the form
// carries the head seq, the candidate letter id and the candidate's commit it was drawn with,
// and the Hall refuses, landing nothing, when the mission moved since; the mission organ then
// re-checks the candidate (CANDIDATE_MISMATCH), the evidence, and the target branch in the
// candidate's scope. In record mode the form also carries the sha of the owner's own merge.
func (h *Hall) stamp(w http.ResponseWriter, r *http.Request, s Session) {
	id := r.PathValue("id")
	candidate := r.PostForm.Get("candidate_letter_id")
	commit := r.PostForm.Get("candidate_commit")
	landed := strings.TrimSpace(r.PostForm.Get("landed_commit"))
	head, herr := strconv.ParseInt(r.PostForm.Get("head_seq"), 10, 64)
	// The store version no longer guards a landing (TRUST §4); it travels when the page had it.
	storeVersion, _ := strconv.ParseInt(r.PostForm.Get("store_version"), 10, 64)
	if candidate == "" || commit == "" || herr != nil {
		h.renderMission(w, r, s, http.StatusBadRequest, &problem{Organ: "hall", Reason: "INVALID_ARGUMENT",
			Words: "The stamp form did not say which candidate, commit and head you saw. Nothing landed."})
		return
	}
	ctx, cancel := h.call(r, s)
	defer cancel()
	now, err := h.mission.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id})
	if err != nil {
		h.renderMission(w, r, s, statusFor(err), h.explain("mission", err))
		return
	}
	m := now.GetMission()
	if m.GetHeadSeq() != head || m.GetCandidateLetterId() != candidate || now.GetCandidate().GetCandidate().GetCommit() != commit {
		h.renderMission(w, r, s, http.StatusConflict, &problem{Organ: "hall", Reason: "HEAD_MOVED",
			Words: "The mission moved since you looked (head seq " + strconv.FormatInt(head, 10) + " is now " +
				strconv.FormatInt(m.GetHeadSeq(), 10) + "; the candidate you saw was commit " + short(commit, 12) +
				"). Nothing landed. Read the candidate below again before stamping."})
		return
	}
	_, err = h.mission.ImportReceipt(ctx, &missionv1.ImportReceiptRequest{MissionId: id, CandidateLetterId: candidate,
		ExpectedStoreVersion: storeVersion, LandedCommit: landed})
	if err != nil {
		h.renderMission(w, r, s, statusFor(err), h.explain("mission", err))
		return
	}
	http.Redirect(w, r, "/missions/"+id+"?landed=1", http.StatusSeeOther)
}

func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
