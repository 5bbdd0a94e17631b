package hall

import (
	"context"
	"net/http"
	"sync"

	"github.com/organism-dev/organism/platform/rpcstatus"
	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// maxListPages bounds how many pages a Hall listing reads before saying it stopped.
const maxListPages = 20

type brainRow struct {
	Brain *medullav1.Brain
	// Soul is the D4 line: headline and the last receipt; nil when the brain has no soul
	// (rendered as nothing, never a fabricated zero).
	Soul        *soulv1.ReadSoulResponse
	SoulProblem *problem
	Stale       int32
	Presences   int
	Ringing     int
}

type overviewData struct {
	Brains          []*brainRow
	BrainsProblem   *problem
	BrainsTruncated bool
	Presences       int
	PresenceProblem *problem
	Ringing         []*missionv1.Mission
}

// listBrains pages through the brains the owner sees.
func (h *Hall) listBrains(ctx context.Context) ([]*medullav1.Brain, bool, error) {
	var out []*medullav1.Brain
	token := ""
	for range maxListPages {
		res, err := h.medulla.ListBrains(ctx, &medullav1.ListBrainsRequest{Page: &commonv1.PageRequest{PageToken: token}})
		if err != nil {
			return out, false, err
		}
		out = append(out, res.GetBrains()...)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return out, false, nil
		}
	}
	return out, true, nil
}

// listPresences pages through the live roster; cursor is the event head of the first page.
func (h *Hall) listPresences(ctx context.Context, brain string) ([]*presencev1.Presence, int64, bool, error) {
	var out []*presencev1.Presence
	var cursor int64
	token := ""
	for i := range maxListPages {
		res, err := h.presence.List(ctx, &presencev1.ListRequest{Brain: brain, PageToken: token})
		if err != nil {
			return out, 0, false, err
		}
		if i == 0 {
			cursor = res.GetCursor()
		}
		out = append(out, res.GetPresences()...)
		if token = res.GetNextPageToken(); token == "" {
			return out, cursor, false, nil
		}
	}
	return out, cursor, true, nil
}

func (h *Hall) overview(w http.ResponseWriter, r *http.Request, s Session) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	var d overviewData
	var roster []*presencev1.Presence
	var cursor int64
	var brains []*medullav1.Brain
	group(
		func() {
			var err error
			brains, d.BrainsTruncated, err = h.listBrains(ctx)
			d.BrainsProblem = h.explain("medulla", err)
		},
		func() {
			var err error
			roster, cursor, _, err = h.listPresences(ctx, "")
			d.PresenceProblem = h.explain("presence", err)
			d.Presences = len(roster)
		},
		func() {
			res, err := h.mission.ListMissions(ctx, &missionv1.ListMissionsRequest{Phases: []missionv1.Phase{missionv1.Phase_PHASE_MERGE_WAIT}})
			if err == nil {
				d.Ringing = res.GetMissions()
			}
		},
	)
	var mu sync.Mutex
	var fns []func()
	for _, b := range brains {
		if b.GetReserved() {
			continue
		}
		row := &brainRow{Brain: b}
		for _, p := range roster {
			if p.GetBrain() == b.GetName() {
				row.Presences++
			}
		}
		for _, m := range d.Ringing {
			if m.GetBrain() == b.GetName() {
				row.Ringing++
			}
		}
		d.Brains = append(d.Brains, row)
		fns = append(fns, func() {
			res, err := h.soul.ReadSoul(ctx, &soulv1.ReadSoulRequest{Brain: b.GetName(), HeadlineOnly: true})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				row.Soul = res
				row.Stale = res.GetLastReceipt().GetByState().GetEvidenceStale() + res.GetLastReceipt().GetByState().GetSuperseded()
			case soulAbsent(err):
			default:
				row.SoulProblem = h.explain("soul", err)
			}
		})
	}
	group(fns...)
	h.render(w, r, s, http.StatusOK, "overview", view{Title: "Overview", Nav: "overview", Roster: cursor, Data: d})
}

// soulAbsent says the brain has no soul to read: rendered as nothing (soul-prd D4).
func soulAbsent(err error) bool {
	switch rpcstatus.ReasonOf(err) {
	case "SOUL_NOT_FOUND":
		return true
	}
	return false
}
