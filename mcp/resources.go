package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/organism-dev/organism/proto/organism/common/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// Resource URIs. A brain's resources live under organism://brain/{brain}/, a mission chain under
// organism://mission/{id}.
const (
	scheme        = "organism://"
	brainPrefix   = scheme + "brain/"
	missionPrefix = scheme + "mission/"
)

// BrainURI is the URI of one of a brain's resources: soul, north, roster, collisions, board.
func BrainURI(brain, what string) string { return brainPrefix + brain + "/" + what }

// MissionURI is the URI of a mission chain.
func MissionURI(id string) string { return missionPrefix + id }

// brainResources are the per-brain resources: what each is and whether it can be subscribed.
var brainResources = []struct{ what, desc string }{
	{"soul", "The brain's soul (markdown) with its last soul receipt."},
	{"north", "The brain's north atom: headline, last receipt line, honest gaps."},
	{"roster", "Live sessions of the brain (first page). Subscribe: updated when a session joins, changes, leaves or expires."},
	{"collisions", "Collisions between live sessions (first page). Subscribe: updated when one begins or ends."},
	{"board", "The mission board (first page). Subscribe: updated on every new letter and every bell."},
}

// maxChainLetters bounds a mission resource; the mission_show tool pages the rest.
const maxChainLetters = 100

func (ss *session) addResources() {
	for _, r := range brainResources {
		ss.server.AddResourceTemplate(&sdk.ResourceTemplate{
			Name: "brain-" + r.what, URITemplate: brainPrefix + "{brain}/" + r.what, Description: r.desc, MIMEType: "application/json",
		}, ss.readResource)
	}
	ss.server.AddResourceTemplate(&sdk.ResourceTemplate{
		Name: "mission", URITemplate: missionPrefix + "{mission_id}", MIMEType: "application/json",
		Description: "A mission chain: the mission, its head and candidate, and its first letters. Subscribe: updated on every letter and bell of it.",
	}, ss.readResource)
}

// parseURI splits a resource URI into (brain, what) or (mission id).
func parseURI(uri string) (brain, what, mission string, ok bool) {
	switch {
	case strings.HasPrefix(uri, brainPrefix):
		b, w, found := strings.Cut(strings.TrimPrefix(uri, brainPrefix), "/")
		if !found || b == "" {
			return "", "", "", false
		}
		for _, r := range brainResources {
			if r.what == w {
				return b, w, "", true
			}
		}
	case strings.HasPrefix(uri, missionPrefix):
		id := strings.TrimPrefix(uri, missionPrefix)
		if id != "" && !strings.Contains(id, "/") {
			return "", "", id, true
		}
	}
	return "", "", "", false
}

// readResource answers resources/read with the caller's credential; a refusal by the organ is
// the read's error, so a foreign brain's resource is as closed as its tools.
func (ss *session) readResource(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	uri := req.Params.URI
	v, err := ss.fetch(ctx, req.Extra, uri)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(b)}}}, nil
}

// fetch reads what a URI names.
func (ss *session) fetch(ctx context.Context, extra *sdk.RequestExtra, uri string) (map[string]any, error) {
	brain, what, mission, ok := parseURI(uri)
	if !ok {
		return nil, sdk.ResourceNotFoundError(uri)
	}
	o, opts := ss.svc.opts.Organs, ss.call(extra)
	var m proto.Message
	var err error
	switch what {
	case "soul":
		m, err = o.Soul.ReadSoul(ctx, &soulv1.ReadSoulRequest{Brain: brain}, opts...)
	case "north":
		m, err = o.Soul.NorthAtom(ctx, &soulv1.NorthAtomRequest{Brain: brain}, opts...)
	case "roster":
		m, err = o.Presence.List(ctx, &presencev1.ListRequest{Brain: brain, PageSize: maxPage}, opts...)
	case "collisions":
		m, err = o.Presence.Collisions(ctx, &presencev1.CollisionsRequest{Brain: brain, PageSize: maxPage}, opts...)
	case "board":
		m, err = o.Mission.ListMissions(ctx, &missionv1.ListMissionsRequest{Brain: brain, Page: &commonv1.PageRequest{PageSize: maxPage}}, opts...)
	default:
		view, err := o.Mission.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: mission}, opts...)
		if err != nil {
			return nil, resourceError(err)
		}
		letters, err := o.Mission.ListLetters(ctx, &missionv1.ListLettersRequest{MissionId: mission, PageSize: maxChainLetters}, opts...)
		if err != nil {
			return nil, resourceError(err)
		}
		out := asMap(view)
		out["letters"] = asMap(letters)["letters"]
		out["more_letters"] = letters.GetMore()
		return out, nil
	}
	if err != nil {
		return nil, resourceError(err)
	}
	return asMap(m), nil
}

// resourceError turns an organ's refusal into the read's error, keeping the reason code in the
// text (resources/read has no structured error content).
func resourceError(err error) error {
	return errors.New(refusalOf(err).text())
}

// watchKey names the organ stream a subscription needs: one per brain per organ, shared by every
// URI of that brain the session subscribed to.
func watchKey(organ, brain string) string { return organ + ":" + brain }

