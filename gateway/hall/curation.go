package hall

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// skeletonDiff is what a candidate skeleton changes against the ratified one. Block ids are
// stable across revisions (a rename keeps its id), so blocks are matched by id.
type skeletonDiff struct {
	Added, Removed []*missionv1.SkeletonBlock
	Renamed        []renamed
	Purposes       []renamed
	Moved          []moved
	SeamsAdded     []*missionv1.Seam
	SeamsRemoved   []*missionv1.Seam
	UnmappedAdded  []string
	UnmappedGone   []string
	// Lineage are the candidate's splits and merges since its parent.
	Lineage []*missionv1.BlockLineage
}

// Empty reports a candidate identical to the ratified skeleton.
func (d skeletonDiff) Empty() bool {
	return len(d.Added)+len(d.Removed)+len(d.Renamed)+len(d.Purposes)+len(d.Moved)+len(d.SeamsAdded)+
		len(d.SeamsRemoved)+len(d.UnmappedAdded)+len(d.UnmappedGone) == 0
}

type renamed struct{ ID, From, To string }

// moved is a member that changed block: From is "" when the ratified skeleton did not hold
// it (newly mapped), To is "" when the candidate no longer holds it.
type moved struct{ Member, From, To string }

// diffSkeletons compares the ratified skeleton a (nil: none yet) with the candidate b.
func diffSkeletons(a, b *missionv1.Skeleton) skeletonDiff {
	var d skeletonDiff
	ai, bi := map[string]*missionv1.SkeletonBlock{}, map[string]*missionv1.SkeletonBlock{}
	for _, x := range a.GetBlocks() {
		ai[x.GetId()] = x
	}
	for _, x := range b.GetBlocks() {
		bi[x.GetId()] = x
	}
	owner := func(blocks []*missionv1.SkeletonBlock) map[string]string {
		m := map[string]string{}
		for _, x := range blocks {
			for _, mem := range x.GetMembers() {
				m[mem] = x.GetId()
			}
		}
		return m
	}
	was, now := owner(a.GetBlocks()), owner(b.GetBlocks())
	for _, y := range b.GetBlocks() {
		x, ok := ai[y.GetId()]
		switch {
		case !ok:
			d.Added = append(d.Added, y)
		default:
			if x.GetName() != y.GetName() {
				d.Renamed = append(d.Renamed, renamed{y.GetId(), x.GetName(), y.GetName()})
			}
			if x.GetPurpose() != y.GetPurpose() {
				d.Purposes = append(d.Purposes, renamed{y.GetId(), x.GetPurpose(), y.GetPurpose()})
			}
		}
	}
	for _, x := range a.GetBlocks() {
		if _, ok := bi[x.GetId()]; !ok {
			d.Removed = append(d.Removed, x)
		}
	}
	// A member of a block that is wholly new or wholly gone is told by that block; every other
	// change of owner is a move.
	for mem, to := range now {
		from := was[mem]
		if from == to || (from == "" && ai[to] == nil) {
			continue
		}
		d.Moved = append(d.Moved, moved{mem, from, to})
	}
	for mem, from := range was {
		if _, ok := now[mem]; !ok && bi[from] != nil {
			d.Moved = append(d.Moved, moved{mem, from, ""})
		}
	}
	sort.Slice(d.Moved, func(i, j int) bool { return d.Moved[i].Member < d.Moved[j].Member })
	sameSeam := func(s, t *missionv1.Seam) bool { return s.GetFrom() == t.GetFrom() && s.GetTo() == t.GetTo() }
	for _, s := range b.GetSeams() {
		if !slices.ContainsFunc(a.GetSeams(), func(t *missionv1.Seam) bool { return sameSeam(s, t) }) {
			d.SeamsAdded = append(d.SeamsAdded, s)
		}
	}
	for _, s := range a.GetSeams() {
		if !slices.ContainsFunc(b.GetSeams(), func(t *missionv1.Seam) bool { return sameSeam(s, t) }) {
			d.SeamsRemoved = append(d.SeamsRemoved, s)
		}
	}
	for _, p := range b.GetUnmapped() {
		if !slices.Contains(a.GetUnmapped(), p) {
			d.UnmappedAdded = append(d.UnmappedAdded, p)
		}
	}
	for _, p := range a.GetUnmapped() {
		if !slices.Contains(b.GetUnmapped(), p) {
			d.UnmappedGone = append(d.UnmappedGone, p)
		}
	}
	for _, l := range b.GetLineage() {
		if l.GetRevision() > a.GetRevision() {
			d.Lineage = append(d.Lineage, l)
		}
	}
	return d
}

type curationBrain struct {
	Brain     string
	Candidate *missionv1.Skeleton
	Ratified  *missionv1.Skeleton
	Problem   *problem
}

type curationListData struct {
	Brains  []curationBrain
	Problem *problem
}

// curationList lists every brain with its candidate and ratified skeleton, the way in to a review.
func (h *Hall) curationList(w http.ResponseWriter, r *http.Request, s Session) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	var d curationListData
	brains, _, err := h.listBrains(ctx)
	d.Problem = h.explain("medulla", err)
	var fns []func()
	for _, b := range brains {
		if b.GetReserved() {
			continue
		}
		d.Brains = append(d.Brains, curationBrain{Brain: b.GetName()})
	}
	for i := range d.Brains {
		cb := &d.Brains[i]
		fns = append(fns, func() { cb.Candidate, cb.Ratified, cb.Problem = h.skeletons(ctx, cb.Brain) })
	}
	group(fns...)
	h.render(w, r, s, http.StatusOK, "curation", view{Title: "Curation review", Nav: "curation", Data: d})
}

