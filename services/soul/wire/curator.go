package wire

import (
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
)

// CuratorFromProto reads a curator's report. A still_stale message that is present but empty
// is kept apart from an absent one: the seat check refuses the absent valve.
func CuratorFromProto(p *soulv1.CuratorReport) domain.CuratorReport {
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

// SeatCheckResponse renders a passed seat check and its receipt.
func SeatCheckResponse(sc domain.SeatCheck, rcpt *domain.Receipt) *soulv1.VerifyCuratorReportResponse {
	return &soulv1.VerifyCuratorReportResponse{Schema: sc.Schema, Verdict: sc.Verdict, Grader: sc.Grader, CuratedBy: sc.CuratedBy,
		Pruned: int32(sc.Pruned), Proposed: int32(sc.Proposed), StillStale: int32(sc.StillStale), Receipt: ReceiptToProto(rcpt)}
}
