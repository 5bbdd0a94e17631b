package transport

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/refusal"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/wire"
)

// securityReceipts pages the security ledger for the owner, with each refusal receipt's count.
// No other caller reads it: it names callers and refusals from across the deployment.
func (s *Server) securityReceipts(ctx context.Context, req *soulv1.ListReceiptsRequest) (*soulv1.ListReceiptsResponse, error) {
	p, err := auth.PrincipalFrom(ctx)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	if !p.Owner() {
		return nil, s.toStatus(ctx, refusal.Field(domain.RefuseOwnerOnly, "brain", "only the owner reads the security ledger"))
	}
	rs, next, err := s.organ.ListReceipts(ctx, domain.SecurityLedger, int(req.GetPage().GetPageSize()), req.GetPage().GetPageToken())
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out := wire.ReceiptsResponse(rs, next)
	if s.door == nil || len(rs) == 0 {
		return out, nil
	}
	ids := make([]string, len(rs))
	for i := range rs {
		ids[i] = rs[i].ID
	}
	reps, err := s.door.Ledger.RefusalRepeats(ctx, ids)
	if err != nil {
		return nil, s.toStatus(ctx, err)
	}
	out.Repeats = make(map[string]*soulv1.RefusalRepeats, len(reps))
	for id, r := range reps {
		out.Repeats[id] = &soulv1.RefusalRepeats{Count: r.Count, LastAt: timestamppb.New(r.LastAt)}
	}
	return out, nil
}
