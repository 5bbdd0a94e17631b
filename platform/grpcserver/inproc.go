package grpcserver

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// Channel carries unary calls from a component in the server's own process (the gateway under
// `serve --target=all`) to the services registered through it, without the loopback socket: the
// call runs in the caller's goroutine, through the server's own unary interceptor chain
// (recovery, access log, authentication and the caller × RPC matrix) and a tracing stats handler
// built like the server's. What crosses is what would cross the wire, and nothing else:
//
//   - the request and the answer are marshalled and unmarshalled, so neither side shares memory
//     with the other, and the server's receive and send caps (MaxRecvMsgBytes, MaxSendMsgBytes:
//     16 MiB) and the caller's per-call caps apply as they do on the socket, with gRPC's codes
//     and messages;
//   - the handler's incoming metadata is the caller's outgoing metadata (validated and with the
//     transport-reserved keys dropped, as the HTTP/2 transport does), so identity still comes only
//     from the credential the caller forwards: the caller's context values (an identity it holds,
//     its session) do not reach the handler, only its deadline and cancellation do;
//   - the trace continues: a client span in the caller, its context injected into the metadata,
//     and the server span extracted from it.
//
// Streams are not carried: NewStream goes to the fallback connection given to Conn (the
// loopback socket), where the server's per-credential stream limit counts every stream in one
// place. Calls to services not registered through the channel (health) go there too.
type Channel struct {
	srv      *Server
	unaryInt grpc.UnaryServerInterceptor
	client   stats.Handler
	server   stats.Handler
	closed   atomic.Bool

	mu      sync.RWMutex
	methods map[string]localMethod // by full method name, "/pkg.Service/Method"
}

type localMethod struct {
	impl    any
	handler grpc.MethodHandler
}

// NewChannel returns an in-process channel to s. Register services through it (it is a
// grpc.ServiceRegistrar that also registers them on s) before the first call.
func NewChannel(s *Server) *Channel {
	o := s.opts
	statsOpts := []otelgrpc.Option{otelgrpc.WithPropagators(o.Propagator)}
	if o.TracerProvider != nil {
		statsOpts = append(statsOpts, otelgrpc.WithTracerProvider(o.TracerProvider))
	}
	return &Channel{
		srv:      s,
		unaryInt: chainUnary(serverUnaryInterceptors(o)),
		client:   otelgrpc.NewClientHandler(statsOpts...),
		server:   otelgrpc.NewServerHandler(statsOpts...),
		methods:  map[string]localMethod{},
	}
}

// serverUnaryInterceptors is the one unary chain, in its order: New installs it on the gRPC
// server and the in-process Channel runs it, so a link added here holds on both paths.
func serverUnaryInterceptors(o Options) []grpc.UnaryServerInterceptor {
	return []grpc.UnaryServerInterceptor{
		recoverUnary(o.Logger),
		logUnary(o.Logger),
		o.Verifier.UnaryServerInterceptor(),
	}
}

// chainUnary folds interceptors into one, the first outermost, as grpc.ChainUnaryInterceptor does.
func chainUnary(ints []grpc.UnaryServerInterceptor) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, final grpc.UnaryHandler) (any, error) {
		var next func(i int) grpc.UnaryHandler
		next = func(i int) grpc.UnaryHandler {
			if i == len(ints) {
				return final
			}
			return func(ctx context.Context, req any) (any, error) { return ints[i](ctx, req, info, next(i+1)) }
		}
		return next(0)(ctx, req)
	}
}

// RegisterService registers impl on the server and records its unary methods for the channel.
func (c *Channel) RegisterService(desc *grpc.ServiceDesc, impl any) {
	c.srv.grpc.RegisterService(desc, impl) // checks impl against desc, as for any registration
	c.adopt(desc, impl)
}

// Mirror is a registrar that records services for the channel only, for a server whose services
// were registered by other hands (grpctest.Start): register the same implementations through it.
func (c *Channel) Mirror() grpc.ServiceRegistrar { return mirror{c} }

type mirror struct{ c *Channel }

func (m mirror) RegisterService(desc *grpc.ServiceDesc, impl any) { m.c.adopt(desc, impl) }

func (c *Channel) adopt(desc *grpc.ServiceDesc, impl any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range desc.Methods {
		c.methods["/"+desc.ServiceName+"/"+m.MethodName] = localMethod{impl: impl, handler: m.Handler}
	}
}

