package grpcserver

import (
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/keepalive"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/rpcstatus"
)

// The server's limits, in one place so the docs and the tests can name them.
//
//   - A message is at most DefaultMaxMsgBytes (16 MiB) each way. gRPC's own default receive cap
//     is 4 MiB, which refused medulla imports a gateway already accepted; 16 MiB is the gateway's
//     import body cap, and a server that sends more than any client will receive (4 MiB by
//     default) only wastes the work, so sending is capped at the same figure.
//   - Keepalive: the server pings an idle connection after KeepaliveTime (2 min) and drops it when
//     the ping is not answered within KeepaliveTimeout (20 s), so a vanished client's streams are
//     reclaimed; a connection with no RPC for MaxConnectionIdle (30 min) is closed (clients
//     reconnect transparently). Clients may ping at most every KeepaliveMinTime (10 s), with or
//     without an open stream; faster pingers are sent GOAWAY (too_many_pings).
//   - A credential holds at most DefaultMaxStreamsPerCredential (32) open streams at once; the
//     next one is refused ResourceExhausted with reason TOO_MANY_STREAMS. The key is the verified
//     credential's token id, so a caller cannot spread its streams by renaming itself.
const (
	DefaultMaxMsgBytes             = 16 << 20
	DefaultMaxStreamsPerCredential = 32
	KeepaliveTime                  = 2 * time.Minute
	KeepaliveTimeout               = 20 * time.Second
	KeepaliveMinTime               = 10 * time.Second
	MaxConnectionIdle              = 30 * time.Minute
)

// ReasonTooManyStreams is the ErrorInfo reason of a stream refused by the per-credential limit.
const ReasonTooManyStreams = "TOO_MANY_STREAMS"

// ErrorDomain is the ErrorInfo domain of refusals the server raises itself.
const ErrorDomain = "grpc.organism"

// limitOptions are the grpc.ServerOptions that carry the message-size and keepalive limits.
func limitOptions(o Options) []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.MaxRecvMsgSize(o.MaxRecvMsgBytes),
		grpc.MaxSendMsgSize(o.MaxSendMsgBytes),
		grpc.KeepaliveParams(keepalive.ServerParameters{
			Time: KeepaliveTime, Timeout: KeepaliveTimeout, MaxConnectionIdle: MaxConnectionIdle,
		}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: KeepaliveMinTime, PermitWithoutStream: true}),
	}
}

// streamLimiter counts the open streams of each verified credential.
type streamLimiter struct {
	max  int
	mu   sync.Mutex
	open map[string]int
}

func newStreamLimiter(max int) *streamLimiter {
	return &streamLimiter{max: max, open: map[string]int{}}
}

func (l *streamLimiter) acquire(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key] >= l.max {
		return false
	}
	l.open[key]++
	return true
}

func (l *streamLimiter) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// interceptor runs after authentication: exempt methods (health, reflection) carry no identity
// and are not counted.
func (l *streamLimiter) interceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		id, ok := auth.FromContext(ss.Context())
		if !ok {
			return handler(srv, ss)
		}
		key := id.TokenID
		if key == "" {
			key = string(id.Kind) + "/" + id.AgentID
		}
		if !l.acquire(key) {
			return rpcstatus.Newf(codes.ResourceExhausted, ErrorDomain, ReasonTooManyStreams,
				"this credential already holds %d open streams; close one first", l.max)
		}
		defer l.release(key)
		return handler(srv, ss)
	}
}
