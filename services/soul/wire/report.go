// Package wire is the soul's one place where protobuf messages and domain values meet: the
// transport, the client of medulla and the CLI all convert through it, so the report the
// server answers and the report the offline CLI prints are one schema.
package wire

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/engine"
)

// ReportToProto renders the honesty report (m1nd-soul-check-v0); nil stays nil.
func ReportToProto(r *engine.Report) *soulv1.SoulCheckReport {
	if r == nil {
		return nil
	}
	out := &soulv1.SoulCheckReport{
		Schema: r.Schema, Brain: r.Brain, SoulPath: r.SoulPath, Headline: r.Headline,
		CheckedAt: timestamppb.New(r.CheckedAt), CheckedAtMs: r.CheckedAt.UnixMilli(),
		RepoSha: r.RepoSHA, SoulSha256: r.SoulSHA256,
		Claims:      &soulv1.ClaimTotals{Total: int32(r.Totals.Total), Verifiable: int32(r.Totals.Verifiable), Declared: int32(r.Totals.Declared), History: int32(r.Totals.History)},
		ByState:     statesToProto(r.ByState),
		Unanchored:  int32(r.Unanchored),
		AgedOut:     int32(r.AgedOut),
		Enxuto:      &soulv1.Enxuto{LiveLines: int32(r.Enxuto.LiveLines), Budget: int32(r.Enxuto.Budget), Addenda: int32(r.Enxuto.Addenda), OverBudget: r.Enxuto.OverBudget},
		ReceiptLine: r.ReceiptLine,
		SoulLag:     &soulv1.SoulLag{Known: r.Lag.Known, CommitsBehindHead: int32(r.Lag.CommitsBehindHead), LastSoulTouch: r.Lag.LastSoulTouch},
		Truncated:   r.Truncated,
		Ignored:     int32(r.Ignored),
		SoulTissue:  r.SoulTissue,
	}
	if !r.Lag.LastSoulTouchAt.IsZero() {
		out.SoulLag.LastSoulTouchAt = timestamppb.New(r.Lag.LastSoulTouchAt)
	}
	for _, s := range r.Stale {
		out.Stale = append(out.Stale, &soulv1.StaleRow{Claim: s.Claim, Section: s.Section, Line: int32(s.Line), State: string(s.State), Reason: s.Reason, Anchor: s.Anchor, Detail: s.Detail, Kind: string(s.Kind)})
	}
	for _, s := range r.ChecksSkipped {
		out.ChecksSkipped = append(out.ChecksSkipped, &soulv1.SkippedCheck{CheckClass: string(s.Class), Why: s.Why})
	}
	for _, c := range r.Claims {
		pc := &soulv1.SoulClaim{Index: int32(c.Claim.Index), Section: c.Section, Kind: string(c.Claim.Kind), Text: c.Claim.Text,
			StartLine: int32(c.Claim.StartLine), EndLine: int32(c.Claim.EndLine), Tissue: c.Claim.Tissue.String(), State: string(c.State), Reason: c.Reason, Detail: c.Detail}
		anchors := c.Anchors
		if len(anchors) == 0 {
			// a claim that was never verified (declared, history) still shows what it cites
			for _, a := range c.Claim.Anchors {
				anchors = append(anchors, engine.AnchorResult{Anchor: a})
			}
		}
		for _, a := range anchors {
			pc.Anchors = append(pc.Anchors, &soulv1.ClaimAnchor{Kind: string(a.Anchor.Kind), Ref: a.Anchor.Ref, Line: int32(a.Anchor.Line),
				CheckClass: string(a.Anchor.Kind.Class()), Status: string(a.Status), Reason: a.Reason, Detail: a.Detail})
		}
		out.ClaimRows = append(out.ClaimRows, pc)
	}
	return out
}

func statesToProto(s engine.ByState) *soulv1.StateCounts {
	return &soulv1.StateCounts{VerifiedFresh: int32(s.Fresh), EvidenceStale: int32(s.Stale), Superseded: int32(s.Superseded), ReceiptRequired: int32(s.ReceiptRequired), UnprovableNow: int32(s.UnprovableNow)}
}

// ReceiptToProto renders a stored soul receipt; nil stays nil.
func ReceiptToProto(r *domain.Receipt) *soulv1.SoulReceipt {
	if r == nil {
		return nil
	}
	by := AgentRef(r.By)
	if by == nil {
		by = &commonv1.AgentRef{} // a soul receipt always names who acted, even when nothing is known
	}
	verifiable, unanchored := r.Counts()
	_, staleRows := r.WorstOffenders()
	return &soulv1.SoulReceipt{StaleRows: int32(staleRows), ReceiptId: r.ID, Brain: r.Brain, Kind: r.Kind, At: timestamppb.New(r.At), ReceiptLine: r.Line, RepoSha: r.RepoSHA,
		SoulPath: r.SoulPath, ByState: statesToProto(r.ByState), Declared: int32(r.Declared), Verdict: r.Verdict, By: by,
		Verifiable: int32(verifiable), Unanchored: int32(unanchored), AgedOut: int32(r.AgedOutCount()), WorstOffenders: offendersToProto(r)}
}

// offendersToProto reads back the stale rows a check receipt stored (worst_offenders, stale_rows).
func offendersToProto(r *domain.Receipt) []*soulv1.StaleRow {
	rows, _ := r.WorstOffenders()
	out := make([]*soulv1.StaleRow, 0, len(rows))
	for _, s := range rows {
		out = append(out, &soulv1.StaleRow{Claim: s.Claim, Section: s.Section, Line: int32(s.Line), State: s.State, Reason: s.Reason, Anchor: s.Anchor, Detail: s.Detail, Kind: string(domain.RowKind(s))})
	}
	return out
}

// CheckResponse renders a check and the receipt stored for it (nil on a dry run).
func CheckResponse(rep *engine.Report, rcpt *domain.Receipt) *soulv1.CheckSoulResponse {
	return &soulv1.CheckSoulResponse{Report: ReportToProto(rep), Receipt: ReceiptToProto(rcpt)}
}

// ReadResponse renders a soul read of brain.
func ReadResponse(brain string, res domain.ReadResult) *soulv1.ReadSoulResponse {
	return &soulv1.ReadSoulResponse{Brain: brain, SoulPath: res.SoulPath, Headline: res.Headline, Markdown: res.Markdown, LastReceipt: ReceiptToProto(res.LastReceipt)}
}

// ReceiptsResponse renders one page of receipts; an empty next token is the end.
func ReceiptsResponse(rs []domain.Receipt, next string) *soulv1.ListReceiptsResponse {
	out := &soulv1.ListReceiptsResponse{Page: pageOf(next)}
	for i := range rs {
		out.Receipts = append(out.Receipts, ReceiptToProto(&rs[i]))
	}
	return out
}

// NorthResponse renders the soul beat; Soul is absent when the brain has no soul.
func NorthResponse(res domain.NorthResult) *soulv1.NorthAtomResponse {
	out := &soulv1.NorthAtomResponse{HonestGaps: res.Gaps}
	if res.Atom != nil {
		out.Soul = &soulv1.SoulAtom{Headline: res.Atom.Headline, Receipt: res.Atom.Receipt, Read: res.Atom.Read}
	}
	return out
}

// SetTissuesResponse renders a stored tissue map and the receipt of the change.
func SetTissuesResponse(brain string, stored map[string]string, rcpt *domain.Receipt) *soulv1.SetTissuesResponse {
	return &soulv1.SetTissuesResponse{Brain: brain, Tissues: stored, Receipt: ReceiptToProto(rcpt)}
}
