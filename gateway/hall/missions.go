package hall

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// boardPhases are the board's columns, in the order a mission walks them.
var boardPhases = []missionv1.Phase{
	missionv1.Phase_PHASE_JUDGING, missionv1.Phase_PHASE_EXECUTING, missionv1.Phase_PHASE_MERGE_WAIT,
	missionv1.Phase_PHASE_LANDED, missionv1.Phase_PHASE_FAILED, missionv1.Phase_PHASE_ABANDONED, missionv1.Phase_PHASE_SPAWN_REFUSED,
}

type column struct {
	Phase missionv1.Phase
	Cards []*card
	// Older counts the column's cards not drawn (the board shows the newest boardColumnCards).
	Older int
}

type card struct {
	Mission   *missionv1.Mission
	Candidate *missionv1.Letter
	// Landing is a landed card's record: the sha on the target branch.
	Landing *missionv1.Landing
}

// boardColumnCards is how many cards a board column draws, the newest: the landed column of a
// long-lived install would otherwise grow without end. The rest is one phase's own listing
// (/missions?phase=), read a page at a time.
const boardColumnCards = 25

// phasePageSize is how many missions one page of a phase's listing shows.
const phasePageSize = 100

type boardData struct {
	Brain     string
	Columns   []column
	Total     int
	Truncated bool
	Problem   *problem
	// Phase is set on one phase's listing; Next is the address of its next page.
	Phase *missionv1.Phase
	Cards []*card
	Next  string
}

func (h *Hall) listMissions(ctx context.Context, brain string) ([]*missionv1.Mission, bool, error) {
	var out []*missionv1.Mission
	token := ""
	for range maxListPages {
		res, err := h.mission.ListMissions(ctx, &missionv1.ListMissionsRequest{Brain: brain, Page: &commonv1.PageRequest{PageToken: token}})
		if err != nil {
			return out, false, err
		}
		out = append(out, res.GetMissions()...)
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return out, false, nil
		}
	}
	return out, true, nil
}

// fill reads what a drawn card shows beyond the listing: a ringing card's candidate and a
// landed card's landed sha, one read each, concurrently.
func (h *Hall) fill(ctx context.Context, cards []*card) {
	var mu sync.Mutex
	var fns []func()
	for _, c := range cards {
		if m := c.Mission; m.GetRinging() || m.GetPhase() == missionv1.Phase_PHASE_LANDED {
			fns = append(fns, func() {
				res, err := h.mission.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: m.GetMissionId()})
				if err == nil {
					mu.Lock()
					c.Candidate, c.Landing = res.GetCandidate(), res.GetHead().GetLanding()
					mu.Unlock()
				}
			})
		}
	}
	group(fns...)
}

func (h *Hall) board(w http.ResponseWriter, r *http.Request, s Session) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	d := boardData{Brain: r.URL.Query().Get("brain")}
	if slug := r.URL.Query().Get("phase"); slug != "" {
		h.phaseList(w, r, s, d, slug)
		return
	}
	ms, truncated, err := h.listMissions(ctx, d.Brain)
	d.Problem, d.Truncated, d.Total = h.explain("mission", err), truncated, len(ms)
	// Listed oldest first: each column keeps its newest cards, drawn oldest first.
	byPhase := map[missionv1.Phase][]*card{}
	older := map[missionv1.Phase]int{}
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if len(byPhase[m.GetPhase()]) == boardColumnCards {
			older[m.GetPhase()]++
			continue
		}
		byPhase[m.GetPhase()] = append(byPhase[m.GetPhase()], &card{Mission: m})
	}
	var drawn []*card
	for _, cs := range byPhase {
		slices.Reverse(cs)
		drawn = append(drawn, cs...)
	}
	h.fill(ctx, drawn)
	for _, p := range boardPhases {
		d.Columns = append(d.Columns, column{Phase: p, Cards: byPhase[p], Older: older[p]})
	}
	h.render(w, r, s, http.StatusOK, "board", view{Title: "Mission board", Nav: "missions", LiveBrain: d.Brain, Data: d})
}

