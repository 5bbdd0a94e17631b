package telemetry_test

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"

	"go.opentelemetry.io/otel/propagation"
	collectortrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/telemetry"
)

// collector is a real OTLP/gRPC trace endpoint that remembers what it was sent.
type collector struct {
	collectortrace.UnimplementedTraceServiceServer
	mu       sync.Mutex
	services []string
	spans    []string
}

func (c *collector) Export(_ context.Context, req *collectortrace.ExportTraceServiceRequest) (*collectortrace.ExportTraceServiceResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, rs := range req.GetResourceSpans() {
		for _, attr := range rs.GetResource().GetAttributes() {
			if attr.GetKey() == "service.name" {
				c.services = append(c.services, attr.GetValue().GetStringValue())
			}
		}
		for _, ss := range rs.GetScopeSpans() {
			for _, sp := range ss.GetSpans() {
				c.spans = append(c.spans, sp.GetName())
			}
		}
	}
	return &collectortrace.ExportTraceServiceResponse{}, nil
}

func startCollector(t *testing.T) (*collector, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &collector{}
	srv := grpc.NewServer()
	collectortrace.RegisterTraceServiceServer(srv, c)
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	return c, lis.Addr().String()
}

func TestExportsOverOTLPWhenEndpointSet(t *testing.T) {
	c, addr := startCollector(t)
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://"+addr)
	t.Setenv("OTEL_EXPORTER_OTLP_INSECURE", "true")
	tp, shutdown, err := telemetry.Setup(context.Background(), "organism-soul")
	if err != nil {
		t.Fatal(err)
	}
	_, span := tp.Tracer("test").Start(context.Background(), "check-soul")
	span.End()
	if err := shutdown(context.Background()); err != nil {
		t.Fatalf("shutdown (flush): %v", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.spans) != 1 || c.spans[0] != "check-soul" {
		t.Errorf("spans: got %v, want [check-soul]", c.spans)
	}
	if len(c.services) == 0 || c.services[0] != "organism-soul" {
		t.Errorf("service.name: got %v, want organism-soul", c.services)
	}
}

// Without an endpoint no exporter is built, yet spans still carry real trace ids so W3C trace
// context propagates between services.
func TestSpansWithoutEndpointStillPropagate(t *testing.T) {
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	tp, shutdown, err := telemetry.Setup(context.Background(), "organism-soul")
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(context.Background())
	ctx, span := tp.Tracer("test").Start(context.Background(), "local-only")
	defer span.End()
	carrier := propagation.MapCarrier{}
	telemetry.Propagator().Inject(ctx, carrier)
	if got := carrier.Get("traceparent"); !strings.Contains(got, span.SpanContext().TraceID().String()) {
		t.Errorf("traceparent: got %q, want it to carry trace %s", got, span.SpanContext().TraceID())
	}
}
