package hall

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
)

// loginCookie carries the login form's own CSRF token (double submit): the login form is a
// form too, and a page elsewhere must not log the owner into a session of its choosing.
const loginCookie = "organism_login"

// maxFormBytes caps every Hall form body (a credential, a few ids).
const maxFormBytes = 16 << 10

type loginData struct {
	Next  string
	CSRF  string
	Error *problem
	Ended bool
}

func randomToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (h *Hall) loginPage(w http.ResponseWriter, r *http.Request) {
	tok := randomToken()
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: tok, Path: "/login", HttpOnly: true, Secure: h.o.SecureCookie, SameSite: http.SameSiteStrictMode})
	h.write(w, http.StatusOK, "login", view{Title: "Log in", Now: h.o.Clock.Now(),
		Data: loginData{Next: safeNext(r.URL.Query().Get("next")), CSRF: tok, Ended: r.URL.Query().Get("ended") != ""}})
}

func (h *Hall) loginPost(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		h.plainError(w, http.StatusBadRequest, "The login form could not be read.")
		return
	}
	c, err := r.Cookie(loginCookie)
	got := r.PostForm.Get("csrf")
	if err != nil || got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(c.Value)) != 1 {
		h.plainError(w, http.StatusForbidden, "This login form was refused: it did not carry the token of the login page it came from. Open the login page again.")
		return
	}
	next := safeNext(r.PostForm.Get("next"))
	s, err := h.o.Sessions.Open(r.Context(), strings.TrimSpace(r.PostForm.Get("credential")))
	if err != nil {
		tok := randomToken()
		http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: tok, Path: "/login", HttpOnly: true, Secure: h.o.SecureCookie, SameSite: http.SameSiteStrictMode})
		code := http.StatusUnauthorized
		if status.Code(err) == codes.PermissionDenied {
			code = http.StatusForbidden
		}
		h.write(w, code, "login", view{Title: "Log in", Now: h.o.Clock.Now(), Data: loginData{Next: next, CSRF: tok, Error: loginProblem(err)}})
		return
	}
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: "", Path: "/login", MaxAge: -1, HttpOnly: true, Secure: h.o.SecureCookie, SameSite: http.SameSiteStrictMode})
	http.SetCookie(w, &http.Cookie{Name: h.o.CookieName, Value: s.ID, Path: "/", HttpOnly: true, Secure: h.o.SecureCookie,
		SameSite: http.SameSiteStrictMode, Expires: s.Expires})
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// loginProblem words a refused login. The credential itself is never echoed.
func loginProblem(err error) *problem {
	reason := rpcstatus.ReasonOf(err)
	p := &problem{Organ: "gateway", Reason: reason}
	switch {
	case reason == "OWNER_ONLY" || status.Code(err) == codes.PermissionDenied:
		p.Words = "That credential is not the owner's. Only the owner's credential opens a Hall session; an agent's never does."
	case reason == "INVALID_ARGUMENT":
		p.Words = "Paste the owner credential (from 'organism token mint --owner')."
	case reason == "TOKEN_EXPIRED":
		p.Words = "That credential has expired. Mint a new owner credential."
	default:
		p.Words = "That credential does not verify."
	}
	return p
}

func (h *Hall) logoutPost(w http.ResponseWriter, r *http.Request, s Session) {
	h.o.Sessions.Close(s.ID)
	http.SetCookie(w, &http.Cookie{Name: h.o.CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: h.o.SecureCookie, SameSite: http.SameSiteStrictMode})
	http.Redirect(w, r, "/login?ended=1", http.StatusSeeOther)
}

// validCSRF checks the form field (or the header htmx and scripts send) against the session.
func validCSRF(r *http.Request, s Session) bool {
	got := r.Header.Get("X-CSRF-Token")
	if got == "" {
		r.Body = http.MaxBytesReader(nil, r.Body, maxFormBytes)
		if err := r.ParseForm(); err != nil {
			return false
		}
		got = r.PostForm.Get("csrf")
	}
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(s.CSRF)) == 1
}