// phaseList is one phase's missions, oldest first, a page at a time (?page= carries the
// organ's page token).
func (h *Hall) phaseList(w http.ResponseWriter, r *http.Request, s Session, d boardData, slug string) {
	i := slices.IndexFunc(boardPhases, func(p missionv1.Phase) bool { return trimEnum(p.String(), "PHASE_") == slug })
	if i < 0 {
		d.Problem = &problem{Organ: "hall", Reason: "INVALID_ARGUMENT", Words: "There is no phase " + strconv.Quote(slug) + " on the board."}
		h.render(w, r, s, http.StatusBadRequest, "board", view{Title: "Mission board", Nav: "missions", LiveBrain: d.Brain, Data: d})
		return
	}
	p := boardPhases[i]
	d.Phase = &p
	ctx, cancel := h.call(r, s)
	defer cancel()
	res, err := h.mission.ListMissions(ctx, &missionv1.ListMissionsRequest{Brain: d.Brain, Phases: []missionv1.Phase{p},
		Page: &commonv1.PageRequest{PageSize: phasePageSize, PageToken: r.URL.Query().Get("page")}})
	if err != nil {
		d.Problem = h.explain("mission", err)
		h.render(w, r, s, statusFor(err), "board", view{Title: "Missions " + phaseWord(p), Nav: "missions", LiveBrain: d.Brain, Data: d})
		return
	}
	for _, m := range res.GetMissions() {
		d.Cards = append(d.Cards, &card{Mission: m})
	}
	d.Total = len(d.Cards)
	h.fill(ctx, d.Cards)
	if tok := res.GetPage().GetNextPageToken(); tok != "" {
		q := url.Values{"phase": {slug}, "page": {tok}}
		if d.Brain != "" {
			q.Set("brain", d.Brain)
		}
		d.Next = "/missions?" + q.Encode()
	}
	h.render(w, r, s, http.StatusOK, "board", view{Title: "Missions " + phaseWord(p), Nav: "missions", LiveBrain: d.Brain, Data: d})
}

type missionData struct {
	Mission   *missionv1.GetMissionResponse
	Problem   *problem
	Pareceres []*missionv1.Letter
	Brain     *medullav1.Brain
	BrainProb *problem
	// Refusal is the stamp's refusal in words, when the owner just stamped and it was refused.
	Refusal *problem
	Landed  bool
	// Target is where a stamp lands (branch and mode), as far as the Hall can tell; Landing is
	// the landed letter's record once the mission landed.
	Target  target
	Landing *missionv1.Landing
	// LandedCommit is what the owner typed into a refused record-mode stamp, shown back.
	LandedCommit string
}

func (h *Hall) missionPage(w http.ResponseWriter, r *http.Request, s Session) {
	h.renderMission(w, r, s, http.StatusOK, nil)
}

func (h *Hall) renderMission(w http.ResponseWriter, r *http.Request, s Session, code int, refusal *problem) {
	id := r.PathValue("id")
	ctx, cancel := h.call(r, s)
	defer cancel()
	d := missionData{Refusal: refusal, Landed: r.URL.Query().Get("landed") != ""}
	if r.Method == http.MethodPost {
		d.LandedCommit = r.PostForm.Get("landed_commit")
	}
	res, err := h.mission.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id})
	d.Mission, d.Problem = res, h.explain("mission", err)
	d.Landing = res.GetHead().GetLanding()
	if err == nil {
		d.Target = targetOf(res)
		group(
			func() {
				letters, _, lerr := h.letters(ctx, id)
				if lerr == nil {
					for _, l := range letters {
						if l.GetAdvisory() || l.GetParecer() != nil {
							d.Pareceres = append(d.Pareceres, l)
						}
					}
				}
			},
			func() {
				b, berr := h.medulla.GetBrain(ctx, &medullav1.GetBrainRequest{Name: res.GetMission().GetBrain()})
				d.Brain, d.BrainProb = b.GetBrain(), h.explain("medulla", berr)
			},
		)
	} else if code == http.StatusOK {
		// The page has no mission to show: answer with the refusal's status (a malformed id is
		// 400, an unknown one 404), as the chain page does; a stamp's own refusal keeps its code.
		code = statusFor(err)
	}
	h.render(w, r, s, code, "mission", view{Title: "Mission " + id, Nav: "missions", LiveBrain: res.GetMission().GetBrain(), Data: d})
}

