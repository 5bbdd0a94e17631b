package mcp

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	orgauth "github.com/organism-dev/organism/platform/auth"
)

// HTTPOptions configure the streamable HTTP transport.
type HTTPOptions struct {
	// Verifier checks bearer credentials: the same verifier the organs trust.
	Verifier *orgauth.Verifier
	// AllowedOrigins are the browser origins (scheme://host[:port]) allowed besides loopback
	// ones; a request with any other Origin header is refused (DNS rebinding).
	AllowedOrigins []string
	// SessionTimeout closes a session idle this long (its presences leave); default 30 minutes.
	SessionTimeout time.Duration
}

// HTTPHandler serves MCP over streamable HTTP: bearer auth on every request (identity from the
// credential only), the Origin check, then one MCP server per session bound to the credential
// that opened it. The SDK keeps a session to the user that opened it (TokenInfo.UserID is the
// credential's id), and each tool call carries the credential of its own request.
func (s *Service) HTTPHandler(o HTTPOptions) http.Handler {
	if o.SessionTimeout <= 0 {
		o.SessionTimeout = 30 * time.Minute
	}
	// The SDK asks for a server on every request, if only to read the versions it speaks; a
	// request in a session is served by that session's own server, so it gets versions, a
	// server with nothing registered, built once here. A request opening a session gets one
	// session server however often the SDK asks within it (see serverSlot).
	versions := sdk.NewServer(&sdk.Implementation{Name: "organism", Version: s.opts.Version},
		&sdk.ServerOptions{Logger: s.opts.Logger, SupportedProtocolVersions: protocolVersions})
	streamable := sdk.NewStreamableHTTPHandler(func(r *http.Request) *sdk.Server {
		if r.Header.Get("Mcp-Session-Id") != "" {
			return versions
		}
		slot, _ := r.Context().Value(serverSlotKey{}).(*serverSlot)
		if slot != nil && slot.server != nil {
			return slot.server
		}
		ti := auth.TokenInfoFromContext(r.Context())
		if ti == nil {
			return nil
		}
		tok, _ := ti.Extra[tokenKey].(string)
		brain, _ := ti.Extra["brain"].(string)
		srv := s.newSession(credential{token: tok, brain: brain}, true).server
		if slot != nil {
			slot.server = srv
		}
		return srv
	}, &sdk.StreamableHTTPOptions{Logger: s.opts.Logger, SessionTimeout: o.SessionTimeout})
	bearer := auth.RequireBearerToken(func(_ context.Context, token string, r *http.Request) (*auth.TokenInfo, error) {
		c, ok := r.Context().Value(verifiedKey{}).(orgauth.Claims)
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		ti := &auth.TokenInfo{UserID: string(c.Kind) + ":" + c.Subject + ":" + c.ID,
			Extra: map[string]any{tokenKey: token, "brain": c.Brain}}
		if c.Expires > 0 {
			ti.Expiration = time.Unix(c.Expires, 0)
		}
		return ti, nil
	}, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})
	allowed := map[string]bool{}
	for _, a := range o.AllowedOrigins {
		allowed[strings.TrimRight(strings.ToLower(a), "/")] = true
	}
	inner := bearer(streamable)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Whether and how a response may be read by a page depends on its Origin.
		w.Header().Add("Vary", "Origin")
		if origin := r.Header.Get("Origin"); origin != "" {
			if !originAllowed(origin, allowed) {
				http.Error(w, "origin not allowed", http.StatusForbidden)
				return
			}
			allowOrigin(w.Header(), origin)
			if isPreflight(r) {
				answerPreflight(w)
				return
			}
		}
		c, challenge := verifyBearer(r, o.Verifier)
		if challenge != "" {
			// RFC 6750 §3: a 401 names its scheme, so a client knows to send (or renew) a
			// bearer rather than guess; the SDK's check writes the header only with OAuth
			// metadata, which Organism's own credentials have none of.
			w.Header().Set("WWW-Authenticate", challenge)
			http.Error(w, "a valid Organism bearer credential is required", http.StatusUnauthorized)
			return
		}
		if !checkedBody(w, r) {
			return
		}
		ctx := context.WithValue(context.WithValue(r.Context(), verifiedKey{}, c), serverSlotKey{}, &serverSlot{})
		inner.ServeHTTP(w, r.WithContext(ctx))
	})
}

// verifiedKey carries the claims of a bearer verified once per request to the SDK's check,
// which then binds the session to them.
type verifiedKey struct{}

// serverSlot holds the session server built for one request that opens a session, so the SDK's
// asking twice (for the versions, then for the session) builds it once.
type serverSlot struct{ server *sdk.Server }

type serverSlotKey struct{}

// verifyBearer checks the request's bearer credential. A refusal answers with the challenge to
// send: without an error code when no bearer came (RFC 6750 §3.1), invalid_token when one came
// and failed; why it failed stays in the server's logs' reach, not the caller's.
func verifyBearer(r *http.Request, v *orgauth.Verifier) (orgauth.Claims, string) {
	const realm = `Bearer realm="organism"`
	scheme, token, found := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	token = strings.TrimSpace(token)
	if !found || !strings.EqualFold(scheme, "bearer") || token == "" {
		return orgauth.Claims{}, realm
	}
	c, err := v.Verify(token)
	if err != nil {
		return orgauth.Claims{}, realm + `, error="invalid_token"`
	}
	return c, ""
}

// ParseOrigins reads a comma-separated list of allowed origins (the serve flag and
// ORGANISM_MCP_ALLOWED_ORIGINS): each must be an http(s) origin, scheme://host[:port] with no
// path, as browsers send it in the Origin header. Blank entries are skipped; anything else is an
// error, so a typo is caught at start rather than refusing every request of that origin.
func ParseOrigins(list string) ([]string, error) {
	var out []string
	for _, raw := range strings.Split(list, ",") {
		o := strings.TrimSpace(raw)
		if o == "" {
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
			strings.TrimRight(u.Path, "/") != "" || u.RawQuery != "" || u.Fragment != "" {
			return nil, fmt.Errorf("%q is not an origin (want http(s)://host[:port])", o)
		}
		out = append(out, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	return out, nil
}

// originAllowed admits loopback origins (a local agent's own tooling) and the configured ones.
// A web page on another host that resolves its name to this machine (DNS rebinding) carries
// its own origin, and is refused before its bearer is even looked at.
func originAllowed(origin string, allowed map[string]bool) bool {
	if allowed[strings.TrimRight(strings.ToLower(origin), "/")] {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
