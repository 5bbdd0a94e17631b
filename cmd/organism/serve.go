package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"

	oklog "github.com/oklog/run"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/telemetry"
	"github.com/organism-dev/organism/platform/tlsconfig"
)

// serviceTargets are the targets that host a gRPC service, in start order (dependencies first).
var serviceTargets = []string{"medulla", "presence", "soul", "mission"}

// config is everything `organism serve` needs; main fills it from flags and the environment.
type config struct {
	target          string
	dataDir         string
	store           string // "sqlite" (or empty) or a postgres:// DSN; see organDeps.store
	grpcAddr        string
	httpAddr        string
	peers           map[string]string // service -> gRPC address; empty means this process
	ownerPub        string            // owner's public key; "" means <data-dir>/owner.pub
	serviceToken    string            // this process's own credential (soul, mission)
	gatewayToken    string            // the gateway's credential
	tls             tlsconfig.Files
	shutdownTimeout time.Duration
	// The organs' background schedules; zero takes each organ's default, negative switches off.
	doctrineSweep, charterSweep, refGrace time.Duration
	upstreamEvery                         time.Duration // how often readiness re-checks the upstreams
	mcpOrigins                            []string      // browser origins /mcp admits besides loopback
	logLevel                              slog.Level

	// Set only by tests.
	// gatewayLoopback makes a co-located gateway reach the organs over the loopback socket
	// instead of the in-process channel (the split shape, for comparisons).
	gatewayLoopback bool
	grpcListener    net.Listener
	httpListener    net.Listener
	tracerProvider  trace.TracerProvider
	clock           clock.Clock
	logger          *slog.Logger
	ready           func(grpcAddr, httpAddr string)
}

// hosts reports whether this process runs the named service.
func (c config) hosts(name string) bool { return c.target == "all" || c.target == name }

// addrOf is where to reach the named service: this process's own gRPC address when it hosts the
// service (or no other address was given), the configured peer address otherwise.
func (c config) addrOf(name, own string) string {
	if c.peers[name] == "" || c.hosts(name) {
		return own
	}
	return c.peers[name]
}

// remote reports whether the named service is reached over the network, not in this process.
func (c config) remote(name string) bool { return c.peers[name] != "" && !c.hosts(name) }

