package hall

import (
	"net/http"
	"slices"
	"sort"
	"strconv"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

type reasonCount struct {
	Reason string
	Count  int64
}

type charterData struct {
	// Reports are the spool's reports, newest first, each with its screening.
	Reports   []*missionv1.FieldReport
	Truncated bool
	Problem   *problem
	// Counts are the composer's refusals by reason over the whole spool.
	Counts    []reasonCount
	Refused   int64
	CountProb *problem
	Swept     string
	Refusal   *problem
}

// charter lists the field reports with their screening (chartered: the mission; refused: the
// reason in words; unread: not screened yet) and the refusal counts, and offers a sweep now.
func (h *Hall) charter(w http.ResponseWriter, r *http.Request, s Session) {
	h.renderCharter(w, r, s, http.StatusOK, nil)
}

func (h *Hall) renderCharter(w http.ResponseWriter, r *http.Request, s Session, code int, refusal *problem) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	d := charterData{Swept: r.URL.Query().Get("swept"), Refusal: refusal}
	group(
		func() {
			token := ""
			for range maxListPages {
				res, err := h.mission.ListReports(ctx, &missionv1.ListReportsRequest{Page: &commonv1.PageRequest{PageToken: token}})
				if err != nil {
					d.Problem = h.explain("mission", err)
					return
				}
				d.Reports = append(d.Reports, res.GetReports()...)
				if token = res.GetPage().GetNextPageToken(); token == "" {
					return
				}
			}
			d.Truncated = true
		},
		func() {
			res, err := h.mission.ListCharterRefusals(ctx, &missionv1.ListCharterRefusalsRequest{Page: &commonv1.PageRequest{PageSize: 1}})
			if err != nil {
				d.CountProb = h.explain("mission", err)
				return
			}
			d.Refused = res.GetTotal()
			for reason, n := range res.GetCounts() {
				d.Counts = append(d.Counts, reasonCount{reason, n})
			}
			sort.Slice(d.Counts, func(i, j int) bool {
				if d.Counts[i].Count != d.Counts[j].Count {
					return d.Counts[i].Count > d.Counts[j].Count
				}
				return d.Counts[i].Reason < d.Counts[j].Reason
			})
		},
	)
	slices.Reverse(d.Reports)
	h.render(w, r, s, code, "charter", view{Title: "Charter", Nav: "charter", Data: d})
}

// sweep asks the composer to screen every unread report now, as the owner.
func (h *Hall) sweep(w http.ResponseWriter, r *http.Request, s Session) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	res, err := h.mission.SweepCharter(ctx, &missionv1.SweepCharterRequest{})
	if err != nil {
		h.renderCharter(w, r, s, statusFor(err), h.explain("mission", err))
		return
	}
	http.Redirect(w, r, "/charter?swept="+strconv.Itoa(int(res.GetChartered()))+"."+strconv.Itoa(int(res.GetRefused())), http.StatusSeeOther)
}
