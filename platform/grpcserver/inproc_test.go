package grpcserver_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"net"
	"testing"
	"time"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	testpb "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/platform/rpcstatus"
)

// echoService answers what the request asks for, so one handler can exercise every link of the
// chain: a refusal with ErrorInfo, a panic, an answer of a chosen size, a trailer, and whether a
// value of the caller's context reached it.
type echoService struct {
	testpb.UnimplementedTestServiceServer
}

type callerKey struct{}

func (echoService) UnaryCall(ctx context.Context, req *testpb.SimpleRequest) (*testpb.SimpleResponse, error) {
	if s := req.GetResponseStatus(); s.GetMessage() == "panic" {
		panic("the handler fell over")
	} else if s.GetCode() != 0 {
		return nil, rpcstatus.New(codes.Code(s.GetCode()), "test.organism", s.GetMessage(), "refused by the handler")
	}
	grpc.SetTrailer(ctx, metadata.Pairs("x-served-by", "echo"))
	id, _ := auth.FromContext(ctx)
	resp := &testpb.SimpleResponse{Username: string(id.Kind) + "/" + id.AgentID, Payload: &testpb.Payload{Body: bytes.Repeat([]byte("a"), int(req.GetResponseSize()))}}
	if ctx.Value(callerKey{}) != nil {
		resp.ServerId = "the caller's context value crossed"
	}
	return resp, nil
}

func (echoService) StreamingOutputCall(req *testpb.StreamingOutputCallRequest, ss grpc.ServerStreamingServer[testpb.StreamingOutputCallResponse]) error {
	return ss.Send(&testpb.StreamingOutputCallResponse{Payload: &testpb.Payload{Body: []byte("streamed")}})
}

type channelEnv struct {
	signer  *auth.Signer
	tcp     *grpc.ClientConn // bufconn: the full HTTP/2 transport
	channel *grpcserver.Channel
	spans   *tracetest.SpanRecorder
	tp      trace.TracerProvider
}

const capBytes = 64 << 10

