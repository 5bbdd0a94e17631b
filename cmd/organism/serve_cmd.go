package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/organism-dev/organism/platform/pgdb"
)

var serveCmd = &command{
	name: "serve", plain: true,
	summary: "run the services and the gateway (--target=all|soul|medulla|mission|presence|gateway); only --target=all with no key flags creates the owner key",
	setup:   serveFlags,
}

// serveFlags binds serve's flags; the action turns them into the config run serves with.
func serveFlags(fs *flag.FlagSet) action {
	cfg := config{peers: map[string]string{}}
	fs.StringVar(&cfg.target, "target", envOr("ORGANISM_TARGET", "all"), "what to run: all, soul, medulla, mission, presence or gateway (env ORGANISM_TARGET)")
	fs.StringVar(&cfg.dataDir, "data-dir", envOr("ORGANISM_DATA_DIR", defaultDataDir), "data directory: one SQLite database per service (and, in --target=all development mode, the owner key) (env ORGANISM_DATA_DIR)")
	fs.StringVar(&cfg.store, "store", envOr("ORGANISM_STORE", "sqlite"), "where the services keep their state: sqlite (one file per service in the data dir) or a postgres:// URL (one database, one schema per service; replicas may share it) (env ORGANISM_STORE)")
	fs.StringVar(&cfg.grpcAddr, "grpc-addr", envOr("ORGANISM_GRPC_ADDR", defaultGRPCAddr), "gRPC listen address (env ORGANISM_GRPC_ADDR)")
	fs.StringVar(&cfg.httpAddr, "http-addr", envOr("ORGANISM_HTTP_ADDR", defaultHTTPAddr), "gateway HTTP listen address (env ORGANISM_HTTP_ADDR)")
	peerFlags := map[string]*string{}
	for _, s := range serviceTargets {
		env := "ORGANISM_" + strings.ToUpper(s) + "_ADDR"
		peerFlags[s] = fs.String(s+"-addr", os.Getenv(env), "gRPC address of the "+s+" service when it runs elsewhere (env "+env+")")
	}
	fs.StringVar(&cfg.ownerPub, "owner-pub", os.Getenv("ORGANISM_OWNER_PUB"), "the owner's public key that verifies every credential; default <data-dir>/owner.pub (env ORGANISM_OWNER_PUB)")
	fs.StringVar(&cfg.serviceToken, "service-token", os.Getenv("ORGANISM_SERVICE_TOKEN"), "this target's own credential for calls it makes (soul, mission) (env ORGANISM_SERVICE_TOKEN)")
	fs.StringVar(&cfg.gatewayToken, "gateway-token", os.Getenv("ORGANISM_GATEWAY_TOKEN"), "the gateway's own credential (env ORGANISM_GATEWAY_TOKEN)")
	tlsFlags(fs, &cfg.tls, true)
	fs.DurationVar(&cfg.upstreamEvery, "upstream-check", 5*time.Second, "how often readiness re-checks the services this target calls")
	fs.DurationVar(&cfg.shutdownTimeout, "shutdown-timeout", 10*time.Second, "how long in-flight RPCs may drain on shutdown")
	fs.DurationVar(&cfg.doctrineSweep, "doctrine-sweep", 0, "how often medulla re-measures every doctrine copy at its origin; 0 is the default (1h), negative off")
	fs.DurationVar(&cfg.charterSweep, "charter-sweep", 0, "how often mission screens unread field reports; 0 is the default (1m), negative off")
	fs.DurationVar(&cfg.refGrace, "ref-grace", 0, "how long a closed mission's candidate ref stays in its repository; 0 is the default (24h)")
	mcpOrigins := mcpOriginsFlag(fs)
	level := fs.String("log-level", envOr("ORGANISM_LOG_LEVEL", "info"), "debug, info, warn or error (env ORGANISM_LOG_LEVEL)")
	return func(ctx context.Context, c *call) error {
		for name, v := range peerFlags {
			cfg.peers[name] = *v
		}
		if err := cfg.logLevel.UnmarshalText([]byte(*level)); err != nil {
			return usageError{fmt.Sprintf("--log-level: %v", err)}
		}
		var err error
		if cfg.mcpOrigins, err = mcpOrigins(); err != nil {
			return err
		}
		switch cfg.target {
		case "all", "soul", "medulla", "mission", "presence", "gateway":
		default:
			return usageError{fmt.Sprintf("--target %q: want all, soul, medulla, mission, presence or gateway", cfg.target)}
		}
		if cfg.store != "sqlite" && cfg.store != "" && !pgdb.IsDSN(cfg.store) {
			return usageError{fmt.Sprintf("--store %q: want sqlite or a postgres:// URL", pgdb.Redact(cfg.store))}
		}
		return run(ctx, cfg, c.out)
	}
}
