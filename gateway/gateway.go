// Package gateway is Organism's JSON facade: grpc-gateway routes for every service under /v1,
// the owner's session (cookie + CSRF), /healthz, /metrics, /openapi.json, and the Hall (package hall) at /.
package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/telemetry"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// Options configure the gateway.
type Options struct {
	// Upstream gRPC addresses; in --target=all they are all the same loopback address.
	SoulAddr, MedullaAddr, MissionAddr, PresenceAddr string
	// DialExtra is appended to every upstream dial (tests pass a bufconn dialer).
	DialExtra []grpc.DialOption
	// Upstreams are ready connections, by full gRPC service name
	// (soulv1.SoulService_ServiceDesc.ServiceName, ...): a service named here is not dialed (its
	// address may be empty), and the gateway does not close its connection. `serve --target=all`
	// passes the in-process channel (grpcserver.Channel) here. The gateway calls through it exactly
	// as through a dialed one: the caller's credential in the metadata, nothing else.
	Upstreams map[string]grpc.ClientConnInterface
	// Verifier checks credentials presented at login.
	Verifier *auth.Verifier
	// GatewayToken is the gateway's own credential, sent upstream beside an owner session.
	GatewayToken string
	Logger       *slog.Logger
	// TracerProvider defaults to the global one.
	TracerProvider trace.TracerProvider
	Propagator     propagation.TextMapPropagator
	// Registerer receives the gateway's metrics; nil means a fresh registry served at /metrics.
	Registry *prometheus.Registry
	Clock    clock.Clock
	// SessionTTL bounds an owner session; default 12h.
	SessionTTL time.Duration
	// SecureCookie sets the Secure attribute (enable behind TLS).
	SecureCookie bool
	// Hall serves the owner's web UI at /; nil mounts the built-in Hall (package gateway/hall).
	Hall http.Handler
	// Limits bound request bodies and connection timeouts; zero fields take the defaults
	// (see Limits and HTTPServer).
	Limits Limits
	// MCPAllowedOrigins are the browser origins (scheme://host[:port]) /mcp admits besides
	// loopback ones; any other Origin header is refused 403 (DNS rebinding).
	MCPAllowedOrigins []string
	// Version is the binary's version, which /mcp reports as its serverInfo.version; empty
	// leaves the MCP server's own default.
	Version string
}

// Gateway is the HTTP facade. Close releases its upstream connections.
type Gateway struct {
	opts     Options
	limits   Limits
	handler  http.Handler
	mux      *runtime.ServeMux
	routes   routeTable
	fixed    map[string]http.HandlerFunc
	conns    map[string]grpc.ClientConnInterface // by full service name
	dialed   []*grpc.ClientConn                  // the ones the gateway opened, and closes
	sessions *sessionStore
	metrics  *metrics
	mcp      http.Handler
}

// upstream names a service and the full gRPC service name its health is checked under.
type upstream struct {
	name    string
	service string
	addr    string
	reg     func(context.Context, *runtime.ServeMux, grpc.ClientConnInterface) error
}

