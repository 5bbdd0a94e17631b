package transport

import (
	"context"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/wire"
)

const defaultReceiptPage = 100

// ListReceipts answers one page of a ledger, newest first. It reads one receipt more than the
// page holds, so the empty token means the end and never a page that happened to be full.
func (s *Server) ListReceipts(ctx context.Context, req *presencev1.ListReceiptsRequest) (*presencev1.ListReceiptsResponse, error) {
	p, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	var bad []refusal.Violation
	size := int(req.GetPage().GetPageSize())
	switch {
	case size < 0 || size > maxPageSize:
		bad = append(bad, refusal.Violation{Field: "page.page_size", Description: "must be between 0 and 1000"})
	case size == 0:
		size = defaultReceiptPage
	}
	before, err := wire.ParseReceiptToken(req.GetPage().GetPageToken())
	if err != nil {
		bad = append(bad, refusal.Violation{Field: "page.page_token", Description: err.Error()})
	}
	if len(bad) > 0 {
		return nil, s.toStatus(ctx, refusal.Invalid(bad...))
	}
	rs, err := s.reg.Receipts(ctx, p, req.GetBrain(), before, size+1)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := &presencev1.ListReceiptsResponse{Page: &commonv1.PageResponse{}}
	if len(rs) > size {
		rs = rs[:size]
		out.Page.NextPageToken = wire.ReceiptToken(rs[size-1].Seq)
	}
	for _, r := range rs {
		out.Receipts = append(out.Receipts, wire.Receipt(r))
		if r.Kind == domain.ReceiptRejection {
			if out.Repeats == nil {
				out.Repeats = map[string]*presencev1.RefusalRepeats{}
			}
			out.Repeats[r.ID] = wire.Repeats(r)
		}
	}
	return out, nil
}
