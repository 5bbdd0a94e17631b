package hall

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// view is what every page template receives: the frame (session, bell, live-stream cursors)
// and the page's own data.
type view struct {
	Title   string
	Nav     string
	Session Session
	Now     time.Time
	Bell    bellView
	// Live stream: the brain filter and the roster cursor the page was read at (0: unknown).
	LiveBrain string
	Roster    int64
	Since     int64
	Flash     string
	// Path is the page's own address, re-read when a live event says something changed;
	// empty for answers to a form (they are not re-read).
	Path string
	// Problem is a page-level refusal or failure, in words.
	Problem *problem
	Data    any
}

type bellView struct {
	Ringing []*missionv1.Mission
	Problem *problem
}

// problem is an organ's refusal or failure put in words for the owner. Internal detail (an
// address, a driver error) goes to the log, never to the page.
type problem struct {
	Organ  string
	Reason string
	Words  string
	// Detail is the organ's own message when Words is the Hall's explanation of the reason.
	Detail string
}

func parsePages() (map[string]*template.Template, error) {
	base, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html")
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	pages := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if name == "layout" {
			continue
		}
		t, err := template.Must(base.Clone()).ParseFS(templateFS, n)
		if err != nil {
			return nil, fmt.Errorf("hall: template %s: %w", n, err)
		}
		pages[name] = t
	}
	return pages, nil
}

var funcs = template.FuncMap{
	"ts": func(t *timestamppb.Timestamp) string {
		if t == nil || (t.GetSeconds() == 0 && t.GetNanos() == 0) {
			return "—"
		}
		return t.AsTime().UTC().Format("2006-01-02 15:04:05 UTC")
	},
	"when": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
	"ago": func(now time.Time, t *timestamppb.Timestamp) string {
		if t == nil {
			return "—"
		}
		return humanDuration(now.Sub(t.AsTime())) + " ago"
	},
	"short":     short,
	"phase":     phaseWord,
	"slug":      func(p missionv1.Phase) string { return trimEnum(p.String(), "PHASE_") },
	"join":      strings.Join,
	"lower":     strings.ToLower,
	"trimEnum":  trimEnum,
	"add":       func(a, b int64) int64 { return a + b },
	"int64":     func(n int) int64 { return int64(n) },
	"unixMilli": func(t time.Time) int64 { return t.UnixMilli() },
	// reasonText is a refusal reason in words (the code itself when the Hall has none).
	"reasonText": func(reason string) string {
		if w, ok := reasonWords[reason]; ok {
			return w
		}
		return reason
	},
	// reasonProblem words a refusal recorded as data (a failed curation's reason and message).
	"reasonProblem": func(organ, reason, message string) *problem {
		p := &problem{Organ: organ, Reason: reason, Words: message}
		if w, ok := reasonWords[reason]; ok {
			p.Words, p.Detail = w, message
		}
		return p
	},
	// sweptWords reads the sweep's "chartered.refused" flash.
	"sweptWords": func(v string) string {
		c, r, _ := strings.Cut(v, ".")
		return c + " chartered, " + r + " refused"
	},
}

