// Package grpcserver hosts Organism services on one gRPC server: the ordered interceptor chain,
// tracing stats handler, health (NOT_SERVING until storage opens) and reflection, and a
// graceful shutdown that drains in-flight RPCs before a hard stop.
package grpcserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/telemetry"
)

// Options configure a Server.
type Options struct {
	// Listener is where the server serves; it is injected so tests can pass bufconn or :0.
	Listener net.Listener
	// Verifier checks every credential.
	Verifier *auth.Verifier
	Logger   *slog.Logger
	// TracerProvider defaults to the global one.
	TracerProvider trace.TracerProvider
	// Propagator defaults to W3C trace context + baggage.
	Propagator propagation.TextMapPropagator
	// ShutdownTimeout bounds the graceful drain; default 10s.
	ShutdownTimeout time.Duration
	// MaxRecvMsgBytes and MaxSendMsgBytes cap one message each way; default DefaultMaxMsgBytes.
	MaxRecvMsgBytes, MaxSendMsgBytes int
	// MaxStreamsPerCredential caps the streams one verified credential holds open at once;
	// default DefaultMaxStreamsPerCredential, negative means no limit.
	MaxStreamsPerCredential int
}

// Server is one gRPC server hosting one or more Organism services.
type Server struct {
	opts   Options
	grpc   *grpc.Server
	health *health.Server
}

// New builds the server with the one interceptor chain, in order: panic recovery, access log,
// authentication, and for streams the per-credential stream limit. Tracing runs as a stats
// handler around all of it. The message-size, keepalive and stream limits are listed in limits.go.
func New(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.ShutdownTimeout <= 0 {
		opts.ShutdownTimeout = 10 * time.Second
	}
	if opts.Propagator == nil {
		opts.Propagator = telemetry.Propagator()
	}
	if opts.MaxRecvMsgBytes <= 0 {
		opts.MaxRecvMsgBytes = DefaultMaxMsgBytes
	}
	if opts.MaxSendMsgBytes <= 0 {
		opts.MaxSendMsgBytes = DefaultMaxMsgBytes
	}
	if opts.MaxStreamsPerCredential == 0 {
		opts.MaxStreamsPerCredential = DefaultMaxStreamsPerCredential
	}
	streamChain := []grpc.StreamServerInterceptor{
		recoverStream(opts.Logger),
		logStream(opts.Logger),
		opts.Verifier.StreamServerInterceptor(),
	}
	if opts.MaxStreamsPerCredential > 0 {
		streamChain = append(streamChain, newStreamLimiter(opts.MaxStreamsPerCredential).interceptor())
	}
	statsOpts := []otelgrpc.Option{otelgrpc.WithPropagators(opts.Propagator)}
	if opts.TracerProvider != nil {
		statsOpts = append(statsOpts, otelgrpc.WithTracerProvider(opts.TracerProvider))
	}
	g := grpc.NewServer(append(limitOptions(opts),
		grpc.StatsHandler(otelgrpc.NewServerHandler(statsOpts...)),
		grpc.ChainUnaryInterceptor(serverUnaryInterceptors(opts)...),
		grpc.ChainStreamInterceptor(streamChain...),
	)...)
	h := health.NewServer()
	h.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
	healthpb.RegisterHealthServer(g, h)
	reflection.Register(g)
	return &Server{opts: opts, grpc: g, health: h}
}

// Registrar is where services register their implementations.
func (s *Server) Registrar() grpc.ServiceRegistrar { return s.grpc }

// SetServing marks one service (by full name) NOT_SERVING or SERVING. The overall status ("")
// follows: SERVING once every service marked so far is serving.
func (s *Server) SetServing(service string, serving bool) {
	st := healthpb.HealthCheckResponse_NOT_SERVING
	if serving {
		st = healthpb.HealthCheckResponse_SERVING
	}
	s.health.SetServingStatus(service, st)
	s.health.SetServingStatus("", s.overall())
}

func (s *Server) overall() healthpb.HealthCheckResponse_ServingStatus {
	for name := range s.grpc.GetServiceInfo() {
		if name == healthpb.Health_ServiceDesc.ServiceName || isReflection(name) {
			continue
		}
		resp, err := s.health.Check(context.Background(), &healthpb.HealthCheckRequest{Service: name})
		if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
			return healthpb.HealthCheckResponse_NOT_SERVING
		}
	}
	return healthpb.HealthCheckResponse_SERVING
}

func isReflection(name string) bool {
	return name == "grpc.reflection.v1.ServerReflection" || name == "grpc.reflection.v1alpha.ServerReflection"
}

// Serve serves until ctx is done, then reports NOT_SERVING, drains in-flight RPCs for at most
// ShutdownTimeout, and stops hard after that.
func (s *Server) Serve(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.grpc.Serve(s.opts.Listener) }()
	select {
	case err := <-errc:
		s.health.Shutdown()
		if errors.Is(err, grpc.ErrServerStopped) {
			return nil
		}
		return fmt.Errorf("grpc serve: %w", err)
	case <-ctx.Done():
	}
	s.health.Shutdown()
	drained := make(chan struct{})
	go func() {
		s.grpc.GracefulStop()
		close(drained)
	}()
	timer := time.NewTimer(s.opts.ShutdownTimeout)
	defer timer.Stop()
	select {
	case <-drained:
	case <-timer.C:
		s.opts.Logger.Warn("graceful drain timed out; stopping", "timeout", s.opts.ShutdownTimeout)
		s.grpc.Stop()
		<-drained
	}
	if err := <-errc; err != nil && !errors.Is(err, grpc.ErrServerStopped) {
		return fmt.Errorf("grpc serve: %w", err)
	}
	return nil
}

func recoverUnary(logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				logger.ErrorContext(ctx, "panic in handler", "method", info.FullMethod, "panic", r, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}

func recoverStream(logger *slog.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) (err error) {
		defer func() {
			if r := recover(); r != nil {
				logger.ErrorContext(ss.Context(), "panic in stream handler", "method", info.FullMethod, "panic", r, "stack", string(debug.Stack()))
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(srv, ss)
	}
}

func logUnary(logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		logCall(ctx, logger, info.FullMethod, start, err)
		return resp, err
	}
}

func logStream(logger *slog.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		start := time.Now()
		err := handler(srv, ss)
		logCall(ss.Context(), logger, info.FullMethod, start, err)
		return err
	}
}

func logCall(ctx context.Context, logger *slog.Logger, method string, start time.Time, err error) {
	if auth.Exempt(method) {
		return
	}
	code := status.Code(err)
	level := slog.LevelDebug
	if code == codes.Internal || code == codes.Unknown || code == codes.DataLoss {
		level = slog.LevelError
	}
	logger.Log(ctx, level, "rpc", "method", method, "code", code.String(), "duration", time.Since(start))
}
