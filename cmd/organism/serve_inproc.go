package main

import (
	"fmt"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/grpcserver"
)

// gatewayUpstreams are the ready connections of a gateway that runs in the same process as the
// organs it fronts: unary calls take the in-process channel (the server's own interceptor chain,
// without the loopback socket), and streams take one loopback connection to this process's own
// gRPC server, where the per-credential stream limit counts them with every other stream. A
// service this process does not host is left out, and the gateway dials its address as before.
// The returned connection is the loopback one; the caller closes it.
func gatewayUpstreams(cfg config, ch *grpcserver.Channel, grpcAddr string, dialTLS []grpc.DialOption, tp trace.TracerProvider) (map[string]grpc.ClientConnInterface, *grpc.ClientConn, error) {
	if ch == nil || cfg.gatewayLoopback {
		return nil, nil, nil
	}
	var hosted []string
	for _, name := range serviceTargets {
		if cfg.hosts(name) {
			hosted = append(hosted, name)
		}
	}
	if len(hosted) == 0 {
		return nil, nil, nil
	}
	streams, err := grpcserver.Dial(dialable(grpcAddr), grpcserver.DialOptions{TracerProvider: tp, Extra: append([]grpc.DialOption{
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(grpcserver.DefaultMaxMsgBytes)),
	}, dialTLS...)})
	if err != nil {
		return nil, nil, fmt.Errorf("gateway: dial own streams: %w", err)
	}
	conn := ch.Conn(streams)
	ups := map[string]grpc.ClientConnInterface{}
	for _, name := range hosted {
		ups[serviceName(name)] = conn
	}
	return ups, streams, nil
}
