// Package wire converts between presence's proto messages and its domain types; transport,
// the CLI and any other in-organ user convert through it and nowhere else.
package wire

import (
	"encoding/base64"
	"errors"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/services/presence/domain"
)

// Intent is the wire intent of a domain intent.
func Intent(i domain.Intent) presencev1.Intent {
	switch i {
	case domain.IntentRead:
		return presencev1.Intent_INTENT_READ
	case domain.IntentMutate:
		return presencev1.Intent_INTENT_MUTATE
	}
	return presencev1.Intent_INTENT_UNSPECIFIED
}

// IntentOf is the domain intent of a wire intent; unspecified becomes "", which the domain refuses.
func IntentOf(i presencev1.Intent) domain.Intent {
	switch i {
	case presencev1.Intent_INTENT_READ:
		return domain.IntentRead
	case presencev1.Intent_INTENT_MUTATE:
		return domain.IntentMutate
	}
	return ""
}

// RegisterInput is the untrusted register request in domain terms (the caller's identity is
// not part of it: it comes from the credential).
func RegisterInput(req *presencev1.RegisterRequest) domain.RegisterInput {
	return domain.RegisterInput{
		ID: req.GetPresenceId(), Brain: req.GetBrain(), Kind: req.GetKind(), Theme: req.GetTheme(),
		Intent: IntentOf(req.GetIntent()), WorkingSet: req.GetWorkingSet(), Worktree: req.GetWorktree(),
		TTL:     time.Duration(req.GetTtlSeconds()) * time.Second,
		Changes: ChangesOf(req.GetChanges()), Base: req.GetBase(),
	}
}

// ChangesOf is the domain form of wire file changes.
func ChangesOf(cs []*presencev1.FileChange) []domain.FileChange {
	if len(cs) == 0 {
		return nil
	}
	out := make([]domain.FileChange, len(cs))
	for i, c := range cs {
		out[i] = domain.FileChange{Path: c.GetPath(), Binary: c.GetBinary()}
		if hs := c.GetHunks(); len(hs) > 0 {
			out[i].Hunks = make([]domain.Hunk, len(hs))
			for j, h := range hs {
				out[i].Hunks[j] = domain.Hunk{Start: h.GetStart(), Count: h.GetCount()}
			}
		}
	}
	return out
}

// Changes is the wire form of domain file changes.
func Changes(cs []domain.FileChange) []*presencev1.FileChange {
	if len(cs) == 0 {
		return nil
	}
	out := make([]*presencev1.FileChange, len(cs))
	for i, c := range cs {
		out[i] = &presencev1.FileChange{Path: c.Path, Binary: c.Binary}
		if len(c.Hunks) > 0 {
			hs := make([]presencev1.Hunk, len(c.Hunks))
			out[i].Hunks = make([]*presencev1.Hunk, len(c.Hunks))
			for j, h := range c.Hunks {
				hs[j].Start, hs[j].Count = h.Start, h.Count
				out[i].Hunks[j] = &hs[j]
			}
		}
	}
	return out
}

// Heat is the wire heat of a domain heat.
func Heat(h domain.Heat) presencev1.Heat {
	switch h {
	case domain.HeatSoft:
		return presencev1.Heat_HEAT_SOFT
	case domain.HeatHot:
		return presencev1.Heat_HEAT_HOT
	}
	return presencev1.Heat_HEAT_UNSPECIFIED
}

// Presence builds the wire row. It answers every beat, so its four timestamps share one
// allocation.
func Presence(r domain.Record, cols []domain.Collision) *presencev1.Presence {
	ts := new([4]timestamppb.Timestamp)
	stamp := func(i int, t time.Time) *timestamppb.Timestamp {
		ts[i].Seconds, ts[i].Nanos = t.Unix(), int32(t.Nanosecond())
		return &ts[i]
	}
	return &presencev1.Presence{
		PresenceId: r.ID, AgentId: r.AgentID, Brain: r.Brain, Kind: string(r.Kind), Theme: r.Theme,
		Intent: Intent(r.Intent), WorkingSet: r.WorkingSet.Canons(), Worktree: r.Worktree,
		StartedAt: stamp(0, r.StartedAt), LastBeat: stamp(1, r.LastBeat),
		TtlSeconds: int32(r.TTL.Seconds()), ExpiresAt: stamp(2, r.ExpiresAt()),
		UpdatedAt: stamp(3, r.UpdatedAt), Collisions: Collisions(cols),
		Changes: Changes(r.Changes), Base: r.Base,
	}
}

