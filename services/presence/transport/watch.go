package transport

import (
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/refusal"
)

// watchBatch bounds one read of the log so a far-behind watcher catches up in steps.
const watchBatch = 256

// Watch streams events after the request's cursor (or from now) until the client goes away.
func (s *Server) Watch(req *presencev1.WatchRequest, stream presencev1.PresenceService_WatchServer) error {
	ctx := stream.Context()
	c, err := caller(ctx)
	if err != nil {
		return err
	}
	cursor := s.reg.Head()
	if req.AfterSeq != nil {
		cursor = req.GetAfterSeq()
		if cursor < 0 {
			return refusal.Invalid(ErrorDomain, refusal.Violation{Field: "after_seq", Description: "must not be negative"})
		}
	}
	for {
		page, err := s.reg.Events(ctx, c, req.GetBrain(), cursor, watchBatch)
		if err != nil {
			return s.toStatus(ctx, err)
		}
		for _, e := range page.Events {
			if err := stream.Send(toEvent(e)); err != nil {
				return err
			}
		}
		if page.Through > cursor {
			cursor = page.Through
		}
		if len(page.Events) == watchBatch {
			continue
		}
		select {
		case <-ctx.Done():
			return nil
		case <-page.Changed:
		}
	}
}
