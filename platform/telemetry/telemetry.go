// Package telemetry sets up OpenTelemetry tracing: W3C trace context always, OTLP/gRPC export
// only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
package telemetry

import (
	"context"
	"os"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	"go.opentelemetry.io/otel/trace"
)

// Propagator is the W3C trace context plus baggage, used by every server, client and the gateway.
func Propagator() propagation.TextMapPropagator {
	return propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})
}

// Setup returns a tracer provider for serviceName and a shutdown that flushes it. Spans are
// always created (so trace ids propagate), and exported over OTLP/gRPC only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set; the exporter reads the standard OTEL_* variables.
func Setup(ctx context.Context, serviceName string) (trace.TracerProvider, func(context.Context) error, error) {
	otel.SetTextMapPropagator(Propagator())
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(semconv.ServiceName(serviceName)))
	if err != nil {
		return nil, nil, err
	}
	opts := []sdktrace.TracerProviderOption{sdktrace.WithResource(res)}
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "" {
		exp, err := otlptracegrpc.New(ctx)
		if err != nil {
			return nil, nil, err
		}
		opts = append(opts, sdktrace.WithBatcher(exp))
	} else {
		// Nothing would read recorded spans: keep ids and propagation, skip the recording
		// (a third of a heartbeat's CPU), and still honour a caller that samples.
		opts = append(opts, sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.NeverSample())))
	}
	tp := sdktrace.NewTracerProvider(opts...)
	otel.SetTracerProvider(tp)
	return tp, tp.Shutdown, nil
}
