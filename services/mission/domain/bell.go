package domain

import (
	"github.com/organism-dev/organism/platform/principal"

	"context"
	"time"
)

const eventBatch = 256

// WatchBoard streams the board of brain (the caller's own when empty; every brain for the owner)
// after cursor, then follows it live. The bell: a RING when a head enters merge_wait, a
// REMINDER each ReminderInterval it keeps waiting, a SILENCE when it lands or fails. Reminders
// are computed, not stored, and carry the newest stored cursor so a resumed stream skips nothing.
func (s *Service) WatchBoard(ctx context.Context, a principal.Principal, brain string, cursor int64, send func(BoardEvent) error) error {
	if brain == "" {
		brain = a.Brain
	}
	if brain != "" && !MayUse(a, brain) {
		return foreign(a, brain)
	}
	if brain == "" && !mayWatchAll(a) {
		return foreign(a, brain)
	}
	// lastRang is when each waiting head last rang or reminded, per the injected clock.
	lastRang := map[string]time.Time{}
	waiting, err := s.o.Store.Missions(ctx, MissionFilter{Brain: brain, Phases: []Phase{PhaseMergeWait}, Limit: MaxPageSize})
	if err != nil {
		return err
	}
	for _, m := range waiting {
		lastRang[m.MissionID] = m.UpdatedAt
	}
	// The bell polls on the organ's clock, the same clock its reminder interval is read on.
	tick := s.o.Clock.NewTicker(s.o.BellPoll)
	defer tick.Stop()
	for {
		changed := s.change.wait()
		for {
			// A long backlog is sent batch by batch; a stopping server ends it between
			// batches rather than after the last one.
			select {
			case <-s.stopping:
				return errShuttingDown(resumeBoard)
			default:
			}
			evs, err := s.o.Store.Events(ctx, brain, cursor, eventBatch)
			if err != nil {
				return err
			}
			for _, ev := range evs {
				switch ev.Kind {
				case EventRing:
					lastRang[ev.MissionID] = ev.At
				case EventSilence:
					delete(lastRang, ev.MissionID)
				}
				if err := send(ev); err != nil {
					return err
				}
				cursor = ev.Cursor
			}
			if len(evs) < eventBatch {
				break
			}
		}
		now := s.o.Clock.Now()
		for id, at := range lastRang {
			if now.Sub(at) < s.o.ReminderInterval {
				continue
			}
			m, err := s.mission(ctx, id)
			if err != nil {
				return err
			}
			if m.Phase != PhaseMergeWait {
				delete(lastRang, id)
				continue
			}
			lastRang[id] = now
			ev := BoardEvent{Cursor: cursor, Kind: EventReminder, MissionID: id, Brain: m.Brain, Seq: m.HeadSeq,
				From: PhaseMergeWait, To: PhaseMergeWait, At: now}
			if err := send(ev); err != nil {
				return err
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-s.stopping:
			return errShuttingDown(resumeBoard)
		case <-changed:
		case <-tick.C():
		}
	}
}