// BeatAck is the Beats stream's answer to one beat.
func BeatAck(r domain.Record) *presencev1.BeatsResponse {
	return &presencev1.BeatsResponse{PresenceId: r.ID, LastBeat: timestamppb.New(r.LastBeat), ExpiresAt: timestamppb.New(r.ExpiresAt())}
}

// Ref is the wire reference of one side of a collision.
func Ref(r *domain.Ref) *presencev1.PresenceRef {
	return &presencev1.PresenceRef{PresenceId: r.ID, AgentId: r.AgentID, Kind: string(r.Kind), Theme: r.Theme, Worktree: r.Worktree}
}

// Collisions converts a list of pairs. A page holds up to a thousand pairs over far fewer
// presences, so each presence's reference is built once and shared by its pairs, and the
// pairs and overlaps are carved from two allocations instead of one each.
func Collisions(cols []domain.Collision) []*presencev1.Collision {
	if len(cols) == 0 {
		return nil
	}
	n := 0
	for i := range cols {
		n += len(cols[i].Overlaps)
	}
	pairs := make([]presencev1.Collision, len(cols))
	overlaps := make([]presencev1.Overlap, n)
	overlapPtrs := make([]*presencev1.Overlap, n)
	refs := make(map[*domain.Ref]*presencev1.PresenceRef, len(cols))
	ref := func(r *domain.Ref) *presencev1.PresenceRef {
		w, ok := refs[r]
		if !ok {
			w = Ref(r)
			refs[r] = w
		}
		return w
	}
	out := make([]*presencev1.Collision, len(cols))
	k := 0
	for i := range cols {
		c := &cols[i]
		pc := &pairs[i]
		pc.Brain, pc.A, pc.B, pc.Heat = c.Brain, ref(c.A), ref(c.B), Heat(c.Heat)
		from := k
		for _, o := range c.Overlaps {
			overlaps[k].A, overlaps[k].B, overlaps[k].Heat = o.A, o.B, Heat(o.Heat)
			overlapPtrs[k] = &overlaps[k]
			k++
		}
		pc.Overlaps = overlapPtrs[from:k:k]
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

// Event is one entry of the watch stream.
func Event(e domain.Event) *presencev1.WatchResponse {
	out := &presencev1.WatchResponse{Seq: e.Seq, At: timestamppb.New(e.At), Type: eventTypes[e.Type], Brain: e.Brain}
	if e.Collision != nil {
		out.Collision = Collisions([]domain.Collision{*e.Collision})[0]
	} else {
		out.Presence = Presence(e.Presence, nil)
	}
	return out
}

// pairTokenPrefix versions the collision page token, so a later format can tell old tokens apart.
const pairTokenPrefix = "p1:"

// ErrPageToken says a collision page token is not one this service issued.
var ErrPageToken = errors.New("is not a token this service issued")

// PairToken is the opaque next_page_token of a collision page: the last pair it held. The zero
// cursor (the end) is the empty token.
func PairToken(c domain.PairCursor) string {
	if c.IsZero() {
		return ""
	}
	return base64.RawURLEncoding.EncodeToString([]byte(pairTokenPrefix + c.A + ":" + c.B))
}

// ParsePairToken reads a page_token; the empty token is the start.
func ParsePairToken(s string) (domain.PairCursor, error) {
	if s == "" {
		return domain.PairCursor{}, nil
	}
	if len(s) > 64 {
		return domain.PairCursor{}, ErrPageToken
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return domain.PairCursor{}, ErrPageToken
	}
	rest, ok := strings.CutPrefix(string(raw), pairTokenPrefix)
	if !ok {
		return domain.PairCursor{}, ErrPageToken
	}
	a, b, ok := strings.Cut(rest, ":")
	if !ok || !domain.ValidID(a) || !domain.ValidID(b) {
		return domain.PairCursor{}, ErrPageToken
	}
	return domain.PairCursor{A: a, B: b}, nil
}
