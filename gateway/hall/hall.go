// Package hall is the owner's web console, served by the gateway at /: server-rendered pages
// (html/template, embedded), a little vendored JavaScript that only adds live updates, and the
// few gestures only the owner may make (stamp a landing, ratify a skeleton, sweep the charter,
// adopt foreign doctrine). Every page
// reads the organs' gRPC APIs with the owner's session beside the gateway's credential; it
// never reads a database and never acts with the gateway credential alone.
package hall

import (
	"context"
	"embed"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Session is an owner session as the Hall sees it: its id (the cookie's value), the CSRF token
// every form carries, and when it ends.
type Session struct {
	ID      string
	CSRF    string
	Expires time.Time
}

// Sessions is the gateway's owner-session store, seen from the Hall. The gateway owns the
// credential check and the upstream metadata so that the JSON API and the Hall share one
// session and one rule: only the owner's credential opens a session.
type Sessions interface {
	// Open verifies a credential and opens a session; an agent's credential is refused
	// (a status error with reason OWNER_ONLY), an unverifiable one too.
	Open(ctx context.Context, credential string) (Session, error)
	// Get returns a live session by id.
	Get(id string) (Session, bool)
	// Close ends a session.
	Close(id string)
	// Upstream returns ctx carrying the gateway's credential and the owner's session, the
	// metadata every organ call of the Hall is made with (origin human-ui).
	Upstream(ctx context.Context, s Session) context.Context
}

// Options configure the Hall.
type Options struct {
	// Conns reach the organs (the gateway's own upstream connections).
	Soul, Medulla, Mission, Presence grpc.ClientConnInterface
	Sessions                         Sessions
	// CookieName is the session cookie (the gateway's, shared with the JSON API).
	CookieName   string
	SecureCookie bool
	Logger       *slog.Logger
	Clock        clock.Clock
	// CallTimeout bounds each organ call a page makes; default 5s.
	CallTimeout time.Duration
	// Heartbeat is how often a live stream sends a keep-alive comment; default 15s.
	Heartbeat time.Duration
}

// Hall serves the pages. It is an http.Handler.
type Hall struct {
	o        Options
	soul     soulv1.SoulServiceClient
	medulla  medullav1.MedullaServiceClient
	mission  missionv1.MissionServiceClient
	presence presencev1.PresenceServiceClient
	pages    map[string]*template.Template
	mux      *http.ServeMux
	static   http.Handler
}

// New builds the Hall.
func New(o Options) (*Hall, error) {
	if o.Sessions == nil || o.Soul == nil || o.Medulla == nil || o.Mission == nil || o.Presence == nil {
		return nil, errors.New("hall needs the session store and all four organs")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	o.Clock = clock.Or(o.Clock)
	if o.CookieName == "" {
		o.CookieName = "organism_session"
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = 5 * time.Second
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = 15 * time.Second
	}
	h := &Hall{o: o,
		soul: soulv1.NewSoulServiceClient(o.Soul), medulla: medullav1.NewMedullaServiceClient(o.Medulla),
		mission: missionv1.NewMissionServiceClient(o.Mission), presence: presencev1.NewPresenceServiceClient(o.Presence)}
	var err error
	if h.pages, err = parsePages(); err != nil {
		return nil, err
	}
	sub, err := fs.Sub(staticFS, "static")
	if err != nil {
		return nil, err
	}
	h.static = http.StripPrefix("/static/", http.FileServerFS(sub))
	h.mux = h.routes()
	return h, nil
}

func (h *Hall) routes() *http.ServeMux {
	m := http.NewServeMux()
	m.HandleFunc("GET /static/", h.serveStatic)
	m.HandleFunc("GET /favicon.ico", h.favicon)
	m.HandleFunc("GET /login", h.loginPage)
	m.HandleFunc("POST /login", h.loginPost)
	m.HandleFunc("POST /logout", h.owner(h.logoutPost))
	m.HandleFunc("GET /{$}", h.owner(h.overview))
	m.HandleFunc("GET /brains/{name}", h.owner(h.brain))
	m.HandleFunc("GET /missions", h.owner(h.board))
	m.HandleFunc("GET /missions/{id}", h.owner(h.missionPage))
	m.HandleFunc("POST /missions/{id}/stamp", h.owner(h.stamp))
	m.HandleFunc("GET /missions/{id}/chain", h.owner(h.chain))
	m.HandleFunc("GET /missions/{id}/log/{sha}", h.owner(h.gateLog))
	m.HandleFunc("GET /presences", h.owner(h.presences))
	m.HandleFunc("GET /federation", h.owner(h.federation))
	m.HandleFunc("POST /federation/adopt", h.owner(h.adopt))
	m.HandleFunc("GET /receipts", h.owner(h.receipts))
	m.HandleFunc("GET /curation", h.owner(h.curationList))
	m.HandleFunc("GET /curation/{brain}", h.owner(h.curationReview))
	m.HandleFunc("POST /curation/{brain}/ratify", h.owner(h.ratify))
	m.HandleFunc("POST /curation/{brain}/discard", h.owner(h.discard))
	m.HandleFunc("GET /charter", h.owner(h.charter))
	m.HandleFunc("POST /charter/sweep", h.owner(h.sweep))
	m.HandleFunc("GET /events", h.owner(h.events))
	return m
}

// csp allows only the Hall's own files: no inline script or style, no eval, no other origin.
// Agent-authored text that slipped past escaping still could not run.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// ServeHTTP answers a Hall path: unknown paths are 404 (the gateway turns them into its JSON
// 404 for clients that did not ask for HTML), pages need the owner's session.
func (h *Hall) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", csp)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "same-origin")
	hd.Set("X-Frame-Options", "DENY")
	_, pattern := h.mux.Handler(r)
	if pattern == "" {
		h.notFound(w, r)
		return
	}
	h.mux.ServeHTTP(w, r)
}

func (h *Hall) serveStatic(w http.ResponseWriter, r *http.Request) {
	// Only the files themselves: no directory listing, and a missing file is the Hall's own
	// not-found page rather than the file server's bare text.
	name := strings.TrimPrefix(r.URL.Path, "/static/")
	if st, err := fs.Stat(staticFS, "static/"+name); name == "" || err != nil || st.IsDir() {
		h.notFound(w, r)
		return
	}
	// The vendored files are pinned by name; a week of caching is safe.
	w.Header().Set("Cache-Control", "public, max-age=604800")
	h.static.ServeHTTP(w, r)
}

// favicon answers the address every browser asks on its own, also for pages outside the frame:
// without it each new tab logs a 404 in the owner's console.
func (h *Hall) favicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "public, max-age=604800")
	w.Header().Set("Content-Type", "image/svg+xml")
	http.ServeFileFS(w, r, staticFS, "static/favicon.svg")
}

