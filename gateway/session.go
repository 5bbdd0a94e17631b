package gateway

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/idgen"
	"github.com/organism-dev/organism/platform/rpcstatus"
)

// Session cookie and CSRF header names.
const (
	SessionCookie = "organism_session"
	CSRFHeader    = "X-CSRF-Token"
)

type session struct {
	id         string
	ownerToken string
	csrf       string
	expires    time.Time
}

// sessionStore keeps owner sessions in memory: a gateway restart logs the owner out, which is
// the safe failure.
type sessionStore struct {
	mu    sync.Mutex
	byID  map[string]*session
	clock clock.Clock
	ttl   time.Duration
}

func newSessionStore(c clock.Clock, ttl time.Duration) *sessionStore {
	return &sessionStore{byID: map[string]*session{}, clock: c, ttl: ttl}
}

func (s *sessionStore) create(ownerToken string) *session {
	sess := &session{id: idgen.Hex("", 32), ownerToken: ownerToken, csrf: idgen.Hex("", 32), expires: s.clock.Now().Add(s.ttl)}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock.Now()
	for id, old := range s.byID {
		if !now.Before(old.expires) {
			delete(s.byID, id)
		}
	}
	s.byID[sess.id] = sess
	return sess
}

func (s *sessionStore) get(id string) (*session, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.byID[id]
	if !ok {
		return nil, false
	}
	if !s.clock.Now().Before(sess.expires) {
		delete(s.byID, id)
		return nil, false
	}
	return sess, true
}

func (s *sessionStore) delete(id string) {
	s.mu.Lock()
	delete(s.byID, id)
	s.mu.Unlock()
}

type loginRequest struct {
	Credential string `json:"credential"`
}

type sessionResponse struct {
	Owner     bool      `json:"owner"`
	CSRFToken string    `json:"csrf_token"`
	ExpiresAt time.Time `json:"expires_at"`
}

// login exchanges the owner credential for an HttpOnly, SameSite=Strict session cookie.
func (g *Gateway) login(w http.ResponseWriter, r *http.Request) {
	// The one body read before authentication: a few KiB at most (Limits.LoginBodyBytes).
	limit := g.limits.LoginBodyBytes
	if r.ContentLength > limit {
		tooLarge(w, limit)
		return
	}
	var req loginRequest
	body, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if int64(len(body)) > limit {
		tooLarge(w, limit)
		return
	}
	if err == nil && len(body) > 0 {
		err = json.Unmarshal(body, &req)
	}
	if err != nil {
		writeRefusal(w, http.StatusBadRequest, codes.InvalidArgument, "INVALID_ARGUMENT", "body must be JSON {\"credential\": \"...\"}", "credential")
		return
	}
	if req.Credential == "" {
		req.Credential, _ = strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	}
	if req.Credential == "" {
		writeRefusal(w, http.StatusBadRequest, codes.InvalidArgument, "INVALID_ARGUMENT", "credential is required", "credential")
		return
	}
	sess, err := g.openOwnerSession(r.Context(), req.Credential)
	if err != nil {
		g.writeStatus(w, r.URL.Path, err)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: sess.id, Path: "/", HttpOnly: true, Secure: g.opts.SecureCookie,
		SameSite: http.SameSiteStrictMode, Expires: sess.expires,
	})
	writeJSON(w, http.StatusOK, sessionResponse{Owner: true, CSRFToken: sess.csrf, ExpiresAt: sess.expires.UTC()})
}

// openOwnerSession is the one rule by which POST /v1/session and the Hall's login open a session:
// the credential must verify and be the owner's. A credential that does not verify is refused
// with the verifier's own reason (TOKEN_EXPIRED, BAD_SIGNATURE, TOKEN_MALFORMED), as the
// services give it.
func (g *Gateway) openOwnerSession(ctx context.Context, credential string) (*session, error) {
	credential = strings.TrimSpace(credential)
	c, err := g.opts.Verifier.Verify(credential)
	if err != nil {
		md := metadata.Pairs(auth.AuthorizationHeader, "Bearer "+credential)
		if _, aerr := g.opts.Verifier.Authenticate(metadata.NewIncomingContext(ctx, md)); aerr != nil {
			return nil, aerr
		}
		return nil, rpcstatus.New(codes.Unauthenticated, Domain, ReasonUnauthenticated, "credential does not verify")
	}
	if c.Kind != auth.KindOwner {
		return nil, rpcstatus.New(codes.PermissionDenied, Domain, "OWNER_ONLY", "only the owner's credential opens a Hall session")
	}
	return g.sessions.create(credential), nil
}

func (g *Gateway) whoami(w http.ResponseWriter, r *http.Request) {
	sess, ok := g.cookieSession(r)
	if !ok {
		writeRefusal(w, http.StatusUnauthorized, codes.Unauthenticated, "UNAUTHENTICATED", "no owner session", "")
		return
	}
	writeJSON(w, http.StatusOK, sessionResponse{Owner: true, CSRFToken: sess.csrf, ExpiresAt: sess.expires.UTC()})
}

func (g *Gateway) logout(w http.ResponseWriter, r *http.Request) {
	sess, ok := g.cookieSession(r)
	if !ok {
		writeRefusal(w, http.StatusUnauthorized, codes.Unauthenticated, "UNAUTHENTICATED", "no owner session", "")
		return
	}
	if !validCSRF(r, sess) {
		writeRefusal(w, http.StatusForbidden, codes.PermissionDenied, "CSRF_REQUIRED", "state-changing requests from a session need the "+CSRFHeader+" header", "")
		return
	}
	g.sessions.delete(sess.id)
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true, Secure: g.opts.SecureCookie, SameSite: http.SameSiteStrictMode, MaxAge: -1})
	w.WriteHeader(http.StatusNoContent)
}

func (g *Gateway) cookieSession(r *http.Request) (*session, bool) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return nil, false
	}
	return g.sessions.get(c.Value)
}

func validCSRF(r *http.Request, sess *session) bool {
	got := r.Header.Get(CSRFHeader)
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(sess.csrf)) == 1
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

func contextWithSession(r *http.Request, sess *session) context.Context {
	return context.WithValue(r.Context(), sessionCtxKey{}, sess)
}