// New dials every upstream and builds the handler.
func New(ctx context.Context, o Options) (*Gateway, error) {
	if o.Verifier == nil || o.GatewayToken == "" {
		return nil, errors.New("gateway needs a verifier and its own credential")
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Clock == nil {
		o.Clock = clock.Real{}
	}
	if o.SessionTTL <= 0 {
		o.SessionTTL = 12 * time.Hour
	}
	if o.Propagator == nil {
		o.Propagator = telemetry.Propagator()
	}
	if o.Registry == nil {
		o.Registry = prometheus.NewRegistry()
	}
	g := &Gateway{opts: o, limits: o.Limits.withDefaults(), conns: map[string]grpc.ClientConnInterface{}, sessions: newSessionStore(o.Clock, o.SessionTTL), metrics: newMetrics(o.Registry)}
	doc, err := mergedOpenAPI()
	if err != nil {
		return nil, err
	}
	if g.routes, err = newRouteTable(doc.paths); err != nil {
		return nil, err
	}

	ups := []upstream{
		{"soul", soulv1.SoulService_ServiceDesc.ServiceName, o.SoulAddr, func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return soulv1.RegisterSoulServiceHandlerClient(ctx, mux, soulv1.NewSoulServiceClient(c))
		}},
		{"medulla", medullav1.MedullaService_ServiceDesc.ServiceName, o.MedullaAddr, func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return medullav1.RegisterMedullaServiceHandlerClient(ctx, mux, medullav1.NewMedullaServiceClient(c))
		}},
		{"mission", missionv1.MissionService_ServiceDesc.ServiceName, o.MissionAddr, func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return missionv1.RegisterMissionServiceHandlerClient(ctx, mux, missionv1.NewMissionServiceClient(c))
		}},
		{"presence", presencev1.PresenceService_ServiceDesc.ServiceName, o.PresenceAddr, func(ctx context.Context, mux *runtime.ServeMux, c grpc.ClientConnInterface) error {
			return presencev1.RegisterPresenceServiceHandlerClient(ctx, mux, presencev1.NewPresenceServiceClient(c))
		}},
	}
	mux := runtime.NewServeMux(
		runtime.WithIncomingHeaderMatcher(headerMatcher),
		runtime.WithOutgoingHeaderMatcher(func(string) (string, bool) { return "", false }),
		runtime.WithMetadata(g.sessionMetadata),
		runtime.WithErrorHandler(g.errorHandler),
		runtime.WithStreamErrorHandler(g.streamErrorHandler),
		runtime.WithRoutingErrorHandler(g.routingErrorHandler),
		// A POST with a form body is not a GET in disguise here: that fallback parses the body
		// outside the guard's cap.
		runtime.WithDisablePathLengthFallback(),
		runtime.WithMarshalerOption(runtime.MIMEWildcard, wireMarshaler{&runtime.JSONPb{
			MarshalOptions:   wireJSON, // written by jsonEncoder (jsonenc.go)
			UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: false},
		}}),
	)
	g.mux = mux
	for _, u := range ups {
		conn, err := g.upstream(u)
		if err != nil {
			g.Close()
			return nil, err
		}
		g.conns[u.service] = conn
		if err := u.reg(ctx, mux, conn); err != nil {
			g.Close()
			return nil, fmt.Errorf("gateway: register %s: %w", u.name, err)
		}
	}
	if g.opts.Hall == nil {
		h, err := g.newHall()
		if err != nil {
			g.Close()
			return nil, err
		}
		g.opts.Hall = h
	}
	g.mcp = g.mcpHandler()
	g.fixed = map[string]http.HandlerFunc{
		"/openapi.json": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(doc.raw)
		},
		"/healthz": g.healthz,
		"/metrics": promhttp.HandlerFor(o.Registry, promhttp.HandlerOpts{}).ServeHTTP,
	}
	root := http.HandlerFunc(g.dispatch)
	traced := otelhttp.NewHandler(g.metrics.http(root), "gateway",
		otelhttp.WithTracerProvider(o.TracerProvider),
		otelhttp.WithPropagators(o.Propagator),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return r.Method + " " + r.URL.Path }),
	)
	// The connection's own ResponseController rides in the context: the guard sets read
	// deadlines through it, and the tracing wrapper does not unwrap to the connection.
	g.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		traced.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), controllerKey{}, http.NewResponseController(w))))
	})
	return g, nil
}