// Close refuses every later call with Unavailable, as a stopped server would.
func (c *Channel) Close() { c.closed.Store(true) }

// Conn returns a client connection over the channel. streams carries what the channel does not
// (streams, unregistered services); nil refuses them with Unimplemented.
func (c *Channel) Conn(streams grpc.ClientConnInterface) grpc.ClientConnInterface {
	return &localConn{ch: c, streams: streams}
}

type localConn struct {
	ch      *Channel
	streams grpc.ClientConnInterface
}

func (l *localConn) Invoke(ctx context.Context, method string, args, reply any, opts ...grpc.CallOption) error {
	l.ch.mu.RLock()
	m, ok := l.ch.methods[method]
	l.ch.mu.RUnlock()
	if !ok {
		if l.streams == nil {
			return status.Errorf(codes.Unimplemented, "unknown method %s", method)
		}
		return l.streams.Invoke(ctx, method, args, reply, opts...)
	}
	return l.ch.invoke(ctx, method, m, args, reply, opts)
}

func (l *localConn) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	if l.streams == nil {
		return nil, status.Errorf(codes.Unimplemented, "the in-process channel carries no streams (%s)", method)
	}
	return l.streams.NewStream(ctx, desc, method, opts...)
}

// callOpts are the call options the channel honours; the others concern a transport it has not.
type callOpts struct {
	header, trailer *metadata.MD
	peer            *peer.Peer
	maxRecv         int
	maxSend         int
	creds           []credentials.PerRPCCredentials
}

func readCallOpts(opts []grpc.CallOption, maxRecv int) callOpts {
	co := callOpts{maxRecv: maxRecv, maxSend: -1}
	for _, o := range opts {
		switch o := o.(type) {
		case grpc.HeaderCallOption:
			co.header = o.HeaderAddr
		case grpc.TrailerCallOption:
			co.trailer = o.TrailerAddr
		case grpc.PeerCallOption:
			co.peer = o.PeerAddr
		case grpc.MaxRecvMsgSizeCallOption:
			co.maxRecv = o.MaxRecvMsgSize
		case grpc.MaxSendMsgSizeCallOption:
			co.maxSend = o.MaxSendMsgSize
		case grpc.PerRPCCredsCallOption:
			co.creds = append(co.creds, o.Creds)
		}
	}
	return co
}

// invoke is one unary call: the client's half (span, metadata, send cap), the hop, and the
// server's half (caps, interceptors, handler, status), each as the socket would have them.
func (c *Channel) invoke(ctx context.Context, method string, m localMethod, args, reply any, opts []grpc.CallOption) (err error) {
	if c.closed.Load() {
		return status.Error(codes.Unavailable, "the in-process channel is closed")
	}
	// By default the caller accepts what the server may send: Organism's clients dial with
	// MaxCallRecvMsgSize(DefaultMaxMsgBytes), where gRPC's own default is 4 MiB.
	co := readCallOpts(opts, c.srv.opts.MaxSendMsgBytes)
	begin := time.Now()
	ctx = c.client.TagRPC(ctx, &stats.RPCTagInfo{FullMethodName: method})
	c.client.HandleRPC(ctx, &stats.Begin{Client: true, BeginTime: begin})
	defer func() {
		c.client.HandleRPC(ctx, &stats.End{Client: true, BeginTime: begin, EndTime: time.Now(), Error: err})
	}()
	if err := ctx.Err(); err != nil {
		return status.FromContextError(err).Err()
	}
	md, _ := metadata.FromOutgoingContext(ctx)
	if md, err = withCallCreds(ctx, md, method, co.creds); err != nil {
		return err
	}
	if md, err = wireMetadata(md); err != nil {
		return err
	}
	req, err := marshal(args)
	if err != nil {
		return err
	}
	if co.maxSend >= 0 && len(req) > co.maxSend {
		return status.Errorf(codes.ResourceExhausted, "trying to send message larger than max (%d vs. %d)", len(req), co.maxSend)
	}

	st := &localStream{method: method}
	resp, appErr := c.serve(ctx, md, st, m, method, req)
	if err := ctx.Err(); err != nil {
		return status.FromContextError(err).Err()
	}
	st.mu.Lock()
	if co.header != nil {
		*co.header = st.header.Copy()
	}
	if co.trailer != nil {
		*co.trailer = st.trailer.Copy()
	}
	st.mu.Unlock()
	if co.peer != nil {
		*co.peer = localPeer
	}
	if appErr != nil {
		return appErr
	}
	if len(resp) > co.maxRecv {
		return status.Errorf(codes.ResourceExhausted, "grpc: received message larger than max (%d vs. %d)", len(resp), co.maxRecv)
	}
	msg, ok := reply.(proto.Message)
	if !ok {
		return status.Errorf(codes.Internal, "grpc: error while unmarshaling: %T is not a proto message", reply)
	}
	if err := proto.Unmarshal(resp, msg); err != nil {
		return status.Errorf(codes.Internal, "grpc: failed to unmarshal the received message: %v", err)
	}
	return nil
}

