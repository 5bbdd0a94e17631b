package gateway

import (
	"context"
	"net/http"
	"sort"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

type healthReport struct {
	Status    string            `json:"status"`
	Upstreams map[string]string `json:"upstreams"`
}

// healthz answers 200 only when every upstream service reports SERVING.
func (g *Gateway) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	rep := healthReport{Status: "SERVING", Upstreams: map[string]string{}}
	names := make([]string, 0, len(g.conns))
	for n := range g.conns {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		resp, err := healthpb.NewHealthClient(g.conns[name]).Check(ctx, &healthpb.HealthCheckRequest{Service: name})
		st := "UNREACHABLE"
		if err == nil {
			st = resp.GetStatus().String()
		}
		rep.Upstreams[name] = st
		if st != healthpb.HealthCheckResponse_SERVING.String() {
			rep.Status = "NOT_SERVING"
		}
	}
	code := http.StatusOK
	if rep.Status != "SERVING" {
		code = http.StatusServiceUnavailable
	}
	writeJSON(w, code, rep)
}
