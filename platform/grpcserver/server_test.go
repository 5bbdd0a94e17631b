package grpcserver_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	testpb "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/rpcstatus"
)

// blockingService answers UnaryCall only when released, so a test can hold an RPC in flight.
type blockingService struct {
	testpb.UnimplementedTestServiceServer
	entered chan struct{}
	release chan struct{}
}

func (b *blockingService) UnaryCall(ctx context.Context, req *testpb.SimpleRequest) (*testpb.SimpleResponse, error) {
	close(b.entered)
	select {
	case <-b.release:
		return &testpb.SimpleResponse{Username: "drained"}, nil
	case <-ctx.Done():
		return nil, status.FromContextError(ctx.Err()).Err()
	}
}

func (b *blockingService) EmptyCall(ctx context.Context, _ *testpb.Empty) (*testpb.Empty, error) {
	if _, ok := auth.FromContext(ctx); !ok {
		return nil, status.Error(codes.Internal, "no identity in handler context")
	}
	return &testpb.Empty{}, nil
}

type harness struct {
	srv    *grpcserver.Server
	signer *auth.Signer
	lis    *bufconn.Listener
	svc    *blockingService
}

func newHarness(t *testing.T, drain time.Duration) *harness {
	t.Helper()
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := auth.NewSigner(key, nil)
	lis := bufconn.Listen(1 << 16)
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: slog.New(slog.DiscardHandler), ShutdownTimeout: drain})
	svc := &blockingService{entered: make(chan struct{}), release: make(chan struct{})}
	testpb.RegisterTestServiceServer(srv.Registrar(), svc)
	return &harness{srv: srv, signer: signer, lis: lis, svc: svc}
}

func (h *harness) conn(t *testing.T, token string) *grpc.ClientConn {
	t.Helper()
	var creds auth.Bearer
	opts := grpcserver.DialOptions{Extra: []grpc.DialOption{grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return h.lis.DialContext(ctx) })}}
	if token != "" {
		creds = auth.Bearer(token)
		opts.Credentials = creds
	}
	c, err := grpcserver.Dial("passthrough:///bufnet", opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestHealthTransitions(t *testing.T) {
	h := newHarness(t, 5*time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.srv.Serve(ctx) }()

	// Health is exempt from credentials.
	hc := healthpb.NewHealthClient(h.conn(t, ""))
	watchCtx, stopWatch := context.WithCancel(context.Background())
	defer stopWatch()
	watch, err := hc.Watch(watchCtx, &healthpb.HealthCheckRequest{Service: ""})
	if err != nil {
		t.Fatal(err)
	}
	next := func() healthpb.HealthCheckResponse_ServingStatus {
		t.Helper()
		resp, err := watch.Recv()
		if err != nil {
			t.Fatalf("watch: %v", err)
		}
		return resp.GetStatus()
	}
	if got := next(); got != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Fatalf("before storage opens: got %v, want NOT_SERVING", got)
	}
	h.srv.SetServing(testpb.TestService_ServiceDesc.ServiceName, true)
	if got := next(); got != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("after storage opens: got %v, want SERVING", got)
	}
	resp, err := hc.Check(context.Background(), &healthpb.HealthCheckRequest{Service: testpb.TestService_ServiceDesc.ServiceName})
	if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("service check: got %v (%v), want SERVING", resp.GetStatus(), err)
	}
	cancel()
	if got := next(); got != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Fatalf("on shutdown: got %v, want NOT_SERVING", got)
	}
	stopWatch() // a watcher that hangs on would hold the drain open until its deadline
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
}

func TestAuthInterceptorGuardsServices(t *testing.T) {
	h := newHarness(t, time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.srv.Serve(ctx) }()
	defer func() { cancel(); <-done }()

	_, err := testpb.NewTestServiceClient(h.conn(t, "")).EmptyCall(context.Background(), &testpb.Empty{})
	if got := status.Code(err); got != codes.Unauthenticated {
		t.Errorf("no token: got %v, want Unauthenticated", got)
	}
	owner, _ := h.signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if _, err := testpb.NewTestServiceClient(h.conn(t, owner)).EmptyCall(context.Background(), &testpb.Empty{}); err != nil {
		t.Errorf("owner token: got %v, want success with identity in context", err)
	}
	// The test service carries no access option: fail closed, it is the owner's alone.
	agent, _ := h.signer.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja"})
	_, err = testpb.NewTestServiceClient(h.conn(t, agent)).EmptyCall(context.Background(), &testpb.Empty{})
	if got, reason := status.Code(err), rpcstatus.ReasonOf(err); got != codes.PermissionDenied || reason != auth.ReasonCallerNotAllowed {
		t.Errorf("agent token on a method without a row: got %v %q, want PermissionDenied %s", got, reason, auth.ReasonCallerNotAllowed)
	}
}

func TestGracefulShutdownDrainsInFlight(t *testing.T) {
	h := newHarness(t, 10*time.Second)
	h.srv.SetServing(testpb.TestService_ServiceDesc.ServiceName, true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.srv.Serve(ctx) }()

	tok, _ := h.signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	client := testpb.NewTestServiceClient(h.conn(t, tok))
	type result struct {
		resp *testpb.SimpleResponse
		err  error
	}
	inflight := make(chan result, 1)
	go func() {
		resp, err := client.UnaryCall(context.Background(), &testpb.SimpleRequest{})
		inflight <- result{resp, err}
	}()
	<-h.svc.entered
	cancel() // SIGTERM arrives while the call is in flight.

	select {
	case err := <-done:
		t.Fatalf("serve returned (%v) before the in-flight RPC finished", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(h.svc.release)
	r := <-inflight
	if r.err != nil || r.resp.GetUsername() != "drained" {
		t.Fatalf("in-flight RPC: got %v (%v), want it to complete", r.resp, r.err)
	}
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	// New calls after shutdown are refused.
	if _, err := client.EmptyCall(context.Background(), &testpb.Empty{}); err == nil {
		t.Error("call after shutdown: got success, want an error")
	}
}

func TestShutdownStopsHardAfterDeadline(t *testing.T) {
	h := newHarness(t, 20*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.srv.Serve(ctx) }()
	tok, _ := h.signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	client := testpb.NewTestServiceClient(h.conn(t, tok))
	errc := make(chan error, 1)
	go func() {
		_, err := client.UnaryCall(context.Background(), &testpb.SimpleRequest{})
		errc <- err
	}()
	<-h.svc.entered
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	if err := <-errc; status.Code(err) != codes.Unavailable {
		t.Errorf("stuck RPC after the drain deadline: got %v, want Unavailable", err)
	}
	close(h.svc.release)
}
