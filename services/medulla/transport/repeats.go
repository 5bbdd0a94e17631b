package transport

import (
	"strconv"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
)

// addRepeats puts a coalesced rejection receipt's count on the page: the common rejection
// receipt has no field for it, so the response carries it by receipt id (domain/security.go).
func addRepeats(out *medullav1.ListReceiptsResponse, r domain.Receipt) {
	if r.Kind != domain.ReceiptRejection || r.Details[domain.DetailCount] == "" {
		return
	}
	n, err := strconv.ParseInt(r.Details[domain.DetailCount], 10, 64)
	if err != nil || n < 1 {
		return
	}
	rep := &medullav1.RefusalRepeats{Count: n, LastAt: timestamppb.New(r.At)}
	if t, err := time.Parse(time.RFC3339Nano, r.Details[domain.DetailLastAt]); err == nil {
		rep.LastAt = timestamppb.New(t)
	}
	if out.Repeats == nil {
		out.Repeats = map[string]*medullav1.RefusalRepeats{}
	}
	out.Repeats[r.ID] = rep
}
