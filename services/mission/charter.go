package mission

import (
	"context"
	"log/slog"
	"time"

	"github.com/organism-dev/organism/platform/clock"
)

// sweepCharter screens the unread field reports every period of the organ's clock, as the
// mission service. A report is screened once however many sweeps run (this loop, the owner's
// on-demand sweep, another process on the same database), so overlapping them is safe.
func (s *Service) sweepCharter(ctx context.Context, clk clock.Clock, every time.Duration, log *slog.Logger) {
	defer s.wg.Done()
	clock.Loop(ctx, clk, every, func(ctx context.Context) {
		res, err := s.Domain.Sweep(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("charter sweep", "err", err)
		}
		if len(res.Screened) > 0 {
			log.Info("charter sweep", "chartered", res.Chartered, "refused", res.Refused)
		}
	})
}
