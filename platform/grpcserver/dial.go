package grpcserver

import (
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/organism-dev/organism/platform/telemetry"
)

// DialOptions configure a client connection from one Organism component to another.
type DialOptions struct {
	// Credentials are attached to every call (auth.Credentials forwards the caller's own).
	Credentials credentials.PerRPCCredentials
	// TracerProvider defaults to the global one.
	TracerProvider trace.TracerProvider
	Propagator     propagation.TextMapPropagator
	// Extra dial options (for example a bufconn dialer in tests).
	Extra []grpc.DialOption
}

// Dial opens a traced client connection to target.
func Dial(target string, o DialOptions) (*grpc.ClientConn, error) {
	if o.Propagator == nil {
		o.Propagator = telemetry.Propagator()
	}
	statsOpts := []otelgrpc.Option{otelgrpc.WithPropagators(o.Propagator)}
	if o.TracerProvider != nil {
		statsOpts = append(statsOpts, otelgrpc.WithTracerProvider(o.TracerProvider))
	}
	opts := []grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithStatsHandler(otelgrpc.NewClientHandler(statsOpts...)),
	}
	if o.Credentials != nil {
		opts = append(opts, grpc.WithPerRPCCredentials(o.Credentials))
	}
	opts = append(opts, o.Extra...)
	return grpc.NewClient(target, opts...)
}