// subscribe starts pushing changes of uri to this session: it first reads the resource with the
// caller's credential (so a foreign brain cannot be watched), then opens the organ's stream if
// this session has none for that brain yet.
func (ss *session) subscribe(ctx context.Context, req *sdk.SubscribeRequest) error {
	uri := req.Params.URI
	if _, err := ss.fetch(ctx, req.Extra, uri); err != nil {
		return err
	}
	brain, what, mission, _ := parseURI(uri)
	switch what {
	case "soul", "north":
		return fmt.Errorf("%s cannot be subscribed: the soul changes by commits, read it again (soul_check) after one", uri)
	case "roster", "collisions":
		// The roster's event head as of now: the stream resumes after it, so nothing that
		// happens once the subscription is answered is missed, however late the stream opens.
		head, err := ss.svc.opts.Organs.Presence.List(ctx, &presencev1.ListRequest{Brain: brain, PageSize: 1}, ss.call(req.Extra)...)
		if err != nil {
			return resourceError(err)
		}
		after := head.GetCursor()
		ss.watch(uri, watchKey("presence", brain), func(ctx context.Context) { ss.watchPresence(ctx, brain, &after) })
	case "board":
		since := boardSince()
		ss.watch(uri, watchKey("board", brain), func(ctx context.Context) { ss.watchBoard(ctx, brain, since) })
	default:
		view, err := ss.svc.opts.Organs.Mission.GetMission(ctx, &missionv1.GetMissionRequest{MissionId: mission}, ss.call(req.Extra)...)
		if err != nil {
			return resourceError(err)
		}
		b, since := view.GetMission().GetBrain(), boardSince()
		ss.watch(uri, watchKey("board", b), func(ctx context.Context) { ss.watchBoard(ctx, b, since) })
	}
	return nil
}

// unsubscribe forgets uri and closes the organ stream behind it once no other URI this session
// subscribed to needs that stream (a brain's roster and collisions share one presence stream;
// its board and its missions one board stream). The SDK stops sending the URI's notifications.
func (ss *session) unsubscribe(_ context.Context, req *sdk.UnsubscribeRequest) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	key, ok := ss.subs[req.Params.URI]
	if !ok {
		return nil
	}
	delete(ss.subs, req.Params.URI)
	for _, k := range ss.subs {
		if k == key {
			return nil
		}
	}
	if cancel, ok := ss.watchers[key]; ok {
		cancel()
		delete(ss.watchers, key)
	}
	return nil
}

// watch records that uri is fed by the stream key and opens that stream if this session has
// none open yet.
func (ss *session) watch(uri, key string, run func(ctx context.Context)) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.subs[uri] = key
	if _, ok := ss.watchers[key]; ok {
		return
	}
	ctx, cancel := context.WithCancel(ss.ctx)
	ss.watchers[key] = cancel
	go run(ctx)
}

// updated tells the session's subscribers of uri that it changed.
func (ss *session) updated(uri string) {
	ss.server.ResourceUpdated(ss.ctx, &sdk.ResourceUpdatedNotificationParams{URI: uri})
}

// retryWait is how long a broken organ stream waits before it is opened again. It is a wait on
// the network, so it stays on the wall clock.
const retryWait = time.Second

// watchPresence follows the brain's roster events after the seq given, resuming after the last seq when
// the stream breaks, and pushes roster and collision changes.
func (ss *session) watchPresence(ctx context.Context, brain string, after *int64) {
	for ctx.Err() == nil {
		st, err := ss.svc.opts.Organs.Presence.Watch(ctx, &presencev1.WatchRequest{Brain: brain, AfterSeq: after}, ss.call(nil)...)
		for err == nil {
			var ev *presencev1.WatchResponse
			if ev, err = st.Recv(); err != nil {
				break
			}
			seq := ev.GetSeq()
			after = &seq
			switch ev.GetType() {
			case presencev1.EventType_EVENT_TYPE_COLLISION_BEGAN, presencev1.EventType_EVENT_TYPE_COLLISION_ENDED:
				ss.updated(BrainURI(brain, "collisions"))
			default:
				ss.updated(BrainURI(brain, "roster"))
			}
		}
		pause(ctx, retryWait)
	}
}

// watchBoard follows the brain's board and pushes the board and the mission a letter or bell
// belongs to. It resumes after the last cursor this session saw of the brain's board (a new
// subscription after an unsubscribe, a broken stream), so nothing is told twice. Only a
// session's first watch of a brain starts at cursor 0, because mission offers no board head
// to start from: the replayed history stamped before since is skipped then, and only then.
func (ss *session) watchBoard(ctx context.Context, brain string, since time.Time) {
	ss.mu.Lock()
	cursor, resumed := ss.boardCursor[brain]
	ss.mu.Unlock()
	if resumed {
		since = time.Time{}
	}
	for ctx.Err() == nil {
		st, err := ss.svc.opts.Organs.Mission.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: brain, Cursor: cursor}, ss.call(nil)...)
		for err == nil {
			var resp *missionv1.WatchBoardResponse
			if resp, err = st.Recv(); err != nil {
				break
			}
			ev := resp.GetEvent()
			if ev.GetCursor() > cursor {
				cursor = ev.GetCursor()
				ss.mu.Lock()
				ss.boardCursor[brain] = max(ss.boardCursor[brain], cursor)
				ss.mu.Unlock()
			}
			switch ev.GetKind() {
			case missionv1.BoardEventKind_BOARD_EVENT_KIND_LETTER, missionv1.BoardEventKind_BOARD_EVENT_KIND_RING:
			default:
				continue // reminders repeat a ring already told; silence is not a change
			}
			if ev.GetAt() != nil && ev.GetAt().AsTime().Before(since) {
				continue
			}
			ss.updated(BrainURI(ev.GetBrain(), "board"))
			ss.updated(MissionURI(ev.GetMissionId()))
		}
		pause(ctx, retryWait)
	}
}

// boardSince is the moment a session's first board subscription starts: the stream then replays
// from its start, and events stamped before this are history the agent reads, not news. It is
// cut to the second so an event in the same second as the subscription is told rather than lost
// (a repeated "changed" costs one read; a lost one costs a missed letter).
func boardSince() time.Time { return time.Now().Truncate(time.Second) }

func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