func humanDuration(d time.Duration) string {
	switch {
	case d < 0:
		return "0s"
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}

func phaseWord(p missionv1.Phase) string {
	return strings.ReplaceAll(trimEnum(p.String(), "PHASE_"), "_", " ")
}

// trimEnum turns FOO_BAR_BAZ into "bar baz" given the prefix FOO_.
func trimEnum(s, prefix string) string {
	return strings.ToLower(strings.TrimPrefix(s, prefix))
}

// render writes a page inside the frame. It reads the bell first (every page shows it) and
// buffers the page so a template failure is a clean 500, never half a page.
func (h *Hall) render(w http.ResponseWriter, r *http.Request, s Session, code int, name string, v view) {
	v.Session = s
	v.Now = h.o.Clock.Now()
	v.Since = v.Now.UnixMilli()
	v.Bell = h.bell(r, s)
	if r.Method == http.MethodGet {
		v.Path = r.URL.RequestURI()
	}
	h.write(w, code, name, v)
}

func (h *Hall) write(w http.ResponseWriter, code int, name string, v view) {
	t, ok := h.pages[name]
	if !ok {
		h.o.Logger.Error("hall: no such template", "name", name)
		h.plainError(w, http.StatusInternalServerError, "The Hall failed to draw this page; the detail is in the gateway's log.")
		return
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", v); err != nil {
		h.o.Logger.Error("hall: render", "page", name, "err", err)
		h.plainError(w, http.StatusInternalServerError, "The Hall failed to draw this page; the detail is in the gateway's log.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(buf.Bytes())
}

func (h *Hall) bell(r *http.Request, s Session) bellView {
	ctx, cancel := h.call(r, s)
	defer cancel()
	res, err := h.mission.ListMissions(ctx, &missionv1.ListMissionsRequest{Phases: []missionv1.Phase{missionv1.Phase_PHASE_MERGE_WAIT}})
	if err != nil {
		return bellView{Problem: h.explain("mission", err)}
	}
	return bellView{Ringing: res.GetMissions()}
}

// explain puts an organ's error in words. A refusal keeps its reason and its message (the
// organ wrote it for people); an outage or an internal failure says so plainly and logs the rest.
func (h *Hall) explain(organ string, err error) *problem {
	if err == nil {
		return nil
	}
	st, _ := status.FromError(err)
	reason := rpcstatus.ReasonOf(err)
	p := &problem{Organ: organ, Reason: reason}
	switch st.Code() {
	case codes.Unavailable:
		if reason == "" || reason == "UPSTREAM_UNAVAILABLE" {
			h.o.Logger.Warn("hall: organ unavailable", "organ", organ, "err", err)
			p.Reason = "UNAVAILABLE"
			p.Words = "The " + organ + " organ cannot be reached right now, so what it holds is not shown here (not shown as empty either). Try again once it is back."
			return p
		}
	case codes.DeadlineExceeded, codes.Canceled:
		h.o.Logger.Warn("hall: organ too slow", "organ", organ, "err", err)
		p.Reason = "DEADLINE_EXCEEDED"
		p.Words = "The " + organ + " organ did not answer in time; nothing it holds is shown here."
		return p
	case codes.Internal, codes.Unknown, codes.DataLoss:
		h.o.Logger.Error("hall: organ failed", "organ", organ, "err", err)
		p.Reason = "INTERNAL"
		p.Words = "The " + organ + " organ failed inside; the detail is in its log and the gateway's."
		return p
	case codes.Unauthenticated:
		p.Words = "Your session is no longer accepted by the " + organ + " organ. Log in again."
		return p
	}
	p.Words = st.Message()
	if w, ok := reasonWords[reason]; ok {
		p.Words, p.Detail = w, st.Message()
	}
	if p.Words == "" {
		p.Words = "The " + organ + " organ refused without saying why."
	}
	return p
}

func (h *Hall) notFound(w http.ResponseWriter, _ *http.Request) {
	h.plainError(w, http.StatusNotFound, "There is no such page in the Hall.")
}

// plainError answers outside the frame (no session to draw it with, or no route).
func (h *Hall) plainError(w http.ResponseWriter, code int, words string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`+
		`<title>%s — Organism Hall</title><link rel="icon" href="/static/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/static/hall.css"></head><body><main id="main" class="plain-error"><h1>%s</h1><p>%s</p><p><a href="/">Back to the Hall</a></p></main></body></html>`,
		template.HTMLEscapeString(http.StatusText(code)), template.HTMLEscapeString(http.StatusText(code)), template.HTMLEscapeString(words))
}

// group runs fns concurrently and waits: a page's independent organ calls overlap.
func group(fns ...func()) {
	done := make(chan struct{}, len(fns))
	for _, f := range fns {
		go func() {
			defer func() { done <- struct{}{} }()
			f()
		}()
	}
	for range fns {
		<-done
	}
}

// statusFor is the HTTP status a page answers with when an organ refused or failed.
func statusFor(err error) int {
	switch status.Code(err) {
	case codes.OK:
		return http.StatusOK
	case codes.InvalidArgument, codes.OutOfRange:
		return http.StatusBadRequest
	case codes.NotFound:
		return http.StatusNotFound
	case codes.PermissionDenied:
		return http.StatusForbidden
	case codes.Unauthenticated:
		return http.StatusUnauthorized
	case codes.Aborted, codes.FailedPrecondition, codes.AlreadyExists:
		return http.StatusConflict
	case codes.ResourceExhausted:
		return http.StatusTooManyRequests
	case codes.DeadlineExceeded:
		return http.StatusGatewayTimeout
	case codes.Unavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusBadGateway
}
