package gateway

import (
	"context"
	"net/http"
	"path"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"
)

// metrics are the gateway's Prometheus series: upstream RPCs by service, method and code, their
// latency, and HTTP responses by status.
type metrics struct {
	rpcs     *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	requests *prometheus.CounterVec
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		rpcs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "organism_gateway_rpcs_total", Help: "Upstream RPCs made by the gateway, by service, method and gRPC code.",
		}, []string{"service", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "organism_gateway_rpc_duration_seconds", Help: "Latency of upstream RPCs made by the gateway.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16),
		}, []string{"service", "method"}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "organism_gateway_http_responses_total", Help: "HTTP responses by status code.",
		}, []string{"code"}),
	}
	reg.MustRegister(m.rpcs, m.latency, m.requests)
	return m
}

func (m *metrics) observe(service, fullMethod string, start time.Time, err error) {
	method := path.Base(fullMethod)
	m.rpcs.WithLabelValues(service, method, status.Code(err).String()).Inc()
	m.latency.WithLabelValues(service, method).Observe(time.Since(start).Seconds())
}

func (m *metrics) unary(service string) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		start := time.Now()
		err := invoker(ctx, method, req, reply, cc, opts...)
		m.observe(service, method, start, err)
		return err
	}
}

func (m *metrics) stream(service string) grpc.StreamClientInterceptor {
	return func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		start := time.Now()
		s, err := streamer(ctx, desc, cc, method, opts...)
		m.observe(service, method, start, err)
		return s, err
	}
}

// meteredConn counts the calls made over a connection the gateway did not dial (an in-process
// channel) in the same series as the dialed ones' interceptors do.
type meteredConn struct {
	grpc.ClientConnInterface
	m       *metrics
	service string
}

func (c meteredConn) Invoke(ctx context.Context, method string, args, reply any, opts ...grpc.CallOption) error {
	start := time.Now()
	err := c.ClientConnInterface.Invoke(ctx, method, args, reply, opts...)
	c.m.observe(c.service, method, start, err)
	return err
}

func (c meteredConn) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	start := time.Now()
	s, err := c.ClientConnInterface.NewStream(ctx, desc, method, opts...)
	c.m.observe(c.service, method, start, err)
	return s, err
}

type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.code = code
	r.ResponseWriter.WriteHeader(code)
}

// Flush keeps streaming responses (server-streamed RPCs) flowing through the recorder.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (m *metrics) http(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
		next.ServeHTTP(rec, r)
		m.requests.WithLabelValues(strconv.Itoa(rec.code)).Inc()
	})
}
