package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"

	"github.com/organism-dev/organism/gateway"
	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/telemetry"
)

// serviceTargets are the targets that host a gRPC service, in start order (dependencies first).
var serviceTargets = []string{"medulla", "presence", "soul", "mission"}

// config is everything `organism serve` needs; main fills it from flags and the environment.
type config struct {
	target          string
	dataDir         string
	grpcAddr        string
	httpAddr        string
	peers           map[string]string // service -> gRPC address; empty means this process
	gatewayToken    string
	shutdownTimeout time.Duration
	logLevel        slog.Level

	// Set only by tests.
	grpcListener   net.Listener
	httpListener   net.Listener
	tracerProvider trace.TracerProvider
	clock          clock.Clock
	logger         *slog.Logger
	ready          func(grpcAddr, httpAddr string)
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

// run starts what cfg.target names and blocks until ctx is done, then shuts down gracefully.
func run(ctx context.Context, cfg config, out io.Writer) error {
	logger := cfg.logger
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.logLevel}))
	}
	clk := cfg.clock
	if clk == nil {
		clk = clock.Real{}
	}
	if err := os.MkdirAll(cfg.dataDir, 0o700); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	key, _, err := auth.LoadOrCreateOwnerKey(cfg.dataDir)
	if err != nil {
		return fmt.Errorf("owner key: %w", err)
	}
	signer := auth.NewSigner(key, clk.Now)
	verifier := signer.Verifier()
	ownerTokenPath, err := ensureOwnerToken(cfg.dataDir, signer)
	if err != nil {
		return err
	}

	tp := cfg.tracerProvider
	if tp == nil {
		var shutdown func(context.Context) error
		tp, shutdown, err = telemetry.Setup(ctx, "organism-"+cfg.target)
		if err != nil {
			return fmt.Errorf("telemetry: %w", err)
		}
		defer shutdown(context.Background())
	}

	serviceToken, err := signer.Mint(auth.MintRequest{Kind: auth.KindService, Subject: "organism-" + cfg.target})
	if err != nil {
		return err
	}

	errc := make(chan error, 2)
	running := 0
	var grpcAddr string
	var cleanups []func()
	defer func() {
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
	}()

	if cfg.target != "gateway" {
		lis := cfg.grpcListener
		if lis == nil {
			if lis, err = net.Listen("tcp", cfg.grpcAddr); err != nil {
				return fmt.Errorf("grpc listen: %w", err)
			}
		}
		grpcAddr = lis.Addr().String()
		srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: verifier, Logger: logger, TracerProvider: tp, ShutdownTimeout: cfg.shutdownTimeout})
		peerConns := map[string]*grpc.ClientConn{}
		dialPeer := func(name string) (*grpc.ClientConn, error) {
			if c, ok := peerConns[name]; ok {
				return c, nil
			}
			c, err := grpcserver.Dial(cfg.addrOf(name, grpcAddr), grpcserver.DialOptions{Credentials: auth.Credentials{Fallback: serviceToken}, TracerProvider: tp})
			if err != nil {
				return nil, err
			}
			peerConns[name] = c
			cleanups = append(cleanups, func() { c.Close() })
			return c, nil
		}
		deps := organDeps{dataDir: cfg.dataDir, logger: logger, clock: clk, dial: dialPeer}
		var opened []organ
		for _, name := range serviceTargets {
			if !cfg.hosts(name) {
				continue
			}
			o, err := openOrgan(ctx, name, deps)
			if err != nil {
				for _, o := range opened {
					o.Close()
				}
				return fmt.Errorf("open %s: %w", name, err)
			}
			opened = append(opened, o)
			o.Register(srv.Registrar())
			srv.SetServing(serviceName(name), false)
		}
		cleanups = append(cleanups, func() {
			for _, o := range opened {
				if err := o.Close(); err != nil {
					logger.Error("close", "err", err)
				}
			}
		})
		// Storage is open: report SERVING.
		for _, name := range serviceTargets {
			if cfg.hosts(name) {
				srv.SetServing(serviceName(name), true)
			}
		}
		running++
		go func() { errc <- srv.Serve(ctx) }()
	}

	var httpAddr string
	if cfg.hosts("gateway") {
		gwToken := cfg.gatewayToken
		if gwToken == "" {
			if gwToken, err = signer.Mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"}); err != nil {
				return err
			}
		}
		gw, err := gateway.New(ctx, gateway.Options{
			SoulAddr: cfg.addrOf("soul", grpcAddr), MedullaAddr: cfg.addrOf("medulla", grpcAddr),
			MissionAddr: cfg.addrOf("mission", grpcAddr), PresenceAddr: cfg.addrOf("presence", grpcAddr),
			Verifier: verifier, GatewayToken: gwToken, Logger: logger, TracerProvider: tp, Clock: clk,
		})
		if err != nil {
			return err
		}
		cleanups = append(cleanups, func() { gw.Close() })
		lis := cfg.httpListener
		if lis == nil {
			if lis, err = net.Listen("tcp", cfg.httpAddr); err != nil {
				return fmt.Errorf("http listen: %w", err)
			}
		}
		httpAddr = lis.Addr().String()
		hs := &http.Server{Handler: gw, ReadHeaderTimeout: 10 * time.Second}
		running++
		go func() {
			go func() {
				<-ctx.Done()
				sctx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
				defer cancel()
				hs.Shutdown(sctx)
			}()
			if err := hs.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- fmt.Errorf("http serve: %w", err)
				return
			}
			errc <- nil
		}()
	}

	fmt.Fprintf(out, "organism %s serving\n", cfg.target)
	if grpcAddr != "" {
		fmt.Fprintf(out, "  gRPC:    %s\n", grpcAddr)
	}
	if httpAddr != "" {
		fmt.Fprintf(out, "  gateway: http://%s\n", httpAddr)
	}
	fmt.Fprintf(out, "  data:    %s\n  owner credential: %s\n", cfg.dataDir, ownerTokenPath)
	if cfg.ready != nil {
		cfg.ready(grpcAddr, httpAddr)
	}

	var firstErr error
	for i := 0; i < running; i++ {
		if err := <-errc; err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}

// ensureOwnerToken writes the owner's credential into the data dir on first run so the owner can
// find it; it never overwrites one that exists.
func ensureOwnerToken(dataDir string, signer *auth.Signer) (string, error) {
	p := filepath.Join(dataDir, auth.OwnerTokenFile)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	tok, err := signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(p, []byte(tok+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("write owner credential: %w", err)
	}
	return p, nil
}