// run serves what cfg.target names until ctx ends or a component fails.
//
// Start is strictly ordered and every step that can fail does so before anything serves:
// credentials, TLS material, listeners, stores (dependencies first), the gateway. Then one
// supervisor (an oklog/run group) runs the servers and the upstream watcher; the first of them
// to return, or ctx ending, stops them all: the gateway's /healthz and the gRPC health service
// go NOT_SERVING, in-flight calls drain for at most shutdownTimeout, connections close, and the
// stores close last. The error returned is the first cause, so the process exits non-zero with it.
func run(ctx context.Context, cfg config, out io.Writer) (err error) {
	logger := cfg.logger
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.logLevel}))
	}
	clk := clock.Or(cfg.clock)
	if cfg.upstreamEvery <= 0 {
		cfg.upstreamEvery = 5 * time.Second
	}
	if err := os.MkdirAll(cfg.dataDir, 0o700); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	keys, err := loadKeys(cfg, clk)
	if err != nil {
		return err
	}
	var tlsSrc *tlsconfig.Source
	if cfg.tls.Enabled() {
		if err := cfg.tls.Check(true); err != nil {
			return err
		}
		if tlsSrc, err = tlsconfig.Load(cfg.tls); err != nil {
			return err
		}
		if na := tlsSrc.NotAfter(); !na.IsZero() && !clk.Now().Before(na) {
			return fmt.Errorf("tls: the certificate in %s expired at %s", cfg.tls.Cert, na.Format(time.RFC3339))
		}
	}

	tp := cfg.tracerProvider
	if tp == nil {
		var shutdown func(context.Context) error
		tp, shutdown, err = telemetry.Setup(ctx, "organism-"+cfg.target)
		if err != nil {
			return fmt.Errorf("telemetry: %w", err)
		}
		defer func() {
			fctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			shutdown(fctx)
		}()
	}

	// Two teardown stacks: links (listeners, connections, the gateway) unwind first, stores last.
	var links, stores teardown
	defer func() {
		links.unwind(logger)
		stores.unwind(logger)
	}()

	// Listeners first: a port in use fails the start before any store opens.
	var grpcLis, httpLis net.Listener
	if cfg.target != "gateway" {
		if grpcLis, err = listen(cfg.grpcListener, cfg.grpcAddr, "grpc"); err != nil {
			return err
		}
		links.add("grpc listener", ignoreClosed(grpcLis.Close))
	}
	if cfg.hosts("gateway") {
		if httpLis, err = listen(cfg.httpListener, cfg.httpAddr, "http"); err != nil {
			return err
		}
		links.add("http listener", ignoreClosed(httpLis.Close))
	}
	var dialTLS []grpc.DialOption
	if tlsSrc != nil {
		dialTLS = []grpc.DialOption{grpc.WithTransportCredentials(credentials.NewTLS(tlsSrc.Client()))}
	}

	// stopCtx ends when the supervisor stops; organs end their streams and loops on it.
	stopCtx, cancelStop := context.WithCancel(ctx)
	defer cancelStop()

	var g oklog.Group
	var draining atomic.Bool
	var stopOnce sync.Once
	var hs *http.Server
	shutDone := make(chan struct{})
	// stop is every actor's interrupt: health first, then the drain, whichever actor failed.
	stop := func(error) {
		stopOnce.Do(func() {
			draining.Store(true) // the gateway's /healthz answers NOT_SERVING from here on
			cancelStop()         // gRPC health NOT_SERVING, then GracefulStop (grpcserver.Serve)
			if hs != nil {
				go func() {
					defer close(shutDone)
					sctx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
					defer cancel()
					if err := hs.Shutdown(sctx); err != nil {
						logger.Warn("gateway drain timed out; closing", "err", err)
						hs.Close()
					}
				}()
			}
		})
	}
	g.Add(func() error { <-stopCtx.Done(); return nil }, stop)

	var grpcAddr string
	var channel *grpcserver.Channel // the organs in this process, for a gateway beside them
	if grpcLis != nil {
		grpcAddr = grpcLis.Addr().String()
		lis := grpcLis
		if tlsSrc != nil {
			lis = tls.NewListener(grpcLis, tlsSrc.Server("h2"))
		}
		srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: keys.verifier, Logger: logger, TracerProvider: tp, ShutdownTimeout: cfg.shutdownTimeout})
		channel = grpcserver.NewChannel(srv)
		links.add("in-process channel", func() error { channel.Close(); return nil })
		peerConns := map[string]*grpc.ClientConn{}
		dialPeer := func(name string) (*grpc.ClientConn, error) {
			if c, ok := peerConns[name]; ok {
				return c, nil
			}
			c, err := grpcserver.Dial(dialable(cfg.addrOf(name, grpcAddr)), grpcserver.DialOptions{Credentials: auth.Credentials{Fallback: keys.serviceToken}, TracerProvider: tp, Extra: dialTLS})
			if err != nil {
				return nil, fmt.Errorf("dial %s: %w", name, err)
			}
			peerConns[name] = c
			links.add(name+" connection", c.Close)
			return c, nil
		}
		deps := organDeps{dataDir: cfg.dataDir, store: cfg.store, logger: logger, clock: clk, dial: dialPeer, peerDial: dialTLS,
			doctrineSweep: cfg.doctrineSweep, charterSweep: cfg.charterSweep, refGrace: cfg.refGrace}
		for _, name := range serviceTargets {
			if !cfg.hosts(name) {
				continue
			}
			o, err := openOrgan(stopCtx, name, deps)
			if err != nil {
				return fmt.Errorf("open %s: %w", name, err)
			}
			stores.add(name+" store", o.Close)
			o.Register(channel) // registers on srv too
		}
		// Storage is open: the hosted services report SERVING; readiness waits for upstreams.
		for _, name := range serviceTargets {
			if cfg.hosts(name) {
				srv.SetServing(serviceName(name), true)
			}
		}
		w := newUpstreamWatch(srv, logger)
		for _, name := range serviceTargets {
			if cfg.remote(name) && peerConns[name] != nil {
				w.watch(name, peerConns[name])
			}
		}
		w.publish()
		served := make(chan struct{})
		g.Add(func() error {
			defer close(served)
			if err := srv.Serve(stopCtx); err != nil {
				return err
			}
			if ctx.Err() == nil && !draining.Load() {
				return errors.New("grpc server stopped on its own")
			}
			return nil
		}, func(err error) { stop(err); <-served })
		if w.any() {
			g.Add(func() error {
				w.check(stopCtx)
				clock.Loop(stopCtx, clk, cfg.upstreamEvery, w.check)
				return nil
			}, stop)
		}
	}

	var httpAddr string
	if httpLis != nil {
		upstreams, streams, err := gatewayUpstreams(cfg, channel, grpcAddr, dialTLS, tp)
		if err != nil {
			return err
		}
		if streams != nil {
			links.add("gateway streams connection", streams.Close)
		}
		gw, err := gateway.New(stopCtx, gateway.Options{
			Upstreams: upstreams,
			SoulAddr:  dialable(cfg.addrOf("soul", grpcAddr)), MedullaAddr: dialable(cfg.addrOf("medulla", grpcAddr)),
			MissionAddr: dialable(cfg.addrOf("mission", grpcAddr)), PresenceAddr: dialable(cfg.addrOf("presence", grpcAddr)),
			DialExtra: dialTLS, SecureCookie: tlsSrc != nil,
			Verifier: keys.verifier, GatewayToken: keys.gatewayToken, Logger: logger, TracerProvider: tp, Clock: clk,
			MCPAllowedOrigins: cfg.mcpOrigins, Version: toolVersion(),
		})
		if err != nil {
			return fmt.Errorf("gateway: %w", err)
		}
		links.add("gateway", gw.Close)
		httpAddr = httpLis.Addr().String()
		lis := httpLis
		if tlsSrc != nil {
			lis = tls.NewListener(httpLis, tlsSrc.Server("http/1.1"))
		}
		// The gateway's own server settings (header and idle timeouts, header size), with the
		// lifecycle's /livez and draining answer in front of it.
		hs = gw.HTTPServer()
		hs.Handler = lifecycleHandler(gw, &draining)
		g.Add(func() error {
			if err := hs.Serve(lis); !errors.Is(err, http.ErrServerClosed) {
				return fmt.Errorf("gateway http: %w", err)
			}
			<-shutDone // Serve returns when the drain starts; the connections close after it ends
			return nil
		}, stop)
	}

	printBanner(out, cfg, grpcAddr, httpAddr, tlsSrc != nil, keys.ownerTokenPath)
	if cfg.ready != nil {
		cfg.ready(grpcAddr, httpAddr)
	}
	err = g.Run()
	if err != nil {
		logger.Error("stopping", "cause", err)
	}
	return err
}

