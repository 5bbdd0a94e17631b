package main

import (
	"context"
	"log/slog"
	"sort"
	"sync"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/organism-dev/organism/platform/grpcserver"
)

// Health entries a serving process reports besides its own services. Liveness probes ask for ""
// (this process's own services, SERVING once its stores are open); readiness asks for
// readyService, which also needs every upstream this process calls to answer SERVING. Each
// upstream has its own entry, upstreamPrefix+name, so a probe or an operator can see which one
// holds readiness back without the process revealing where that upstream lives.
const (
	readyService   = "organism.ready"
	upstreamPrefix = "organism.upstream."
)

// upstreamCheckTimeout bounds one health check of one upstream: an upstream that accepts the
// connection and never answers counts as down after it.
const upstreamCheckTimeout = 2 * time.Second

// upstreamWatch keeps readiness in step with the upstreams this process dials.
type upstreamWatch struct {
	srv    *grpcserver.Server
	logger *slog.Logger

	mu    sync.Mutex
	conns map[string]*grpc.ClientConn
	state map[string]bool // upstream -> last seen SERVING
}

func newUpstreamWatch(srv *grpcserver.Server, logger *slog.Logger) *upstreamWatch {
	return &upstreamWatch{srv: srv, logger: logger, conns: map[string]*grpc.ClientConn{}, state: map[string]bool{}}
}

// watch adds an upstream; it counts as down until its first check answers SERVING.
func (w *upstreamWatch) watch(name string, c *grpc.ClientConn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.conns[name] = c
	w.state[name] = false
}

func (w *upstreamWatch) any() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.conns) > 0
}

// check asks every upstream's health service once and publishes the result.
func (w *upstreamWatch) check(ctx context.Context) {
	w.mu.Lock()
	names := make([]string, 0, len(w.conns))
	for n := range w.conns {
		names = append(names, n)
	}
	w.mu.Unlock()
	sort.Strings(names)
	for _, name := range names {
		cctx, cancel := context.WithTimeout(ctx, upstreamCheckTimeout)
		resp, err := healthpb.NewHealthClient(w.conns[name]).Check(cctx, &healthpb.HealthCheckRequest{Service: serviceName(name)})
		cancel()
		up := err == nil && resp.GetStatus() == healthpb.HealthCheckResponse_SERVING
		w.mu.Lock()
		was := w.state[name]
		w.state[name] = up
		w.mu.Unlock()
		if was != up && ctx.Err() == nil {
			if up {
				w.logger.Info("upstream serving", "upstream", name)
			} else {
				w.logger.Warn("upstream not serving; readiness is NOT_SERVING", "upstream", name, "err", err)
			}
		}
	}
	if ctx.Err() == nil {
		w.publish()
	}
}

// publish sets the readiness entry and one entry per upstream.
func (w *upstreamWatch) publish() {
	w.mu.Lock()
	defer w.mu.Unlock()
	ready := true
	for name, up := range w.state {
		w.srv.SetServing(upstreamPrefix+name, up)
		ready = ready && up
	}
	w.srv.SetServing(readyService, ready)
}