// skeletons reads a brain's candidate (nil when it has none) and its ratified skeleton (nil
// when none was ratified yet); a missing skeleton is an answer, any other failure a problem.
func (h *Hall) skeletons(ctx context.Context, brain string) (cand, rat *missionv1.Skeleton, p *problem) {
	var cerr, rerr error
	group(
		func() {
			res, err := h.mission.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: brain})
			if sk := res.GetSkeleton(); err == nil && sk.GetState() == missionv1.SkeletonState_SKELETON_STATE_CANDIDATE {
				cand = sk
			}
			cerr = err
		},
		func() {
			res, err := h.mission.GetSkeleton(ctx, &missionv1.GetSkeletonRequest{Brain: brain, Ratified: true})
			rat, rerr = res.GetSkeleton(), err
		},
	)
	for _, err := range []error{cerr, rerr} {
		if err != nil && p == nil {
			if q := h.explain("mission", err); q.Reason != "SKELETON_NOT_FOUND" {
				p = q
			}
		}
	}
	return cand, rat, p
}

type reviewData struct {
	Brain     string
	Candidate *missionv1.Skeleton
	Ratified  *missionv1.Skeleton
	Diff      skeletonDiff
	Curation  *missionv1.Curation
	// Ask is the owner's curation letter (seq 1 of the curation's chain).
	Ask          string
	Problem      *problem
	Refusal      *problem
	RatifiedRev  string
	DiscardedRev string
}

// curationReview is one brain's review: the candidate's diff against the ratified skeleton,
// the newest curation of it with the runner's report verbatim, and the owner's two gestures.
func (h *Hall) curationReview(w http.ResponseWriter, r *http.Request, s Session) {
	h.renderReview(w, r, s, http.StatusOK, nil)
}

func (h *Hall) renderReview(w http.ResponseWriter, r *http.Request, s Session, code int, refusal *problem) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	d := reviewData{Brain: r.PathValue("brain"), Refusal: refusal, RatifiedRev: r.URL.Query().Get("ratified"), DiscardedRev: r.URL.Query().Get("discarded")}
	d.Candidate, d.Ratified, d.Problem = h.skeletons(ctx, d.Brain)
	if d.Candidate != nil {
		d.Diff = diffSkeletons(d.Ratified, d.Candidate)
		d.Curation, d.Ask = h.curationOf(ctx, d.Brain, d.Candidate.GetSkeletonId())
	}
	h.render(w, r, s, code, "review", view{Title: "Curation review · " + d.Brain, Nav: "curation", Data: d})
}

// curationOf finds the newest curation of a candidate: the brain's curations come newest
// first (ListCurations, paged to the end if need be), and the curation's chain holds the
// owner's letter at seq 1.
func (h *Hall) curationOf(ctx context.Context, brain, skeletonID string) (*missionv1.Curation, string) {
	token := ""
	for {
		res, err := h.mission.ListCurations(ctx, &missionv1.ListCurationsRequest{Brain: brain, Page: &commonv1.PageRequest{PageSize: 50, PageToken: token}})
		if err != nil {
			return nil, ""
		}
		for _, cur := range res.GetCurations() {
			if cur.GetSkeletonId() != skeletonID {
				continue
			}
			ask := ""
			if ls, err := h.mission.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: cur.GetMissionId(), PageSize: 1}); err == nil && len(ls.GetLetters()) > 0 {
				ask = ls.GetLetters()[0].GetNote()
			}
			return cur, ask
		}
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return nil, ""
		}
	}
}

// ratify makes the reviewed candidate the brain's skeleton, as the owner through the Hall
// (origin human-ui): bound to the skeleton id and the store version the review showed.
func (h *Hall) ratify(w http.ResponseWriter, r *http.Request, s Session) {
	h.skeletonGesture(w, r, s, "ratified", func(ctx context.Context, brain, id string, v int64) (*missionv1.Skeleton, error) {
		res, err := h.mission.RatifySkeleton(ctx, &missionv1.RatifySkeletonRequest{Brain: brain, SkeletonId: id, ExpectedStoreVersion: v})
		return res.GetSkeleton(), err
	})
}

// discard drops the reviewed candidate (kept as history), bound the same way.
func (h *Hall) discard(w http.ResponseWriter, r *http.Request, s Session) {
	h.skeletonGesture(w, r, s, "discarded", func(ctx context.Context, brain, id string, v int64) (*missionv1.Skeleton, error) {
		res, err := h.mission.DiscardCandidate(ctx, &missionv1.DiscardCandidateRequest{Brain: brain, SkeletonId: id, ExpectedStoreVersion: v})
		return res.GetSkeleton(), err
	})
}

func (h *Hall) skeletonGesture(w http.ResponseWriter, r *http.Request, s Session, done string,
	do func(ctx context.Context, brain, id string, version int64) (*missionv1.Skeleton, error)) {
	brain := r.PathValue("brain")
	id := r.PostForm.Get("skeleton_id")
	version, verr := strconv.ParseInt(r.PostForm.Get("store_version"), 10, 64)
	if id == "" || verr != nil {
		h.renderReview(w, r, s, http.StatusBadRequest, &problem{Organ: "hall", Reason: "INVALID_ARGUMENT",
			Words: "The form did not say which candidate and store version you reviewed. Nothing changed."})
		return
	}
	ctx, cancel := h.call(r, s)
	defer cancel()
	sk, err := do(ctx, brain, id, version)
	if err != nil {
		h.renderReview(w, r, s, statusFor(err), h.explain("mission", err))
		return
	}
	http.Redirect(w, r, "/curation/"+url.PathEscape(brain)+"?"+done+"="+strconv.FormatInt(sk.GetRevision(), 10), http.StatusSeeOther)
}
