package domain

import (
	"context"
	"fmt"
	"github.com/organism-dev/organism/services/soul/engine"
	"strings"

	"github.com/organism-dev/organism/platform/principal"
	"github.com/organism-dev/organism/platform/refusal"
)

// SchemaSeatCheck names the seat check's output.
const SchemaSeatCheck = "m1nd-soul-curator-seatcheck-v0"

// CuratorReport is the curator's output contract (soul-prd §5.3).
type CuratorReport struct {
	CuratedBy       string
	Checked         int
	Updated         int
	Pruned          []Prune
	Declined        []Declined
	StillStale      []StillStale
	StillStaleGiven bool
	ReceiptLine     string
}

// Prune is one removal from live tissue.
type Prune struct {
	What, Why, WhereItWent, Section, Tissue string
	Proposed                                bool
}

// Declined is a distillate claim the curator chose not to fold in.
type Declined struct{ Claim, Why string }

// StillStale is a claim the curator could not resolve.
type StillStale struct{ Claim, Reason string }

// seatRefusal is a refused seat check: one reason and every field of the report behind it.
func seatRefusal(reason refusal.Reason, violations ...refusal.Violation) *refusal.Error {
	parts := make([]string, 0, len(violations))
	for _, v := range violations {
		parts = append(parts, v.Field+": "+v.Description)
	}
	return &refusal.Error{Reason: reason, Message: "seat check refused: " + strings.Join(parts, "; "), Violations: violations}
}

type violation = refusal.Violation

// SeatCheck is a passed seat check.
type SeatCheck struct {
	Schema, Verdict, Grader, CuratedBy string
	Pruned, Proposed, StillStale       int
}

// SeatCheckReport applies the curator laws: grader ≠ author (§C8.4), no silent prune (SOUL-INV-2),
// declared tissue removed only as a proposal (SOUL-INV-5), and the still_stale valve present.
// sectionTissue says which tissue a named section is (nil when the soul is unavailable).
func SeatCheckReport(grader string, rep CuratorReport, sectionTissue func(string) (engine.Tissue, bool)) (SeatCheck, error) {
	if strings.TrimSpace(rep.CuratedBy) != "" && strings.EqualFold(strings.TrimSpace(rep.CuratedBy), grader) {
		return SeatCheck{}, seatRefusal(RefuseGraderIsAuthor, violation{Field: "report.curated_by", Description: fmt.Sprintf("%q curated this report and cannot grade it", grader)})
	}
	if !rep.StillStaleGiven {
		return SeatCheck{}, seatRefusal(RefuseStillStaleMissing, violation{Field: "report.still_stale", Description: "required, even when empty: a curator that cannot resolve a claim marks it"})
	}
	var silent, declared []violation
	proposed := 0
	for i, p := range rep.Pruned {
		f := fmt.Sprintf("report.pruned[%d]", i)
		if strings.TrimSpace(p.Why) == "" {
			silent = append(silent, violation{Field: f + ".why", Description: "every removal says why"})
		}
		if strings.TrimSpace(p.WhereItWent) == "" {
			silent = append(silent, violation{Field: f + ".where_it_went", Description: "every removal says where it went"})
		}
		if p.Proposed {
			proposed++
		}
		if isDeclared(p, sectionTissue) && !p.Proposed {
			declared = append(declared, violation{Field: f + ".proposed", Description: fmt.Sprintf("%q is declared tissue: its removal can only be proposed", firstNonEmpty(p.Section, p.What))})
		}
	}
	if len(silent) > 0 {
		return SeatCheck{}, seatRefusal(RefuseSilentPrune, silent...)
	}
	if len(declared) > 0 {
		return SeatCheck{}, seatRefusal(RefuseDeclaredRemovalNotProposed, declared...)
	}
	return SeatCheck{Schema: SchemaSeatCheck, Verdict: "seated", Grader: grader, CuratedBy: rep.CuratedBy, Pruned: len(rep.Pruned), Proposed: proposed, StillStale: len(rep.StillStale)}, nil
}

func isDeclared(p Prune, sectionTissue func(string) (engine.Tissue, bool)) bool {
	if t, ok := engine.ParseTissue(strings.ToLower(strings.TrimSpace(p.Tissue))); ok {
		return t == engine.TissueDeclared
	}
	if p.Section == "" {
		return false
	}
	if sectionTissue != nil {
		if t, ok := sectionTissue(p.Section); ok {
			return t == engine.TissueDeclared
		}
	}
	t, ok := engine.DefaultHeadingTissue(p.Section)
	return ok && t == engine.TissueDeclared
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// VerifyCurator runs the seat check against the brain's soul and records the verdict as a receipt,
// refusals included: a refusal is a logged non-event, never a silent one.
func (o *Organ) VerifyCurator(ctx context.Context, actor principal.Principal, brain string, rep CuratorReport) (SeatCheck, *Receipt, error) {
	grader := actor.AgentID
	if grader == "" && actor.Owner() {
		grader = principal.OwnerName
	}
	var lookup func(string) (engine.Tissue, bool)
	if b, err := o.resolve(ctx, brain); err == nil {
		if rel, src, err := engine.LoadSoul(b.RepoRoot, b.SoulPath, o.maxBytes); err == nil {
			if soul, err := engine.Parse(rel, src, engine.ParseOptions{MaxBytes: o.maxBytes, Tissues: o.brainTissues(ctx, brain)}); err == nil {
				lookup = soul.SectionTissue
			}
		}
	} else if !isSoft(err) {
		return SeatCheck{}, nil, err
	}
	sc, serr := SeatCheckReport(grader, rep, lookup)
	r := Receipt{ID: o.ids.New("srcpt"), Brain: brain, Kind: ReceiptSeatCheck, At: o.clock.Now(), By: actor, Verdict: "seated"}
	if serr != nil {
		r.Verdict = string(refusal.ReasonOf(serr))
		r.Line = fmt.Sprintf("seat check: refused %s — report by %s graded by %s", r.Verdict, rep.CuratedBy, grader)
	} else {
		r.Line = fmt.Sprintf("seat check: seated — report by %s graded by %s · %d pruned · %d still stale", rep.CuratedBy, grader, sc.Pruned, sc.StillStale)
	}
	if err := o.store.AppendReceipt(ctx, r); err != nil {
		return SeatCheck{}, nil, err
	}
	if serr != nil {
		return SeatCheck{}, &r, serr
	}
	return sc, &r, nil
}

// isSoft marks resolution failures the seat check can proceed without (it then uses the heading map).
func isSoft(err error) bool {
	return refusal.ReasonOf(err) == RefuseRepoNotFound
}
