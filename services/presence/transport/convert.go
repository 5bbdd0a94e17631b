package transport

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/services/presence/domain"
)

func toIntent(i domain.Intent) presencev1.Intent {
	switch i {
	case domain.IntentRead:
		return presencev1.Intent_INTENT_READ
	case domain.IntentMutate:
		return presencev1.Intent_INTENT_MUTATE
	}
	return presencev1.Intent_INTENT_UNSPECIFIED
}

// toPresence builds the wire row. It answers every beat, so its four timestamps share one
// allocation.
func toPresence(r domain.Record, cols []domain.Collision) *presencev1.Presence {
	ts := new([4]timestamppb.Timestamp)
	stamp := func(i int, t time.Time) *timestamppb.Timestamp {
		ts[i].Seconds, ts[i].Nanos = t.Unix(), int32(t.Nanosecond())
		return &ts[i]
	}
	return &presencev1.Presence{
		PresenceId: r.ID, AgentId: r.AgentID, Brain: r.Brain, Kind: string(r.Kind), Theme: r.Theme,
		Intent: toIntent(r.Intent), WorkingSet: r.WorkingSet.Canons(), Worktree: r.Worktree,
		StartedAt: stamp(0, r.StartedAt), LastBeat: stamp(1, r.LastBeat),
		TtlSeconds: int32(r.TTL.Seconds()), ExpiresAt: stamp(2, r.ExpiresAt()),
		UpdatedAt: stamp(3, r.UpdatedAt), Collisions: toCollisions(cols),
	}
}

func toRef(r *domain.Ref) *presencev1.PresenceRef {
	return &presencev1.PresenceRef{PresenceId: r.ID, AgentId: r.AgentID, Kind: string(r.Kind), Theme: r.Theme, Worktree: r.Worktree}
}

func toCollisions(cols []domain.Collision) []*presencev1.Collision {
	if len(cols) == 0 {
		return nil
	}
	out := make([]*presencev1.Collision, len(cols))
	for i, c := range cols {
		pc := &presencev1.Collision{Brain: c.Brain, A: toRef(c.A), B: toRef(c.B)}
		for _, o := range c.Overlaps {
			pc.Overlaps = append(pc.Overlaps, &presencev1.Overlap{A: o.A, B: o.B})
		}
		out[i] = pc
	}
	return out
}

var eventTypes = map[domain.EventType]presencev1.EventType{
	domain.EventJoined:         presencev1.EventType_EVENT_TYPE_JOINED,
	domain.EventUpdated:        presencev1.EventType_EVENT_TYPE_UPDATED,
	domain.EventBeatMissed:     presencev1.EventType_EVENT_TYPE_BEAT_MISSED,
	domain.EventLeft:           presencev1.EventType_EVENT_TYPE_LEFT,
	domain.EventExpired:        presencev1.EventType_EVENT_TYPE_EXPIRED,
	domain.EventCollisionBegan: presencev1.EventType_EVENT_TYPE_COLLISION_BEGAN,
	domain.EventCollisionEnded: presencev1.EventType_EVENT_TYPE_COLLISION_ENDED,
}

func toEvent(e domain.Event) *presencev1.WatchResponse {
	out := &presencev1.WatchResponse{Seq: e.Seq, At: timestamppb.New(e.At), Type: eventTypes[e.Type], Brain: e.Brain}
	if e.Collision != nil {
		out.Collision = toCollisions([]domain.Collision{*e.Collision})[0]
	} else {
		out.Presence = toPresence(e.Presence, nil)
	}
	return out
}
