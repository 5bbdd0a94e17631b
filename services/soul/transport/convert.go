package transport

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
)

type commonReceipt = commonv1.CommitReceipt

// ReportToProto renders the honesty report; the offline CLI renders through it too, so both speak one schema.
func ReportToProto(r *domain.Report) *soulv1.SoulCheckReport {
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
		Enxuto:      &soulv1.Enxuto{LiveLines: int32(r.Enxuto.LiveLines), Budget: int32(r.Enxuto.Budget), Addenda: int32(r.Enxuto.Addenda), OverBudget: r.Enxuto.OverBudget},
		ReceiptLine: r.ReceiptLine,
		SoulLag:     &soulv1.SoulLag{Known: r.Lag.Known, CommitsBehindHead: int32(r.Lag.CommitsBehindHead), LastSoulTouch: r.Lag.LastSoulTouch},
		Truncated:   r.Truncated,
	}
	if !r.Lag.LastSoulTouchAt.IsZero() {
		out.SoulLag.LastSoulTouchAt = timestamppb.New(r.Lag.LastSoulTouchAt)
	}
	for _, s := range r.Stale {
		out.Stale = append(out.Stale, &soulv1.StaleRow{Claim: s.Claim, Section: s.Section, Line: int32(s.Line), State: string(s.State), Reason: s.Reason, Anchor: s.Anchor, Detail: s.Detail})
	}
	for _, s := range r.ChecksSkipped {
		out.ChecksSkipped = append(out.ChecksSkipped, &soulv1.SkippedCheck{CheckClass: string(s.Class), Why: s.Why})
	}
	for _, c := range r.Claims {
		pc := &soulv1.SoulClaim{Index: int32(c.Claim.Index), Section: c.Section, Kind: string(c.Claim.Kind), Text: c.Claim.Text,
			StartLine: int32(c.Claim.StartLine), EndLine: int32(c.Claim.EndLine), Tissue: c.Claim.Tissue.String(), State: string(c.State), Reason: c.Reason, Detail: c.Detail}
		anchors := c.Anchors
		if len(anchors) == 0 {
			for _, a := range c.Claim.Anchors {
				anchors = append(anchors, domain.AnchorResult{Anchor: a})
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

func statesToProto(s domain.ByState) *soulv1.StateCounts {
	return &soulv1.StateCounts{VerifiedFresh: int32(s.Fresh), EvidenceStale: int32(s.Stale), Superseded: int32(s.Superseded), ReceiptRequired: int32(s.ReceiptRequired), UnprovableNow: int32(s.UnprovableNow)}
}

// ReceiptToProto renders a stored receipt; nil stays nil.
func ReceiptToProto(r *domain.Receipt) *soulv1.SoulReceipt {
	if r == nil {
		return nil
	}
	origin := commonv1.Origin_ORIGIN_UNSPECIFIED
	switch r.By.Origin {
	case "agent":
		origin = commonv1.Origin_ORIGIN_AGENT
	case "human-ui":
		origin = commonv1.Origin_ORIGIN_HUMAN_UI
	case "human-cli":
		origin = commonv1.Origin_ORIGIN_HUMAN_CLI
	case "service":
		origin = commonv1.Origin_ORIGIN_SERVICE
	case "peer":
		origin = commonv1.Origin_ORIGIN_PEER
	}
	return &soulv1.SoulReceipt{ReceiptId: r.ID, Brain: r.Brain, Kind: r.Kind, At: timestamppb.New(r.At), ReceiptLine: r.Line, RepoSha: r.RepoSHA,
		SoulPath: r.SoulPath, ByState: statesToProto(r.ByState), Declared: int32(r.Declared), Verdict: r.Verdict,
		By: &commonv1.AgentRef{AgentId: r.By.AgentID, Seat: r.By.Seat, Brain: r.By.Brain, Origin: origin}}
}

func curatorFromProto(p *soulv1.CuratorReport) domain.CuratorReport {
	r := domain.CuratorReport{CuratedBy: p.GetCuratedBy(), Checked: int(p.GetChecked()), Updated: int(p.GetUpdated()), ReceiptLine: p.GetReceiptLine(), StillStaleGiven: p.GetStillStale() != nil}
	for _, x := range p.GetPruned() {
		r.Pruned = append(r.Pruned, domain.Prune{What: x.GetWhat(), Why: x.GetWhy(), WhereItWent: x.GetWhereItWent(), Section: x.GetSection(), Tissue: x.GetTissue(), Proposed: x.GetProposed()})
	}
	for _, x := range p.GetDeclined() {
		r.Declined = append(r.Declined, domain.Declined{Claim: x.GetClaim(), Why: x.GetWhy()})
	}
	for _, x := range p.GetStillStale().GetItems() {
		r.StillStale = append(r.StillStale, domain.StillStale{Claim: x.GetClaim(), Reason: x.GetReason()})
	}
	return r
}

func pageOf(next string) *commonv1.PageResponse { return &commonv1.PageResponse{NextPageToken: next} }
