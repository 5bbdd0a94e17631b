package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/tlsconfig"
)

// healthCmd is the gRPC health check as a verb, for probes that cannot speak TLS themselves
// (the kubelet's gRPC probe is plaintext): it exits 0 only when the service answers SERVING.
var healthCmd = &command{
	name:    "health",
	summary: "check a server's gRPC health (exit 0 when SERVING); --service organism.ready for readiness",
	setup: func(fs *flag.FlagSet) action {
		addr := fs.String("addr", envOr("ORGANISM_ADDR", defaultGRPCAddr), "gRPC address (env ORGANISM_ADDR)")
		service := fs.String("service", "", `health service: "" (the process), organism.ready, or a full service name`)
		timeout := fs.Duration("timeout", 2*time.Second, "give up after this long")
		var files tlsconfig.Files
		tlsFlags(fs, &files, false)
		return func(ctx context.Context, c *call) error {
			extra, err := clientTLS(files)
			if err != nil {
				return err
			}
			conn, err := grpcserver.Dial(*addr, grpcserver.DialOptions{Extra: extra})
			if err != nil {
				return err
			}
			defer conn.Close()
			ctx, cancel := context.WithTimeout(ctx, *timeout)
			defer cancel()
			resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{Service: *service})
			if err != nil {
				return fmt.Errorf("health %q: %w", *service, unreachable(*addr, err))
			}
			st := resp.GetStatus()
			if err := c.printValue(map[string]string{"status": st.String()}, func(w io.Writer) error {
				_, err := fmt.Fprintln(w, st)
				return err
			}); err != nil {
				return err
			}
			if st != healthpb.HealthCheckResponse_SERVING {
				return exitError{code: 1}
			}
			return nil
		}
	},
}