func startChannel(t *testing.T) *channelEnv {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	e := &channelEnv{signer: auth.NewSigner(key, nil), spans: tracetest.NewSpanRecorder()}
	e.tp = sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(e.spans))
	lis := bufconn.Listen(1 << 20)
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: e.signer.Verifier(), Logger: slog.New(slog.DiscardHandler),
		TracerProvider: e.tp, MaxRecvMsgBytes: capBytes, MaxSendMsgBytes: capBytes})
	e.channel = grpcserver.NewChannel(srv)
	testpb.RegisterTestServiceServer(e.channel, echoService{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	e.tcp, err = grpcserver.Dial("passthrough:///bufnet", grpcserver.DialOptions{Extra: []grpc.DialOption{
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(capBytes)),
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.tcp.Close() })
	return e
}

func (e *channelEnv) mint(t *testing.T, r auth.MintRequest) string {
	t.Helper()
	tok, err := e.signer.Mint(r)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// TestChannelRefusesAndServesAsTheSocketDoes makes each call over the socket and over the
// in-process channel and wants the same answer from both: the same code, message and ErrorInfo
// reason, and the same answer when served. The credential travels only as metadata, as the
// gateway forwards it.
func TestChannelRefusesAndServesAsTheSocketDoes(t *testing.T) {
	e := startChannel(t)
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	forged, _ := auth.NewSigner(otherKey, nil).Mint(auth.MintRequest{Kind: auth.KindOwner})
	owner := e.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	agent := e.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja", TTL: time.Hour})
	withToken := func(tok string) func(context.Context) context.Context {
		return func(ctx context.Context) context.Context {
			return metadata.AppendToOutgoingContext(ctx, auth.AuthorizationHeader, "Bearer "+tok)
		}
	}
	cases := []struct {
		name       string
		ctx        func(context.Context) context.Context
		req        *testpb.SimpleRequest
		wantCode   codes.Code
		wantReason string
		wantUser   string
	}{
		{"the owner is served as itself", withToken(owner), &testpb.SimpleRequest{}, codes.OK, "", "owner/"},
		{"no credential is refused", func(ctx context.Context) context.Context { return ctx }, &testpb.SimpleRequest{}, codes.Unauthenticated, "UNAUTHENTICATED", ""},
		{"a forged credential is refused", withToken(forged), &testpb.SimpleRequest{}, codes.Unauthenticated, "BAD_SIGNATURE", ""},
		{"the matrix refuses an agent at the door", withToken(agent), &testpb.SimpleRequest{}, codes.PermissionDenied, auth.ReasonCallerNotAllowed, ""},
		{"an identity in the caller's context does not cross", func(ctx context.Context) context.Context {
			return auth.WithIdentity(context.WithValue(ctx, callerKey{}, true), auth.Identity{Kind: auth.KindOwner, AgentID: "owner"})
		}, &testpb.SimpleRequest{}, codes.Unauthenticated, "UNAUTHENTICATED", ""},
		{"the handler's refusal keeps its ErrorInfo", withToken(owner), &testpb.SimpleRequest{ResponseStatus: &testpb.EchoStatus{Code: int32(codes.FailedPrecondition), Message: "NOT_VERIFIED"}},
			codes.FailedPrecondition, "NOT_VERIFIED", ""},
		{"a panic is recovered as Internal", withToken(owner), &testpb.SimpleRequest{ResponseStatus: &testpb.EchoStatus{Message: "panic"}}, codes.Internal, "", ""},
		{"a request over the receive cap is refused", withToken(owner), &testpb.SimpleRequest{Payload: &testpb.Payload{Body: make([]byte, capBytes+1)}}, codes.ResourceExhausted, "", ""},
		{"an answer over the send cap is refused", withToken(owner), &testpb.SimpleRequest{ResponseSize: capBytes + 1}, codes.ResourceExhausted, "", ""},
		{"an illegal metadata key is refused before the call leaves", func(ctx context.Context) context.Context {
			return metadata.AppendToOutgoingContext(withToken(owner)(ctx), "bad key", "v")
		}, &testpb.SimpleRequest{}, codes.Internal, "", ""},
		{"a cancelled call is cancelled", func(ctx context.Context) context.Context {
			ctx, cancel := context.WithCancel(withToken(owner)(ctx))
			cancel()
			return ctx
		}, &testpb.SimpleRequest{}, codes.Canceled, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			type answer struct {
				code            codes.Code
				message, reason string
				user, leaked    string
				trailer         []string
			}
			call := func(conn grpc.ClientConnInterface) answer {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				var tr metadata.MD
				resp, err := testpb.NewTestServiceClient(conn).UnaryCall(c.ctx(ctx), c.req, grpc.Trailer(&tr))
				st := status.Convert(err)
				return answer{st.Code(), st.Message(), rpcstatus.ReasonOf(err), resp.GetUsername(), resp.GetServerId(), tr.Get("x-served-by")}
			}
			overTCP, overChannel := call(e.tcp), call(e.channel.Conn(nil))
			if overChannel.code != c.wantCode || overChannel.reason != c.wantReason {
				t.Fatalf("over the channel got %v %q (%s), want %v %q", overChannel.code, overChannel.reason, overChannel.message, c.wantCode, c.wantReason)
			}
			if overChannel.code != overTCP.code || overChannel.message != overTCP.message || overChannel.reason != overTCP.reason {
				t.Fatalf("over the channel got %v %q %q, over the socket %v %q %q", overChannel.code, overChannel.reason, overChannel.message, overTCP.code, overTCP.reason, overTCP.message)
			}
			if overChannel.user != overTCP.user || (c.wantUser != "" && overChannel.user[:len(c.wantUser)] != c.wantUser) {
				t.Fatalf("served as %q over the channel, %q over the socket, want %q…", overChannel.user, overTCP.user, c.wantUser)
			}
			if overChannel.leaked != "" {
				t.Fatalf("got %q, want the handler blind to the caller's context values", overChannel.leaked)
			}
			if c.wantCode == codes.OK && (len(overChannel.trailer) != 1 || len(overTCP.trailer) != 1) {
				t.Fatalf("got trailers %v over the channel and %v over the socket, want x-served-by on both", overChannel.trailer, overTCP.trailer)
			}
		})
	}
}

// TestChannelTakesPerCallCredentials: a credential passed per call (as the MCP server passes
// each request's bearer) is the caller's identity, as over the socket; one that insists on
// transport security is refused, as on a plaintext socket.
func TestChannelTakesPerCallCredentials(t *testing.T) {
	e := startChannel(t)
	agent := auth.Bearer(e.mint(t, auth.MintRequest{Kind: auth.KindAgent, Subject: "ada", Seat: "executor", Brain: "loja", TTL: time.Hour}))
	owner := auth.Bearer(e.mint(t, auth.MintRequest{Kind: auth.KindOwner, Subject: "owner"}))
	cases := []struct {
		name       string
		creds      credentials.PerRPCCredentials
		wantCode   codes.Code
		wantReason string
	}{
		{"the owner's bearer", owner, codes.OK, ""},
		{"an agent's bearer meets the matrix", agent, codes.PermissionDenied, auth.ReasonCallerNotAllowed},
		{"a credential that insists on TLS", secureOnly{owner}, codes.Unauthenticated, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, conn := range []grpc.ClientConnInterface{e.tcp, e.channel.Conn(nil)} {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				_, err := testpb.NewTestServiceClient(conn).UnaryCall(ctx, &testpb.SimpleRequest{}, grpc.PerRPCCredentials(c.creds))
				cancel()
				if status.Code(err) != c.wantCode || rpcstatus.ReasonOf(err) != c.wantReason {
					t.Fatalf("%T: got %v (reason %q), want %v %q", conn, err, rpcstatus.ReasonOf(err), c.wantCode, c.wantReason)
				}
			}
		})
	}
}