// listen returns the injected listener or binds addr; the error names what could not bind.
func listen(injected net.Listener, addr, what string) (net.Listener, error) {
	if injected != nil {
		return injected, nil
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%s listen: %w", what, err)
	}
	return l, nil
}

// dialable turns a wildcard listen address (":7700", "0.0.0.0:7700") into one a client can
// reach and verify a certificate for: the loopback name.
func dialable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		return net.JoinHostPort("localhost", port)
	}
	return addr
}

func printBanner(out io.Writer, cfg config, grpcAddr, httpAddr string, tlsOn bool, ownerToken string) {
	fmt.Fprintf(out, "organism %s serving\n", cfg.target)
	if grpcAddr != "" {
		fmt.Fprintf(out, "  gRPC:    %s\n", grpcAddr)
	}
	if httpAddr != "" {
		scheme := "http"
		if tlsOn {
			scheme = "https"
		}
		fmt.Fprintf(out, "  gateway: %s://%s\n", scheme, httpAddr)
	}
	fmt.Fprintf(out, "  data:    %s\n", cfg.dataDir)
	if pgdb.IsDSN(cfg.store) {
		fmt.Fprintf(out, "  store:   %s\n", pgdb.Redact(cfg.store))
	}
	if ownerToken != "" {
		fmt.Fprintf(out, "  owner credential: %s\n", ownerToken)
	}
}

// lifecycleHandler answers the probes the process itself owns around the gateway: /livez is 200
// while the process runs (liveness must not follow the upstreams, or a medulla outage would
// restart every gateway), and /healthz is NOT_SERVING from the moment the drain begins.
func lifecycleHandler(gw http.Handler, draining *atomic.Bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/livez" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"status":"LIVE"}`)
		case r.URL.Path == "/healthz" && draining.Load():
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `{"status":"NOT_SERVING","reason":"DRAINING"}`)
		default:
			gw.ServeHTTP(w, r)
		}
	})
}

// teardown is a stack of closers run in reverse order of their adding.
type teardown []struct {
	name  string
	close func() error
}

func (t *teardown) add(name string, close func() error) {
	*t = append(*t, struct {
		name  string
		close func() error
	}{name, close})
}

func (t teardown) unwind(logger *slog.Logger) {
	for i := len(t) - 1; i >= 0; i-- {
		if err := t[i].close(); err != nil {
			logger.Error("close", "what", t[i].name, "err", err)
		}
	}
}

// ignoreClosed wraps a listener's Close: the server closing it first is the normal path.
func ignoreClosed(close func() error) func() error {
	return func() error {
		if err := close(); err != nil && !errors.Is(err, net.ErrClosed) {
			return err
		}
		return nil
	}
}
