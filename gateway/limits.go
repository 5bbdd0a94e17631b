package gateway

import (
	"net/http"
	"time"
)

// Limits bound what one HTTP request may cost the gateway. Zero fields take the defaults below.
//
// Order of checks on /v1: the route (unknown path 404, wrong method 405 with Allow), then the
// credential (bearer or session cookie, 401 before a byte of body is read), then the body cap of
// the route (413 REQUEST_TOO_LARGE: at once when Content-Length says so, else when the read passes
// the cap), then the body must arrive within its read timeout (408 BODY_TIMEOUT). Only then does
// grpc-gateway decode it and call upstream, so an oversized or slow body changes nothing.
//
// A body on a unary route is read whole into one buffer of at most the cap and decoded from it
// without a second copy, so a request holds at most its cap in memory while it waits.
type Limits struct {
	// BodyBytes caps every /v1 request body without its own cap; default 1 MiB.
	BodyBytes int64
	// LoginBodyBytes caps the unauthenticated POST /v1/session; default 8 KiB.
	LoginBodyBytes int64
	// LogBodyBytes caps a log upload (mission PutLog: newline-delimited chunks, each at most the
	// gRPC message cap of 16 MiB); default 96 MiB, a 64 MiB log in base64 with room for framing.
	LogBodyBytes int64
	// ImportBodyBytes caps a claim import (medulla ImportClaims); default 16 MiB, the gRPC
	// message cap the import must also pass.
	ImportBodyBytes int64
	// BodyReadTimeout bounds how long a capped body may take to arrive; default 30s.
	BodyReadTimeout time.Duration
	// LargeBodyReadTimeout replaces it for log uploads and imports; default 10 min.
	LargeBodyReadTimeout time.Duration
	// ReadHeaderTimeout bounds reading a request's headers; default 10s.
	ReadHeaderTimeout time.Duration
	// IdleTimeout closes a keep-alive connection with no request; default 2 min.
	IdleTimeout time.Duration
	// MaxHeaderBytes caps a request's headers; default 64 KiB.
	MaxHeaderBytes int
}

// Default limits.
const (
	DefaultBodyBytes            = 1 << 20
	DefaultLoginBodyBytes       = 8 << 10
	DefaultLogBodyBytes         = 96 << 20
	DefaultImportBodyBytes      = 16 << 20
	DefaultBodyReadTimeout      = 30 * time.Second
	DefaultLargeBodyReadTimeout = 10 * time.Minute
	DefaultReadHeaderTimeout    = 10 * time.Second
	DefaultIdleTimeout          = 2 * time.Minute
	DefaultMaxHeaderBytes       = 64 << 10
)

func (l Limits) withDefaults() Limits {
	set := func(v *int64, d int64) {
		if *v <= 0 {
			*v = d
		}
	}
	setD := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&l.BodyBytes, DefaultBodyBytes)
	set(&l.LoginBodyBytes, DefaultLoginBodyBytes)
	set(&l.LogBodyBytes, DefaultLogBodyBytes)
	set(&l.ImportBodyBytes, DefaultImportBodyBytes)
	setD(&l.BodyReadTimeout, DefaultBodyReadTimeout)
	setD(&l.LargeBodyReadTimeout, DefaultLargeBodyReadTimeout)
	setD(&l.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	setD(&l.IdleTimeout, DefaultIdleTimeout)
	if l.MaxHeaderBytes <= 0 {
		l.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	return l
}

// bodyLimit is the cap and read timeout of a route's body.
func (l Limits) bodyLimit(operation string) (int64, time.Duration) {
	switch operation {
	case "MissionService_PutLog":
		return l.LogBodyBytes, l.LargeBodyReadTimeout
	case "MedullaService_ImportClaims":
		return l.ImportBodyBytes, l.LargeBodyReadTimeout
	}
	return l.BodyBytes, l.BodyReadTimeout
}

// HTTPServer is the http.Server the gateway should be served with: header and idle timeouts and
// a header cap. It sets no ReadTimeout or WriteTimeout on purpose: both are per connection in
// net/http, and an expiring read deadline cancels the request context, which would cut every
// long-lived stream (presence events, the mission board) and every slow upstream call. Bodies
// get per-route read deadlines instead (Limits.BodyReadTimeout), cleared once the body is read.
func (g *Gateway) HTTPServer() *http.Server {
	l := g.limits
	return &http.Server{
		Handler:           g,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
	}
}
