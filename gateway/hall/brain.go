package hall

import (
	"fmt"
	"html/template"
	"net/http"
	"strings"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

type brainData struct {
	// Name is the brain the address names; Missing is set when medulla knows no such brain,
	// and then the page shows only that, not empty sections of a brain that does not exist.
	Name         string
	Missing      bool
	Brain        *medullav1.Brain
	BrainProblem *problem
	// Check is a dry-run soul check made for this page: nothing is recorded.
	Check        *soulv1.SoulCheckReport
	SoulAbsent   bool
	CheckProblem *problem
	Receipts     []*soulv1.SoulReceipt
	Chart        template.HTML
	ReceiptsProb *problem
	Query        recallQuery
	Recall       *medullav1.RecallResponse
	RecallProb   *problem
	Portfolio    *medullav1.PortfolioRow
	Isolated     int32
	PortProblem  *problem
}

type recallQuery struct {
	Q, Kind, State, Tier string
}

var (
	kindNames  = []string{"fact", "decision", "process", "doctrine", "problem"}
	stateNames = []string{"authored", "verified", "superseded"}
	tierNames  = []string{"project", "medulla"}
)

func (q recallQuery) Kinds() []string  { return kindNames }
func (q recallQuery) States() []string { return stateNames }
func (q recallQuery) Tiers() []string  { return tierNames }

func (q recallQuery) request(brain string) *medullav1.RecallRequest {
	req := &medullav1.RecallRequest{Brain: brain, Query: q.Q, Limit: 50}
	if v, ok := medullav1.ClaimKind_value["CLAIM_KIND_"+strings.ToUpper(q.Kind)]; ok && v != 0 {
		req.Kinds = []medullav1.ClaimKind{medullav1.ClaimKind(v)}
	}
	if v, ok := medullav1.ClaimState_value["CLAIM_STATE_"+strings.ToUpper(q.State)]; ok && v != 0 {
		req.States = []medullav1.ClaimState{medullav1.ClaimState(v)}
	}
	if v, ok := medullav1.Tier_value["TIER_"+strings.ToUpper(q.Tier)]; ok && v != 0 {
		req.Tiers = []medullav1.Tier{medullav1.Tier(v)}
	}
	return req
}

func (h *Hall) brain(w http.ResponseWriter, r *http.Request, s Session) {
	name := r.PathValue("name")
	ctx, cancel := h.call(r, s)
	defer cancel()
	qv := r.URL.Query()
	d := brainData{Name: name, Query: recallQuery{Q: qv.Get("q"), Kind: qv.Get("kind"), State: qv.Get("state"), Tier: qv.Get("tier")}}
	group(
		func() {
			res, err := h.medulla.GetBrain(ctx, &medullav1.GetBrainRequest{Name: name})
			d.Brain, d.BrainProblem = res.GetBrain(), h.explain("medulla", err)
		},
		func() {
			res, err := h.soul.CheckSoul(ctx, &soulv1.CheckSoulRequest{Brain: name, DryRun: true})
			switch {
			case err == nil:
				d.Check = res.GetReport()
			case soulAbsent(err):
				d.SoulAbsent = true
			default:
				d.CheckProblem = h.explain("soul", err)
			}
		},
		func() {
			res, err := h.soul.ListReceipts(ctx, &soulv1.ListReceiptsRequest{Brain: name, Page: &commonv1.PageRequest{PageSize: 60}})
			if err != nil && !soulAbsent(err) {
				d.ReceiptsProb = h.explain("soul", err)
				return
			}
			d.Receipts = res.GetReceipts()
			d.Chart = receiptChart(d.Receipts)
		},
		func() {
			res, err := h.medulla.Recall(ctx, d.Query.request(name))
			d.Recall, d.RecallProb = res, h.explain("medulla", err)
		},
		func() {
			res, err := h.medulla.Portfolio(ctx, &medullav1.PortfolioRequest{})
			if err != nil {
				d.PortProblem = h.explain("medulla", err)
				return
			}
			d.Isolated = res.GetIsolatedCount()
			for _, row := range res.GetRows() {
				if row.GetBrain() == name {
					d.Portfolio = row
				}
			}
		},
	)
	code := http.StatusOK
	if d.BrainProblem != nil && d.BrainProblem.Reason == "BRAIN_NOT_FOUND" {
		code, d.Missing = http.StatusNotFound, true
	}
	h.render(w, r, s, code, "brain", view{Title: "Brain " + name, Nav: "overview", LiveBrain: name, Data: d})
}

// receiptChart draws the soul's receipt history (oldest left) as a small inline SVG: fresh
// claims in one line, stale in another. Presentation attributes only (no style attribute), so
// the strict CSP holds; every label is a number.
func receiptChart(rs []*soulv1.SoulReceipt) template.HTML {
	var checks []*soulv1.SoulReceipt
	for i := len(rs) - 1; i >= 0; i-- {
		if rs[i].GetKind() == "check" {
			checks = append(checks, rs[i])
		}
	}
	if len(checks) == 0 {
		return ""
	}
	const wdt, hgt, pad = 320.0, 90.0, 8.0
	maxV := int32(1)
	for _, c := range checks {
		maxV = max(maxV, c.GetByState().GetVerifiedFresh(), c.GetByState().GetEvidenceStale())
	}
	pt := func(i int, v int32) (float64, float64) {
		x := pad
		if len(checks) > 1 {
			x = pad + float64(i)*(wdt-2*pad)/float64(len(checks)-1)
		}
		return x, hgt - pad - float64(v)*(hgt-2*pad)/float64(maxV)
	}
	line := func(get func(*soulv1.SoulReceipt) int32) string {
		var b strings.Builder
		for i, c := range checks {
			x, y := pt(i, get(c))
			fmt.Fprintf(&b, "%.1f,%.1f ", x, y)
		}
		return strings.TrimSpace(b.String())
	}
	fresh := line(func(c *soulv1.SoulReceipt) int32 { return c.GetByState().GetVerifiedFresh() })
	stale := line(func(c *soulv1.SoulReceipt) int32 { return c.GetByState().GetEvidenceStale() })
	last := checks[len(checks)-1].GetByState()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-labelledby="chart-title">`, wdt, hgt, wdt, hgt)
	fmt.Fprintf(&b, `<title id="chart-title">Soul checks over time: %d checks; last %d fresh, %d stale (max %d)</title>`,
		len(checks), last.GetVerifiedFresh(), last.GetEvidenceStale(), maxV)
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="#6b7280" stroke-width="1"/>`, pad, hgt-pad, wdt-pad, hgt-pad)
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#166534" stroke-width="2"/>`, fresh)
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#b91c1c" stroke-width="2" stroke-dasharray="4 3"/>`, stale)
	for i, c := range checks {
		x, y := pt(i, c.GetByState().GetEvidenceStale())
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="#b91c1c"/>`, x, y)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // built from numbers only
}
