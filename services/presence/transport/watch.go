package transport

import (
	"io"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/refusal"
	"github.com/organism-dev/organism/services/presence/domain"
	"github.com/organism-dev/organism/services/presence/wire"
)

// watchBatch bounds one read of the log so a far-behind watcher catches up in steps.
const watchBatch = 256

// Watch streams events after the request's cursor (or from now) until the client goes away.
func (s *Server) Watch(req *presencev1.WatchRequest, stream presencev1.PresenceService_WatchServer) error {
	ctx := stream.Context()
	p, err := s.caller(ctx)
	if err != nil {
		return err
	}
	cursor := s.reg.Head()
	if req.AfterSeq != nil {
		cursor = req.GetAfterSeq()
		if cursor < 0 {
			return s.toStatus(ctx, refusal.Invalid(refusal.Violation{Field: "after_seq", Description: "must not be negative"}))
		}
	}
	for {
		page, err := s.reg.Events(ctx, p, req.GetBrain(), cursor, watchBatch)
		if err != nil {
			return s.toStatus(ctx, err)
		}
		for _, e := range page.Events {
			if err := stream.Send(wire.Event(e)); err != nil {
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
		case <-s.reg.Stopping():
			return s.toStatus(ctx, domain.ErrShuttingDown)
		case <-page.Changed:
		}
	}
}

// Beats acknowledges each beat of the stream in order; the credential was verified once, when
// the stream opened, which is what makes it the cheap path for sidecars.
func (s *Server) Beats(stream presencev1.PresenceService_BeatsServer) error {
	ctx := stream.Context()
	p, err := s.caller(ctx)
	if err != nil {
		return err
	}
	for {
		req, err := stream.Recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		rec, err := s.reg.Beat(p, req.GetPresenceId())
		if err != nil {
			return s.toStatus(ctx, err)
		}
		ack := wire.BeatAck(rec)
		if req.GetIncludeCollisions() {
			// A sidecar asks for them on every beat, so a collision a peer started reaches it
			// within one beat interval without a second stream.
			cols, err := s.reg.CollisionsOf(p, rec.ID)
			if err != nil {
				return s.toStatus(ctx, err)
			}
			ack.Collisions = wire.Collisions(cols)
		}
		if err := stream.Send(ack); err != nil {
			return err
		}
	}
}
