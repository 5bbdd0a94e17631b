package grpcserver_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	testpb "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/rpcstatus"
)

// holdingService echoes payload sizes and holds every output stream open until its client goes,
// reporting each stream it admitted.
type holdingService struct {
	testpb.UnimplementedTestServiceServer
	admitted chan struct{}
}

func (h *holdingService) UnaryCall(_ context.Context, req *testpb.SimpleRequest) (*testpb.SimpleResponse, error) {
	return &testpb.SimpleResponse{Username: "ok", Payload: &testpb.Payload{Body: make([]byte, req.GetResponseSize())}}, nil
}

func (h *holdingService) StreamingOutputCall(_ *testpb.StreamingOutputCallRequest, ss grpc.ServerStreamingServer[testpb.StreamingOutputCallResponse]) error {
	h.admitted <- struct{}{}
	if err := ss.Send(&testpb.StreamingOutputCallResponse{}); err != nil {
		return err
	}
	<-ss.Context().Done()
	return nil
}

type limitsEnv struct {
	signer *auth.Signer
	lis    *bufconn.Listener
	svc    *holdingService
}

func startLimits(t *testing.T, o grpcserver.Options) *limitsEnv {
	t.Helper()
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	e := &limitsEnv{signer: auth.NewSigner(key, nil), lis: bufconn.Listen(1 << 20), svc: &holdingService{admitted: make(chan struct{}, 64)}}
	o.Listener, o.Verifier, o.Logger, o.ShutdownTimeout = e.lis, e.signer.Verifier(), slog.New(slog.DiscardHandler), time.Second
	srv := grpcserver.New(o)
	testpb.RegisterTestServiceServer(srv.Registrar(), e.svc)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return e
}

// client dials with a fresh owner credential: the test service carries no row of the caller ×
// RPC matrix, so the door admits the owner alone, and each credential has its own allowance.
func (e *limitsEnv) client(t *testing.T) testpb.TestServiceClient {
	t.Helper()
	tok, err := e.signer.Mint(auth.MintRequest{Kind: auth.KindOwner})
	if err != nil {
		t.Fatal(err)
	}
	c, err := grpcserver.Dial("passthrough:///bufnet", grpcserver.DialOptions{Credentials: auth.Bearer(tok), Extra: []grpc.DialOption{
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return e.lis.DialContext(ctx) }),
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return testpb.NewTestServiceClient(c)
}

// open starts a stream and waits for its first message: the server admitted it, or refused it.
func open(t *testing.T, c testpb.TestServiceClient) (context.CancelFunc, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	s, err := c.StreamingOutputCall(ctx, &testpb.StreamingOutputCallRequest{})
	if err == nil {
		_, err = s.Recv()
	}
	if err != nil {
		cancel()
	}
	return cancel, err
}

func TestStreamsPerCredentialAreCapped(t *testing.T) {
	e := startLimits(t, grpcserver.Options{MaxStreamsPerCredential: 2})
	ada, bea := e.client(t), e.client(t)

	var held []context.CancelFunc
	for i := 0; i < 2; i++ {
		cancel, err := open(t, ada)
		if err != nil {
			t.Fatalf("ada's stream %d of 2: got %v, want it admitted", i+1, err)
		}
		held = append(held, cancel)
	}
	_, err := open(t, ada)
	if got, reason := status.Code(err), rpcstatus.ReasonOf(err); got != codes.ResourceExhausted || reason != grpcserver.ReasonTooManyStreams {
		t.Fatalf("ada's third stream: got %v %q, want ResourceExhausted %s", got, reason, grpcserver.ReasonTooManyStreams)
	}
	// Another credential has its own allowance.
	cancelBea, err := open(t, bea)
	if err != nil {
		t.Fatalf("bea's first stream while ada is at the cap: got %v, want it admitted", err)
	}
	defer cancelBea()

	// Closing one of ada's streams frees a place; the server notices the close asynchronously.
	held[0]()
	deadline := time.Now().Add(10 * time.Second)
	for {
		cancel, err := open(t, ada)
		if err == nil {
			cancel()
			break
		}
		if rpcstatus.ReasonOf(err) != grpcserver.ReasonTooManyStreams || time.Now().After(deadline) {
			t.Fatalf("ada's stream after closing one: got %v, want it admitted", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	held[1]()
}

func TestMessageSizeLimits(t *testing.T) {
	e := startLimits(t, grpcserver.Options{})
	c := e.client(t)
	tests := []struct {
		name     string
		req      int
		resp     int32
		wantCode codes.Code
	}{
		// 5 MiB is over gRPC's 4 MiB default and under the server's cap.
		{"request of 5 MiB", 5 << 20, 0, codes.OK},
		{"request over the cap", grpcserver.DefaultMaxMsgBytes + 1, 0, codes.ResourceExhausted},
		{"answer over the cap", 0, grpcserver.DefaultMaxMsgBytes + 1, codes.ResourceExhausted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			_, err := c.UnaryCall(ctx, &testpb.SimpleRequest{ResponseSize: tt.resp, Payload: &testpb.Payload{Body: make([]byte, tt.req)}},
				grpc.MaxCallRecvMsgSize(64<<20))
			if got := status.Code(err); got != tt.wantCode {
				t.Errorf("got %v (%v), want %v", got, err, tt.wantCode)
			}
			if errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("call hung until its deadline")
			}
		})
	}
}