type sessionKey struct{}

// owner wraps a page that needs the owner's session: without one, GET goes to the login page
// and anything else is refused; a state-changing request must carry the session's CSRF token.
func (h *Hall) owner(next func(http.ResponseWriter, *http.Request, Session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, ok := h.current(r)
		if !ok {
			if r.Method == http.MethodGet && r.URL.Path != "/events" {
				http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			h.plainError(w, http.StatusUnauthorized, "Your session has ended. Log in again.")
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if !validCSRF(r, s) {
				h.plainError(w, http.StatusForbidden, "This form was refused: it did not carry your session's CSRF token. Nothing changed. Reload the page and try again.")
				return
			}
		}
		next(w, r, s)
	}
}

func (h *Hall) current(r *http.Request) (Session, bool) {
	c, err := r.Cookie(h.o.CookieName)
	if err != nil || c.Value == "" {
		return Session{}, false
	}
	return h.o.Sessions.Get(c.Value)
}

// call returns a context for one organ call on behalf of the session, bounded by CallTimeout.
func (h *Hall) call(r *http.Request, s Session) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(r.Context(), h.o.CallTimeout)
	return h.o.Sessions.Upstream(ctx, s), cancel
}

// safeNext keeps a post-login destination only when it is a local path. The page that sends
// the owner to /login chooses it, so it is read as a browser would read the Location: a
// browser drops tabs and newlines and takes a backslash for a slash, so "/\t/evil" and
// "/\\evil" are another host. Any control character sends the owner to the overview instead.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") ||
		strings.ContainsFunc(next, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return "/"
	}
	if u, err := url.Parse(next); err != nil || u.Scheme != "" || u.Host != "" {
		return "/"
	}
	return next
}