// serve is the server's half of a call: it returns the marshalled answer, or the status the
// client would read from the trailers (a fresh error, so nothing but the status crosses back).
func (c *Channel) serve(caller context.Context, md metadata.MD, st *localStream, m localMethod, method string, req []byte) ([]byte, error) {
	ctx, cancel := context.WithCancel(hop{caller})
	defer cancel() // the handler's context ends with the call, as the server's does
	ctx = metadata.NewIncomingContext(ctx, md)
	ctx = peer.NewContext(ctx, &localPeer)
	ctx = grpc.NewContextWithServerTransportStream(ctx, st)
	ctx = c.server.TagRPC(ctx, &stats.RPCTagInfo{FullMethodName: method})
	begin := time.Now()
	c.server.HandleRPC(ctx, &stats.Begin{BeginTime: begin})

	o := c.srv.opts
	var resp []byte
	appErr := func() error {
		if len(req) > o.MaxRecvMsgBytes {
			return status.Errorf(codes.ResourceExhausted, "grpc: received message larger than max (%d vs. %d)", len(req), o.MaxRecvMsgBytes)
		}
		dec := func(v any) error {
			msg, ok := v.(proto.Message)
			if !ok {
				return status.Errorf(codes.Internal, "grpc: error unmarshalling request: %T is not a proto message", v)
			}
			if err := proto.Unmarshal(req, msg); err != nil {
				return status.Errorf(codes.Internal, "grpc: error unmarshalling request: %v", err)
			}
			return nil
		}
		out, err := m.handler(m.impl, ctx, dec, c.unaryInt)
		if err != nil {
			return err
		}
		if resp, err = marshal(out); err != nil {
			return err
		}
		if len(resp) > o.MaxSendMsgBytes {
			return status.Errorf(codes.ResourceExhausted, "trying to send message larger than max (%d vs. %d)", len(resp), o.MaxSendMsgBytes)
		}
		return nil
	}()
	if appErr != nil {
		s, ok := status.FromError(appErr)
		if !ok {
			s = status.FromContextError(appErr) // anything else is Unknown, as on the server
		}
		appErr = status.FromProto(s.Proto()).Err()
	}
	c.server.HandleRPC(ctx, &stats.End{BeginTime: begin, EndTime: time.Now(), Error: appErr})
	return resp, appErr
}

func marshal(v any) ([]byte, error) {
	msg, ok := v.(proto.Message)
	if !ok {
		return nil, status.Errorf(codes.Internal, "grpc: error while marshaling: %T is not a proto message", v)
	}
	b, err := proto.Marshal(msg)
	if err != nil {
		return nil, status.Errorf(codes.Internal, "grpc: error while marshaling: %v", err)
	}
	return b, nil
}

// withCallCreds adds the metadata of per-call credentials (grpc.PerRPCCredentials, as the MCP
// server passes each request's bearer) the way gRPC's client does. The channel vouches for no
// transport security, so a credential that insists on it is refused as on a plaintext socket.
func withCallCreds(ctx context.Context, md metadata.MD, method string, creds []credentials.PerRPCCredentials) (metadata.MD, error) {
	if len(creds) == 0 {
		return md, nil
	}
	if md == nil {
		md = metadata.MD{}
	}
	service := method
	if i := strings.LastIndex(method, "/"); i > 0 {
		service = method[:i]
	}
	ctx = credentials.NewContextWithRequestInfo(ctx, credentials.RequestInfo{Method: method})
	for _, c := range creds {
		if c.RequireTransportSecurity() {
			return nil, status.Error(codes.Unauthenticated, "transport: cannot send secure credentials on an insecure connection")
		}
		kv, err := c.GetRequestMetadata(ctx, "inproc://"+strings.TrimPrefix(service, "/"))
		if err != nil {
			if _, ok := status.FromError(err); ok {
				return nil, err
			}
			return nil, status.Errorf(codes.Unauthenticated, "transport: per-RPC creds failed due to error: %v", err)
		}
		for k, v := range kv {
			k = strings.ToLower(k)
			md[k] = append(md[k], v)
		}
	}
	return md, nil
}

