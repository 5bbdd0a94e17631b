package mcp

import (
	"net/http"
	"strconv"
	"strings"
)

// CORS for browser-based MCP clients from an admitted origin (loopback or --mcp-allowed-origins).
// The bearer travels in the Authorization header, never in a cookie, so no response allows
// credentials: a page gets nothing it could not already ask for with the token it holds.
var (
	corsAllowMethods  = strings.Join([]string{http.MethodPost, http.MethodGet, http.MethodDelete, http.MethodOptions}, ", ")
	corsAllowHeaders  = strings.Join([]string{"Authorization", "Content-Type", "Accept", "Mcp-Session-Id", "MCP-Protocol-Version", "Last-Event-ID"}, ", ")
	corsExposeHeaders = strings.Join([]string{"Mcp-Session-Id", "WWW-Authenticate"}, ", ")
)

// corsMaxAge is how long a browser may reuse a preflight's answer: Chromium's own ceiling. The
// answer depends only on the origin list, fixed for the process's life.
const corsMaxAge = 7200 // seconds

// allowOrigin marks a response to an admitted origin as readable by its page: the origin itself,
// never *, so a cache keyed without Origin cannot hand one origin's answer to another. The
// exposed headers let a page keep its session id and read a 401's challenge.
func allowOrigin(h http.Header, origin string) {
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Expose-Headers", corsExposeHeaders)
}

// isPreflight says whether r is a browser's CORS preflight: it carries no credential (the
// browser sends none), so it is answered before the bearer check.
func isPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && r.Header.Get("Origin") != "" && r.Header.Get("Access-Control-Request-Method") != ""
}

// answerPreflight tells the browser what a real request to /mcp may use. It names every method
// and header the transport takes whatever the preflight asked, and lets the browser decide.
func answerPreflight(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", corsAllowMethods)
	h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
	h.Set("Access-Control-Max-Age", strconv.Itoa(corsMaxAge))
	w.WriteHeader(http.StatusNoContent)
}
