package hall

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

type worktree struct {
	Path   string
	Agents []*presencev1.Presence
}

type presencesData struct {
	Brain     string
	Presences []*presencev1.Presence
	Colliding int
	Worktrees []worktree
	Truncated bool
	Problem   *problem
}

func (h *Hall) presences(w http.ResponseWriter, r *http.Request, s Session) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	d := presencesData{Brain: r.URL.Query().Get("brain")}
	roster, cursor, truncated, err := h.listPresences(ctx, d.Brain)
	d.Presences, d.Truncated, d.Problem = roster, truncated, h.explain("presence", err)
	trees := map[string][]*presencev1.Presence{}
	for _, p := range roster {
		if len(p.GetCollisions()) > 0 {
			d.Colliding++
		}
		if p.GetWorktree() != "" {
			trees[p.GetWorktree()] = append(trees[p.GetWorktree()], p)
		}
	}
	for path, ps := range trees {
		d.Worktrees = append(d.Worktrees, worktree{Path: path, Agents: ps})
	}
	sort.Slice(d.Worktrees, func(i, j int) bool { return d.Worktrees[i].Path < d.Worktrees[j].Path })
	h.render(w, r, s, http.StatusOK, "presences", view{Title: "Presences", Nav: "presences", LiveBrain: d.Brain, Roster: cursor, Data: d})
}

type federationData struct {
	Peers       []*medullav1.Peer
	PeersProb   *problem
	Foreign     []*medullav1.ForeignClaim
	Adoptions   []*medullav1.ForeignClaim
	ForeignProb *problem
	Brains      []*medullav1.Brain
	Adopted     string
	Refusal     *problem
}

func (h *Hall) federation(w http.ResponseWriter, r *http.Request, s Session) {
	h.renderFederation(w, r, s, http.StatusOK, nil)
}

func (h *Hall) renderFederation(w http.ResponseWriter, r *http.Request, s Session, code int, refusal *problem) {
	ctx, cancel := h.call(r, s)
	defer cancel()
	d := federationData{Adopted: r.URL.Query().Get("adopted"), Refusal: refusal}
	group(
		func() {
			token := ""
			for range maxListPages {
				res, err := h.medulla.ListPeers(ctx, &medullav1.ListPeersRequest{Page: &commonv1.PageRequest{PageToken: token}})
				if err != nil {
					d.PeersProb = h.explain("medulla", err)
					return
				}
				d.Peers = append(d.Peers, res.GetPeers()...)
				if token = res.GetPage().GetNextPageToken(); token == "" {
					return
				}
			}
		},
		func() {
			token := ""
			for range maxListPages {
				res, err := h.medulla.ListForeign(ctx, &medullav1.ListForeignRequest{IncludeAdopted: true, Page: &commonv1.PageRequest{PageToken: token}})
				if err != nil {
					d.ForeignProb = h.explain("medulla", err)
					return
				}
				for _, f := range res.GetClaims() {
					if f.GetAdopted() {
						d.Adoptions = append(d.Adoptions, f)
					} else {
						d.Foreign = append(d.Foreign, f)
					}
				}
				if token = res.GetPage().GetNextPageToken(); token == "" {
					return
				}
			}
		},
		func() {
			brains, _, err := h.listBrains(ctx)
			if err == nil {
				for _, b := range brains {
					if !b.GetReserved() && b.GetPolicy() != medullav1.FederationPolicy_FEDERATION_POLICY_ISOLATED {
						d.Brains = append(d.Brains, b)
					}
				}
			}
		},
	)
	h.render(w, r, s, code, "federation", view{Title: "Federation", Nav: "federation", Data: d})
}

// adopt admits one foreign claim through medulla's write door as the owner (origin human-ui).
func (h *Hall) adopt(w http.ResponseWriter, r *http.Request, s Session) {
	id := r.PostForm.Get("foreign_id")
	if id == "" {
		h.renderFederation(w, r, s, http.StatusBadRequest, &problem{Organ: "hall", Reason: "INVALID_ARGUMENT", Words: "Say which foreign claim to adopt. Nothing was adopted."})
		return
	}
	ctx, cancel := h.call(r, s)
	defer cancel()
	res, err := h.medulla.Adopt(ctx, &medullav1.AdoptRequest{ForeignId: id, Brain: r.PostForm.Get("brain"), Slug: strings.TrimSpace(r.PostForm.Get("slug"))})
	if err != nil {
		h.renderFederation(w, r, s, statusFor(err), h.explain("medulla", err))
		return
	}
	http.Redirect(w, r, "/federation?adopted="+url.QueryEscape(res.GetClaim().GetBrain()+"/"+res.GetClaim().GetSlug()), http.StatusSeeOther)
}

