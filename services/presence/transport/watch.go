package transport

import (
	"io"

	"google.golang.org/grpc/codes"

	"google.golang.org/protobuf/types/known/timestamppb"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/rpcstatus"
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
			return rpcstatus.Invalid(ErrorDomain, rpcstatus.Violation{Field: "after_seq", Description: "must not be negative"})
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
		case <-s.reg.Stopping():
			return rpcstatus.New(codes.Unavailable, ErrorDomain, reason(presencev1.PresenceReason_PRESENCE_REASON_SHUTTING_DOWN),
				"presence is shutting down; watch again after the last seq you saw")
		case <-page.Changed:
		}
	}
}

// Beats acknowledges each beat of the stream in order; the credential was verified once, when
// the stream opened, which is what makes it the cheap path for sidecars.
func (s *Server) Beats(stream presencev1.PresenceService_BeatsServer) error {
	ctx := stream.Context()
	c, err := caller(ctx)
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
		rec, err := s.reg.Beat(c, req.GetPresenceId())
		if err != nil {
			return s.toStatus(ctx, err)
		}
		if err := stream.Send(&presencev1.BeatsResponse{PresenceId: rec.ID,
			LastBeat: timestamppb.New(rec.LastBeat), ExpiresAt: timestamppb.New(rec.ExpiresAt())}); err != nil {
			return err
		}
	}
}
