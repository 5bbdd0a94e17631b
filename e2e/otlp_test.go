//go:build e2e

package e2e

import (
	"context"
	"encoding/hex"
	"net"
	"sync"
	"testing"
	"time"

	collectortrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/grpc"
)

// span is what the receiver keeps of one exported span.
type span struct {
	service, name     string
	trace, id, parent string
	kind              tracepb.Span_SpanKind
}

// receiver is an in-process OTLP/gRPC trace collector every serving process exports to.
type receiver struct {
	collectortrace.UnimplementedTraceServiceServer
	addr string

	mu    sync.Mutex
	spans map[string]span // by span id
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &receiver{addr: lis.Addr().String(), spans: map[string]span{}}
	srv := grpc.NewServer()
	collectortrace.RegisterTraceServiceServer(srv, r)
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	return r
}

// Export implements the OTLP trace service.
func (r *receiver) Export(_ context.Context, req *collectortrace.ExportTraceServiceRequest) (*collectortrace.ExportTraceServiceResponse, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rs := range req.GetResourceSpans() {
		var service string
		for _, a := range rs.GetResource().GetAttributes() {
			if a.GetKey() == "service.name" {
				service = a.GetValue().GetStringValue()
			}
		}
		for _, ss := range rs.GetScopeSpans() {
			for _, s := range ss.GetSpans() {
				id := hex.EncodeToString(s.GetSpanId())
				r.spans[id] = span{service: service, name: s.GetName(), kind: s.GetKind(), id: id,
					trace: hex.EncodeToString(s.GetTraceId()), parent: hex.EncodeToString(s.GetParentSpanId())}
			}
		}
	}
	return &collectortrace.ExportTraceServiceResponse{}, nil
}

// find returns the spans matching keep (called without the lock: keep may walk lineages).
func (r *receiver) find(keep func(span) bool) []span {
	r.mu.Lock()
	all := make([]span, 0, len(r.spans))
	for _, s := range r.spans {
		all = append(all, s)
	}
	r.mu.Unlock()
	var out []span
	for _, s := range all {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

// lineage is s and its ancestors, root first. A missing parent ends it early (the caller
// checks that the first span is the root it expects).
func (r *receiver) lineage(s span) []span {
	r.mu.Lock()
	defer r.mu.Unlock()
	chain := []span{s}
	for s.parent != "" {
		p, ok := r.spans[s.parent]
		if !ok {
			break
		}
		chain = append([]span{p}, chain...)
		s = p
	}
	return chain
}

// hop is one call from one process to another seen in a trace: a client span and the server
// span that is its child.
type hop struct{ method, from, to string }

// hops lists the cross-process calls along a lineage, root first.
func hops(chain []span) []hop {
	var out []hop
	for i := 0; i+1 < len(chain); i++ {
		c, s := chain[i], chain[i+1]
		if c.kind == tracepb.Span_SPAN_KIND_CLIENT && s.kind == tracepb.Span_SPAN_KIND_SERVER && s.parent == c.id && c.name == s.name {
			out = append(out, hop{method: s.name, from: c.service, to: s.service})
		}
	}
	return out
}

// waitSpan polls until a span matching keep arrives (processes export in batches).
func (r *receiver) waitSpan(t *testing.T, what string, keep func(span) bool) span {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		if got := r.find(keep); len(got) > 0 {
			return got[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s span exported within %v", what, wait)
		}
		time.Sleep(25 * time.Millisecond)
	}
}
