// Package grpctest starts Organism services on an in-memory bufconn listener behind the real
// interceptor chain, and hands tests client connections holding real credentials.
package grpctest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/test/bufconn"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
)

// Env is a running test server and the signer that mints credentials it accepts.
type Env struct {
	Server *grpcserver.Server
	Signer *auth.Signer
	lis    *bufconn.Listener
	t      testing.TB
}

// Options tune Start.
type Options struct {
	// Now is the clock credentials are minted and verified with; nil is the wall clock.
	Now func() time.Time
	// Logger defaults to a discard logger.
	Logger *slog.Logger
}

// Start serves the services that register adds, marks them SERVING, and stops the server when
// the test ends.
func Start(t testing.TB, o Options, register func(grpc.ServiceRegistrar)) *Env {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	signer := auth.NewSigner(key, o.Now)
	lis := bufconn.Listen(1 << 20)
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: signer.Verifier(), Logger: o.Logger, ShutdownTimeout: 5 * time.Second})
	register(srv.Registrar())
	for name := range srv.Registrar().(*grpc.Server).GetServiceInfo() {
		srv.SetServing(name, true)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return &Env{Server: srv, Signer: signer, lis: lis, t: t}
}

// Conn dials the test server attaching creds (nil for an unauthenticated client).
func (e *Env) Conn(creds credentials.PerRPCCredentials) *grpc.ClientConn {
	e.t.Helper()
	extra := []grpc.DialOption{grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) {
		return e.lis.DialContext(ctx)
	})}
	conn, err := grpcserver.Dial("passthrough:///bufnet", grpcserver.DialOptions{Credentials: creds, Extra: extra})
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { conn.Close() })
	return conn
}

// Mint mints a credential or fails the test.
func (e *Env) Mint(r auth.MintRequest) string {
	e.t.Helper()
	tok, err := e.Signer.Mint(r)
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// AgentToken mints an agent credential bound to brain.
func (e *Env) AgentToken(agentID, seat, brain string) string {
	return e.Mint(auth.MintRequest{Kind: auth.KindAgent, Subject: agentID, Seat: seat, Brain: brain, TTL: time.Hour})
}

// OwnerToken mints the owner's credential.
func (e *Env) OwnerToken() string { return e.Mint(auth.MintRequest{Kind: auth.KindOwner}) }

// Agent dials as an agent bound to brain (origin agent).
func (e *Env) Agent(agentID, seat, brain string) *grpc.ClientConn {
	return e.Conn(auth.Bearer(e.AgentToken(agentID, seat, brain)))
}

// Owner dials with the owner credential (origin human-cli).
func (e *Env) Owner() *grpc.ClientConn { return e.Conn(auth.Bearer(e.OwnerToken())) }

// Service dials as an Organism service acting for itself (origin service).
func (e *Env) Service(name string) *grpc.ClientConn {
	return e.Conn(auth.Bearer(e.Mint(auth.MintRequest{Kind: auth.KindService, Subject: name})))
}

// OwnerSession dials the way the gateway does for a logged-in owner (origin human-ui).
func (e *Env) OwnerSession() *grpc.ClientConn {
	gw := e.Mint(auth.MintRequest{Kind: auth.KindGateway, Subject: "gateway"})
	return e.Conn(auth.Session{Gateway: gw, Owner: e.OwnerToken()})
}

// DialContext connects to the in-memory listener (for components that dial by themselves).
func (e *Env) DialContext(ctx context.Context) (net.Conn, error) { return e.lis.DialContext(ctx) }