// receipt is one ledger row flattened for the table.
type receipt struct {
	Brain, ID, Decision, Effect, Subject, Reason, Message, By string
	At                                                        time.Time
}

type receiptsData struct {
	Brain, Decision, Reason, Since string
	Brains                         []*medullav1.Brain
	Rows                           []receipt
	Scanned                        int
	Truncated                      bool
	Problem                        *problem
	SinceProblem                   string
}

// maxLedgerRows bounds how many receipts the ledger page reads; it says when it stopped.
const maxLedgerRows = 2000

func (h *Hall) receipts(w http.ResponseWriter, r *http.Request, s Session) {
	q := r.URL.Query()
	d := receiptsData{Brain: q.Get("brain"), Decision: q.Get("decision"), Reason: strings.TrimSpace(q.Get("reason")), Since: q.Get("since")}
	var since time.Time
	if d.Since != "" {
		var err error
		if since, err = time.Parse("2006-01-02", d.Since); err != nil {
			d.SinceProblem = "Write the date as YYYY-MM-DD; the filter was not applied."
		}
	}
	ctx, cancel := h.call(r, s)
	defer cancel()
	brains, _, err := h.listBrains(ctx)
	d.Brains, d.Problem = brains, h.explain("medulla", err)
	names := []string{d.Brain}
	if d.Brain == "" {
		names = names[:0]
		for _, b := range brains {
			names = append(names, b.GetName())
		}
	}
	for _, name := range names {
		if err := h.ledger(ctx, name, since, &d); err != nil {
			d.Problem = h.explain("medulla", err)
			break
		}
		if d.Truncated {
			break
		}
	}
	sort.SliceStable(d.Rows, func(i, j int) bool { return d.Rows[i].At.After(d.Rows[j].At) })
	h.render(w, r, s, http.StatusOK, "receipts", view{Title: "Receipts", Nav: "receipts", Data: d})
}

// ledger reads one brain's ledger newest first, stopping at since, and keeps the rows the
// filters match.
func (h *Hall) ledger(ctx context.Context, brain string, since time.Time, d *receiptsData) error {
	token := ""
	for {
		res, err := h.medulla.ListReceipts(ctx, &medullav1.ListReceiptsRequest{Brain: brain, Page: &commonv1.PageRequest{PageToken: token}})
		if err != nil {
			return err
		}
		for _, rc := range res.GetReceipts() {
			row := flatten(brain, rc)
			if !since.IsZero() && row.At.Before(since) {
				return nil
			}
			d.Scanned++
			if d.Scanned > maxLedgerRows {
				d.Truncated = true
				return nil
			}
			if (d.Decision == "" || d.Decision == row.Decision) && (d.Reason == "" || strings.Contains(strings.ToLower(row.Reason), strings.ToLower(d.Reason))) {
				d.Rows = append(d.Rows, row)
			}
		}
		if token = res.GetPage().GetNextPageToken(); token == "" {
			return nil
		}
	}
}

func flatten(brain string, rc *commonv1.Receipt) receipt {
	row := receipt{Brain: brain}
	switch k := rc.GetKind().(type) {
	case *commonv1.Receipt_Commit:
		c := k.Commit
		row.ID, row.Decision, row.Effect, row.Subject = c.GetReceiptId(), "commit", c.GetProposal().GetEffect(), c.GetProposal().GetSubject()
		row.By, row.At = c.GetBy().GetAgentId(), c.GetAt().AsTime()
	case *commonv1.Receipt_Rejection:
		c := k.Rejection
		row.ID, row.Decision, row.Effect, row.Subject = c.GetReceiptId(), "rejection", c.GetProposal().GetEffect(), c.GetProposal().GetSubject()
		row.Reason, row.Message, row.By, row.At = c.GetReason(), c.GetMessage(), c.GetBy().GetAgentId(), c.GetAt().AsTime()
	case *commonv1.Receipt_Adoption:
		c := k.Adoption
		row.ID, row.Decision, row.Effect, row.Subject = c.GetReceiptId(), "adoption", "adopt", c.GetForeignId()
		row.Message, row.By, row.At = c.GetSource(), c.GetBy().GetAgentId(), c.GetAt().AsTime()
	}
	if row.By == "" {
		row.By = "—"
	}
	return row
}