// letters reads a whole chain, page by page.
func (h *Hall) letters(ctx context.Context, id string) ([]*missionv1.Letter, bool, error) {
	var out []*missionv1.Letter
	var after int64
	for range maxListPages {
		res, err := h.mission.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: id, AfterSeq: after})
		if err != nil {
			return out, false, err
		}
		out = append(out, res.GetLetters()...)
		if !res.GetMore() || len(res.GetLetters()) == 0 {
			return out, false, nil
		}
		after = res.GetLetters()[len(res.GetLetters())-1].GetSeq()
	}
	return out, true, nil
}

// chainPageSize is how many letters the chain page shows at once: a long chain is read a page
// at a time, never drawn whole.
const chainPageSize = 100

type chainData struct {
	ID      string
	Mission *missionv1.Mission
	Letters []*missionv1.Letter
	// After is the seq the page starts after (0: the first letter); More says letters follow
	// the page's last, Next is the address of the next page and Newest that of the last page.
	After        int64
	More         bool
	Next, Newest string
	Problem      *problem
}

func (h *Hall) chain(w http.ResponseWriter, r *http.Request, s Session) {
	id := r.PathValue("id")
	ctx, cancel := h.call(r, s)
	defer cancel()
	d := chainData{ID: id}
	if v := r.URL.Query().Get("after"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			h.render(w, r, s, http.StatusBadRequest, "chain", view{Title: "Chain " + id, Nav: "missions", Data: chainData{ID: id,
				Problem: &problem{Organ: "hall", Reason: "INVALID_ARGUMENT", Words: "after must be a letter's seq (a whole number, 0 or more)."}}})
			return
		}
		d.After = n
	}
	var lerr, merr error
	group(
		func() {
			res, err := h.mission.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: id, AfterSeq: d.After, PageSize: chainPageSize})
			d.Letters, d.More, lerr = res.GetLetters(), res.GetMore(), err
		},
		func() {
			res, err := h.mission.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: id})
			d.Mission, merr = res.GetMission(), err
		},
	)
	d.Problem = h.explain("mission", errors.Join(merr, lerr))
	code := http.StatusOK
	if merr != nil {
		d.Problem = h.explain("mission", merr)
		code = statusFor(merr)
	}
	base := "/missions/" + url.PathEscape(id) + "/chain"
	if d.More && len(d.Letters) > 0 {
		d.Next = base + "?after=" + strconv.FormatInt(d.Letters[len(d.Letters)-1].GetSeq(), 10)
		if last := d.Mission.GetHeadSeq() - chainPageSize; last > d.Letters[len(d.Letters)-1].GetSeq() {
			d.Newest = base + "?after=" + strconv.FormatInt(last, 10)
		}
	}
	h.render(w, r, s, code, "chain", view{Title: "Chain " + id, Nav: "missions", LiveBrain: d.Mission.GetBrain(), Data: d})
}

// maxLogView bounds the gate log shown in a page; the rest is named, not dropped silently.
const maxLogView = 1 << 20

type logData struct {
	ID, Sha   string
	Text      string
	Total     int64
	Truncated bool
	Binary    bool
	Problem   *problem
}

func (h *Hall) gateLog(w http.ResponseWriter, r *http.Request, s Session) {
	d := logData{ID: r.PathValue("id"), Sha: r.PathValue("sha")}
	ctx, cancel := h.call(r, s)
	defer cancel()
	stream, err := h.mission.GetLog(ctx, &missionv1.GetLogRequest{MissionId: d.ID, LogSha256: d.Sha})
	var buf []byte
	for err == nil {
		var chunk *missionv1.GetLogResponse
		chunk, err = stream.Recv()
		if err != nil {
			break
		}
		d.Total += int64(len(chunk.GetChunk()))
		if room := maxLogView - len(buf); room > 0 {
			buf = append(buf, chunk.GetChunk()[:min(room, len(chunk.GetChunk()))]...)
		}
	}
	code := http.StatusOK
	if err != nil && !errors.Is(err, io.EOF) {
		d.Problem = h.explain("mission", err)
		code = statusFor(err)
	}
	d.Truncated = d.Total > int64(len(buf))
	d.Binary = !utf8.Valid(buf)
	d.Text = string(buf) // escaped by the template like every agent-authored text
	h.render(w, r, s, code, "log", view{Title: "Gate log", Nav: "missions", Data: d})
}