type secureOnly struct{ auth.Bearer }

func (secureOnly) RequireTransportSecurity() bool { return true }

// TestChannelContinuesTheTrace: a call made under a span yields a client span beneath it and a
// server span beneath that, in the same trace, as over the socket.
func TestChannelContinuesTheTrace(t *testing.T) {
	e := startChannel(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ctx, parent := e.tp.Tracer("test").Start(ctx, "gateway request")
	ctx = metadata.AppendToOutgoingContext(ctx, auth.AuthorizationHeader, "Bearer "+e.mint(t, auth.MintRequest{Kind: auth.KindOwner}))
	if _, err := testpb.NewTestServiceClient(e.channel.Conn(nil)).UnaryCall(ctx, &testpb.SimpleRequest{}); err != nil {
		t.Fatal(err)
	}
	parent.End()
	var client, server sdktrace.ReadOnlySpan
	for _, s := range e.spans.Ended() {
		switch s.SpanKind() {
		case trace.SpanKindClient:
			client = s
		case trace.SpanKindServer:
			server = s
		}
	}
	if client == nil || server == nil {
		t.Fatalf("got spans %v, want a client and a server span", e.spans.Ended())
	}
	want := parent.SpanContext()
	if client.Parent().SpanID() != want.SpanID() || client.SpanContext().TraceID() != want.TraceID() {
		t.Fatalf("client span's parent is %v, want the caller's span %v", client.Parent(), want)
	}
	if server.Parent().SpanID() != client.SpanContext().SpanID() || !server.Parent().IsRemote() || server.SpanContext().TraceID() != want.TraceID() {
		t.Fatalf("server span's parent is %v, want the client span %v, extracted from the metadata", server.Parent(), client.SpanContext())
	}
}

// TestChannelLeavesStreamsToTheSocket: a stream goes to the fallback connection (where the
// server's per-credential stream limit counts it); without one it is refused.
func TestChannelLeavesStreamsToTheSocket(t *testing.T) {
	e := startChannel(t)
	owner := e.mint(t, auth.MintRequest{Kind: auth.KindOwner})
	cases := []struct {
		name     string
		fallback grpc.ClientConnInterface
		want     codes.Code
	}{
		{"with the socket as fallback", e.tcp, codes.OK},
		{"without a fallback", nil, codes.Unimplemented},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			ctx = metadata.AppendToOutgoingContext(ctx, auth.AuthorizationHeader, "Bearer "+owner)
			st, err := testpb.NewTestServiceClient(e.channel.Conn(c.fallback)).StreamingOutputCall(ctx, &testpb.StreamingOutputCallRequest{})
			if err == nil {
				_, err = st.Recv()
			}
			if status.Code(err) != c.want {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

// TestClosedChannelIsUnavailable: after Close a call is refused as a stopped server refuses it.
func TestClosedChannelIsUnavailable(t *testing.T) {
	e := startChannel(t)
	e.channel.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ctx = metadata.AppendToOutgoingContext(ctx, auth.AuthorizationHeader, "Bearer "+e.mint(t, auth.MintRequest{Kind: auth.KindOwner}))
	if _, err := testpb.NewTestServiceClient(e.channel.Conn(nil)).UnaryCall(ctx, &testpb.SimpleRequest{}); status.Code(err) != codes.Unavailable {
		t.Fatalf("got %v, want Unavailable", err)
	}
}
