package hall

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// target is where a stamp on a brain lands: the branch and the mode (apply or record). The
// mission organ decides it from its landing.toml and serves it on no RPC before a landing, so
// the Hall reads it from the brain's newest landing receipt (which names both) and says so;
// Known is false for a brain that never landed, and the form then offers both gestures.
type target struct {
	Branch string
	Mode   string
	Known  bool
	// Receipt is the landing receipt the target was read from.
	Receipt string
}

// Record reports whether the brain lands in record mode (the owner names their own merge).
func (t target) Record() bool { return t.Known && t.Mode == "record" }

// maxTargetPages bounds how far back the ledger is read for the newest landing.
const maxTargetPages = 3

// targetOf reads the brain's newest landing receipt, newest first, a few pages at most.
func (h *Hall) targetOf(ctx context.Context, brain string) target {
	token := ""
	for range maxTargetPages {
		res, err := h.mission.ListReceipts(ctx, &missionv1.ListReceiptsRequest{Brain: brain, Page: &commonv1.PageRequest{PageToken: token}})
		if err != nil {
			return target{}
		}
		for _, rc := range res.GetReceipts() {
			c := rc.GetCommit()
			if d := c.GetDetails(); d["mode"] != "" && d["target_branch"] != "" {
				return target{Branch: d["target_branch"], Mode: d["mode"], Known: true, Receipt: c.GetReceiptId()}
			}
		}
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return target{}
		}
	}
	return target{}
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