// wireMetadata is what of the caller's outgoing metadata the server would see: a key gRPC's
// client refuses to send refuses the call (Internal, as gRPC does), and the keys the HTTP/2
// transport reserves for itself (pseudo-headers, content-type, grpc-status, grpc-timeout, ...)
// are dropped. md is the call's own copy (metadata.FromOutgoingContext copies every value), so
// it is filtered in place rather than copied a second time.
func wireMetadata(md metadata.MD) (metadata.MD, error) {
	if md == nil {
		return metadata.MD{}, nil
	}
	for k, vals := range md {
		if err := validPair(k, vals); err != nil {
			return nil, status.Error(codes.Internal, err.Error())
		}
		if reservedKey(k) {
			delete(md, k)
		}
	}
	return md, nil
}

func validPair(key string, vals []string) error {
	if key == "" {
		return fmt.Errorf("there is an empty key in the header")
	}
	if key[0] == ':' {
		return nil
	}
	for i := 0; i < len(key); i++ {
		b := key[i]
		if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '.' || b == '-' || b == '_') {
			return fmt.Errorf("header key %q contains illegal characters not in [0-9a-z-_.]", key)
		}
	}
	if strings.HasSuffix(key, "-bin") {
		return nil // binary values travel base64-encoded
	}
	for _, v := range vals {
		for i := 0; i < len(v); i++ {
			if v[i] < 0x20 || v[i] > 0x7e {
				return fmt.Errorf("header key %q contains value with non-printable ASCII characters", key)
			}
		}
	}
	return nil
}

func reservedKey(k string) bool {
	if k[0] == ':' {
		return true
	}
	switch k {
	case "content-type", "user-agent", "grpc-message-type", "grpc-encoding", "grpc-message", "grpc-status", "grpc-timeout", "te":
		return true
	}
	return false
}

// hop is the handler's parent context: the caller's deadline and cancellation cross (on the
// socket they travel as grpc-timeout and RST_STREAM), its values do not.
type hop struct{ caller context.Context }

func (h hop) Deadline() (time.Time, bool) { return h.caller.Deadline() }
func (h hop) Done() <-chan struct{}       { return h.caller.Done() }
func (h hop) Err() error                  { return h.caller.Err() }
func (h hop) Value(any) any               { return nil }

// AfterFunc lets context.WithCancel follow the caller without a goroutine per call.
func (h hop) AfterFunc(f func()) func() bool { return context.AfterFunc(h.caller, f) }

// localPeer is the peer a handler sees for an in-process call: no address, no transport
// security (the identity is the forwarded credential's, never the transport's).
var localPeer = peer.Peer{Addr: localAddr{}, LocalAddr: localAddr{}}

type localAddr struct{}

func (localAddr) Network() string { return "inproc" }
func (localAddr) String() string  { return "inproc" }

// localStream is the grpc.ServerTransportStream of an in-process call: the headers and trailers a
// handler sets reach the caller's grpc.Header and grpc.Trailer call options.
type localStream struct {
	method          string
	mu              sync.Mutex
	header, trailer metadata.MD
	headerSent      bool
}

func (s *localStream) Method() string { return s.method }

func (s *localStream) SetHeader(md metadata.MD) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.headerSent {
		return status.Error(codes.Internal, "transport: the header was already sent")
	}
	s.header = metadata.Join(s.header, md)
	return nil
}

func (s *localStream) SendHeader(md metadata.MD) error {
	if err := s.SetHeader(md); err != nil {
		return err
	}
	s.mu.Lock()
	s.headerSent = true
	s.mu.Unlock()
	return nil
}

func (s *localStream) SetTrailer(md metadata.MD) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.trailer = metadata.Join(s.trailer, md)
	return nil
}