// dispatch routes a request: the owner session, the API under /v1 (guarded, see api), the fixed
// GET endpoints, and everything else to the Hall or the index page. Unknown paths are JSON 404s
// unless the client prefers HTML; a known path with the wrong method is a 405 with Allow.
func (g *Gateway) dispatch(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case p == "/v1/session":
		switch r.Method {
		case http.MethodPost:
			g.login(w, r)
		case http.MethodGet:
			g.whoami(w, r)
		case http.MethodDelete:
			g.logout(w, r)
		default:
			methodNotAllowed(w, []string{http.MethodDelete, http.MethodGet, http.MethodPost})
		}
		return
	case p == "/v1" || strings.HasPrefix(p, "/v1/"):
		g.api(w, r)
		return
	case p == mcpPath || p == mcpPath+"/":
		// /mcp/ is the same endpoint: a client configured with the trailing slash is served,
		// not redirected (not every client resends a POST body on a redirect).
		g.mcp.ServeHTTP(w, r)
		return
	}
	if h, ok := g.fixed[p]; ok {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			methodNotAllowed(w, []string{http.MethodGet, http.MethodHead})
			return
		}
		h(w, r)
		return
	}
	switch {
	case g.opts.Hall != nil && prefersHTML(r):
		g.opts.Hall.ServeHTTP(w, r)
	case g.opts.Hall != nil:
		g.opts.Hall.ServeHTTP(&hallNotFound{ResponseWriter: w, r: r}, r)
	case p == "/" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		index(w, r)
	case p == "/":
		methodNotAllowed(w, []string{http.MethodGet, http.MethodHead})
	default:
		notFound(w, r, true)
	}
}

// ServeHTTP implements http.Handler.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) { g.handler.ServeHTTP(w, r) }

// Close closes every upstream connection.
func (g *Gateway) Close() error {
	var errs []error
	for _, c := range g.dialed {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// upstream is the connection to one service: the ready one given in Options.Upstreams (metered
// here, since the gateway's dial options do not reach it), or a traced dial of its address.
func (g *Gateway) upstream(u upstream) (grpc.ClientConnInterface, error) {
	if c, ok := g.opts.Upstreams[u.service]; ok && c != nil {
		return meteredConn{ClientConnInterface: c, m: g.metrics, service: u.name}, nil
	}
	if u.addr == "" {
		return nil, fmt.Errorf("gateway: no address for %s", u.name)
	}
	dialOpts := append([]grpc.DialOption{
		// Answers as large as the services may send (gRPC's client default is 4 MiB).
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(grpcserver.DefaultMaxMsgBytes)),
		grpc.WithChainUnaryInterceptor(g.metrics.unary(u.name)),
		grpc.WithChainStreamInterceptor(g.metrics.stream(u.name)),
	}, g.opts.DialExtra...)
	conn, err := grpcserver.Dial(u.addr, grpcserver.DialOptions{TracerProvider: g.opts.TracerProvider, Propagator: g.opts.Propagator, Extra: dialOpts})
	if err != nil {
		return nil, fmt.Errorf("gateway: dial %s: %w", u.name, err)
	}
	g.dialed = append(g.dialed, conn)
	return conn, nil
}

// headerMatcher forwards no request header as metadata. grpc-gateway itself always forwards
// Authorization; everything else, in particular any attempt to smuggle x-organism-* metadata
// (the owner-session carrier), is dropped.
func headerMatcher(string) (string, bool) { return "", false }

type sessionCtxKey struct{}

// sessionMetadata sends the gateway credential and the owner's session upstream for requests
// that came from a logged-in Hall session (origin human-ui).
func (g *Gateway) sessionMetadata(ctx context.Context, _ *http.Request) metadata.MD {
	s, ok := ctx.Value(sessionCtxKey{}).(*session)
	if !ok {
		return nil
	}
	return metadata.Pairs(auth.AuthorizationHeader, "Bearer "+g.opts.GatewayToken, auth.SessionHeader, s.ownerToken)
}

func index(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, `<!doctype html><title>Organism</title><h1>Organism</h1>
<p>JSON API under <code>/v1</code> — <a href="/openapi.json">OpenAPI</a> · <a href="/healthz">health</a> · <a href="/metrics">metrics</a></p>`)
}
