package main

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
)

// serveLoopback serves one organ behind the real interceptor chain on a loopback port until the
// test ends, so the CLI under test dials it as it would a deployed organ. It returns the address.
func serveLoopback(tb testing.TB, signer *auth.Signer, register func(grpc.ServiceRegistrar)) string {
	tb.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: slog.New(slog.DiscardHandler), ShutdownTimeout: time.Second})
	register(srv.Registrar())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	tb.Cleanup(func() { cancel(); <-done })
	return lis.Addr().String()
}
