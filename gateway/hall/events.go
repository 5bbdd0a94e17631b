package hall

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"google.golang.org/protobuf/proto"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
)

// cursor is where a live stream stands on the two watch streams that feed it: the mission
// board's cursor and the presence roster's seq. It travels as the SSE event id, so a browser
// that reconnects (after a network blip or a gateway restart) resumes from it with
// Last-Event-ID and misses nothing.
type cursor struct {
	Board     int64
	Roster    int64
	HasRoster bool
}

func (c cursor) String() string {
	if !c.HasRoster {
		return "b" + strconv.FormatInt(c.Board, 10)
	}
	return "b" + strconv.FormatInt(c.Board, 10) + ".p" + strconv.FormatInt(c.Roster, 10)
}

// parseCursor reads "b<board>[.p<roster>]"; anything else starts from the beginning of the
// board and from now on the roster.
func parseCursor(s string) cursor {
	var c cursor
	b, p, hasP := strings.Cut(s, ".")
	if v, ok := strings.CutPrefix(b, "b"); ok {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 {
			c.Board = n
		}
	}
	if v, ok := strings.CutPrefix(p, "p"); hasP && ok {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 {
			c.Roster, c.HasRoster = n, true
		}
	}
	return c
}

type liveEvent struct {
	board  *missionv1.BoardEvent
	roster *presencev1.WatchResponse
	organ  string
	err    error
}

// events is the Hall's server-sent event stream, fed by the mission board (WatchBoard) and the
// presence roster (Watch) with the owner's session. A page subscribes with the time it was
// drawn (since) and the roster seq it read; board events from before the page are passed as
// ids only (they move the cursor without asking the page to redraw).
func (h *Hall) events(w http.ResponseWriter, r *http.Request, s Session) {
	q := r.URL.Query()
	brain := q.Get("brain")
	var cur cursor
	if last := r.Header.Get("Last-Event-ID"); last != "" {
		cur = parseCursor(last)
	} else if v, err := strconv.ParseInt(q.Get("roster"), 10, 64); err == nil && v > 0 {
		cur.Roster, cur.HasRoster = v, true
	}
	var since time.Time
	if ms, err := strconv.ParseInt(q.Get("since"), 10, 64); err == nil && ms > 0 && r.Header.Get("Last-Event-ID") == "" {
		since = time.UnixMilli(ms)
	}
	rc := http.NewResponseController(w)
	ctx, cancel := context.WithCancel(h.o.Sessions.Upstream(r.Context(), s))
	defer cancel()
	board, err := h.mission.WatchBoard(ctx, &missionv1.WatchBoardRequest{Brain: brain, Cursor: cur.Board})
	if err != nil {
		h.plainError(w, statusFor(err), h.explain("mission", err).Words)
		return
	}
	wreq := &presencev1.WatchRequest{Brain: brain}
	if cur.HasRoster {
		wreq.AfterSeq = proto.Int64(cur.Roster)
	}
	roster, err := h.presence.Watch(ctx, wreq)
	if err != nil {
		h.plainError(w, statusFor(err), h.explain("presence", err).Words)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 2000\n\n")
	rc.Flush()

	ch := make(chan liveEvent, 16)
	push := func(e liveEvent) bool {
		select {
		case ch <- e:
			return true
		case <-ctx.Done():
			return false
		}
	}
	go func() {
		for {
			res, err := board.Recv()
			if err != nil {
				push(liveEvent{organ: "mission", err: err})
				return
			}
			if !push(liveEvent{board: res.GetEvent()}) {
				return
			}
		}
	}()
	go func() {
		for {
			res, err := roster.Recv()
			if err != nil {
				push(liveEvent{organ: "presence", err: err})
				return
			}
			if !push(liveEvent{roster: res}) {
				return
			}
		}
	}()
	// Keep-alives are per stream, on the Hall's clock.
	beat := h.o.Clock.NewTicker(h.o.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-beat.C():
			fmt.Fprint(w, ": keep-alive\n\n")
		case e := <-ch:
			switch {
			case e.err != nil:
				// The browser reconnects after the retry delay with the last id it saw.
				fmt.Fprintf(w, "event: gone\ndata: %s\n\n", mustJSON(map[string]string{"organ": e.organ, "words": h.explain(e.organ, e.err).Words}))
				rc.Flush()
				return
			case e.board != nil:
				ev := e.board
				cur.Board = max(cur.Board, ev.GetCursor())
				if !since.IsZero() && ev.GetAt().AsTime().Before(since) {
					fmt.Fprintf(w, "id: %s\n\n", cur)
					break
				}
				fmt.Fprintf(w, "id: %s\nevent: board\ndata: %s\n\n", cur, mustJSON(map[string]any{
					"kind": trimEnum(ev.GetKind().String(), "BOARD_EVENT_KIND_"), "mission": ev.GetMissionId(), "brain": ev.GetBrain(),
					"seq": ev.GetSeq(), "from": phaseWord(ev.GetFromPhase()), "to": phaseWord(ev.GetToPhase())}))
			case e.roster != nil:
				ev := e.roster
				cur.Roster, cur.HasRoster = ev.GetSeq(), true
				fmt.Fprintf(w, "id: %s\nevent: roster\ndata: %s\n\n", cur, mustJSON(map[string]any{
					"type": trimEnum(ev.GetType().String(), "EVENT_TYPE_"), "brain": ev.GetBrain(), "presence": ev.GetPresence().GetPresenceId()}))
			}
		}
		rc.Flush()
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v) // maps of strings and numbers: cannot fail
	if err != nil {
		return "{}"
	}
	return string(b)
}
