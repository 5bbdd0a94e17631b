// Package mcp is Organism's Model Context Protocol server: the organs' doors (soul, medulla,
// presence, mission) as MCP tools and resources for coding agents, over stdio (`organism mcp`)
// and streamable HTTP (the gateway's /mcp). Every call reaches the organs with the caller's own
// credential, so the organs' laws (brain binding, receipts, refusals) hold unchanged.
package mcp

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/auth"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
)

// Organs are the four organs' clients the tools call.
type Organs struct {
	Soul     soulv1.SoulServiceClient
	Medulla  medullav1.MedullaServiceClient
	Mission  missionv1.MissionServiceClient
	Presence presencev1.PresenceServiceClient
}

// OrgansOn returns clients of all four organs over one connection (a suite serving them all).
func OrgansOn(conn grpc.ClientConnInterface) Organs {
	return Organs{Soul: soulv1.NewSoulServiceClient(conn), Medulla: medullav1.NewMedullaServiceClient(conn),
		Mission: missionv1.NewMissionServiceClient(conn), Presence: presencev1.NewPresenceServiceClient(conn)}
}

// Options configure the server.
type Options struct {
	Organs  Organs
	Logger  *slog.Logger
	Version string
}

// Service makes one MCP server per session: a session's subscriptions, watchers and the
// presences it joined belong to it alone, and its notifications go to it alone.
type Service struct {
	opts Options
	// built counts the per-session servers made (tools and resources registered): tests and the
	// benchmark hold the HTTP transport to one per session.
	built atomic.Int64
}

// New returns the service; it dials nothing itself.
func New(o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	return &Service{opts: o}
}

// Supported protocol versions: the handshake-era versions, whose sessions carry a lifetime. A
// presence joined through a session leaves when the session ends, and subscriptions live as long
// as the session; the sessionless 2026 protocol has no end to hang either on. Clients that
// speak 2026-07-28 fall back to the handshake (the SDK's client does so on its own).
// 2024-11-05 stays: clients built on it (older SDKs, over stdio mostly) disconnect when answered
// a version they do not know, and lose nothing here: they ignore structured content and the
// annotations, and the text content carries the whole outcome.
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// credential is the bearer credential a session's calls carry, and the identity it claims.
type credential struct {
	token string
	// brain is the credential's brain binding, used only to fill a tool's brain argument when
	// the agent leaves it empty; the organ verifies the credential and refuses a foreign brain.
	brain string
}

// peekBrain reads the brain binding out of an Organism credential without checking its
// signature: only to default a brain argument, never to decide who may do what (the organs do,
// from the verified credential).
func peekBrain(token string) string {
	c, _ := auth.Peek(token)
	return c.Brain
}

// session is one MCP session's state: its credential (the stdio process's, or the one that
// opened the HTTP session), the presences it joined and its resource watchers.
type session struct {
	svc    *Service
	server *sdk.Server
	cred   credential
	// perCall is true when calls carry the credential themselves (HTTP: the connection to the
	// organs is the gateway's, without a credential of its own).
	perCall bool

	ctx    context.Context // lives as long as the session: watchers run under it
	cancel context.CancelFunc

	mu        sync.Mutex
	presences map[string]bool // presence id -> joined here and not yet left
	watchers  map[string]context.CancelFunc
	// subs are the URIs this session subscribed to, each with the watch key of the organ stream
	// that feeds it: a stream closes when the last URI it feeds is unsubscribed.
	subs map[string]string
	// boardCursor is, per brain, the last board cursor this session's watchers saw: a board
	// watcher opened again (a new subscription, a broken stream) resumes after it.
	boardCursor map[string]int64
	ended       sync.Once
}

// newSession returns a fresh MCP server for one session whose calls carry cred. perCall says that
// the organ connection has no credential of its own (HTTP), so each call must carry one.
func (s *Service) newSession(cred credential, perCall bool) *session {
	s.built.Add(1)
	ctx, cancel := context.WithCancel(context.Background())
	ss := &session{svc: s, cred: cred, perCall: perCall, ctx: ctx, cancel: cancel,
		presences: map[string]bool{}, watchers: map[string]context.CancelFunc{}, subs: map[string]string{}, boardCursor: map[string]int64{}}
	ss.server = sdk.NewServer(&sdk.Implementation{Name: "organism", Title: "Organism", Version: s.opts.Version}, &sdk.ServerOptions{
		Instructions:              instructions,
		Logger:                    s.opts.Logger,
		SupportedProtocolVersions: protocolVersions,
		// Only what is served: tools and resources (subscribable, set in by the SDK from the
		// handler), both fixed for the session's life, so no list ever changes; no logging,
		// prompts or completions.
		Capabilities: &sdk.ServerCapabilities{Tools: &sdk.ToolCapabilities{}, Resources: &sdk.ResourceCapabilities{}},
		InitializedHandler: func(_ context.Context, req *sdk.InitializedRequest) {
			// The session's end is when the client goes away: leave what it joined.
			go func() {
				req.Session.Wait()
				ss.end()
			}()
		},
		SubscribeHandler:   ss.subscribe,
		UnsubscribeHandler: ss.unsubscribe,
	})
	ss.addTools()
	ss.addResources()
	return ss
}

// instructions orient an agent on first contact.
const instructions = `Organism is shared memory and coordination for this project. Orient first: north (the brain's north atom) and soul_check. ` +
	`Remember with memorize (with evidence) and recall; every write returns a receipt. Announce your work with presence_join and read collisions before editing. ` +
	`Work missions with mission_show/mission_post. A refused call returns ok=false with refusal.reason (an UPPER_SNAKE code) and the fields at fault.`

// call returns the gRPC call options a tool call carries: the credential of the HTTP request
// that made it (freshly verified by the bearer check), else the session's own.
func (ss *session) call(extra *sdk.RequestExtra) []grpc.CallOption {
	if !ss.perCall {
		return nil
	}
	tok := ss.cred.token
	if extra != nil && extra.TokenInfo != nil {
		if t, ok := extra.TokenInfo.Extra[tokenKey].(string); ok && t != "" {
			tok = t
		}
	}
	return []grpc.CallOption{grpc.PerRPCCredentials(auth.Bearer(tok))}
}

// brainOr fills an empty brain argument with the credential's binding.
func (ss *session) brainOr(b string) string {
	if b != "" {
		return b
	}
	return ss.cred.brain
}

// tokenKey is where the HTTP bearer check leaves the verified token in TokenInfo.Extra.
const tokenKey = "organism_token"

// leaveTimeout bounds the leave calls at a session's end; the client is gone, nobody waits.
const leaveTimeout = 10 * time.Second

// end leaves every presence the session joined and stops its watchers. It runs once, whichever
// of the client's going away or the transport's return comes first.
func (ss *session) end() {
	ss.ended.Do(func() {
		ss.mu.Lock()
		ids := make([]string, 0, len(ss.presences))
		for id, live := range ss.presences {
			if live {
				ids = append(ids, id)
			}
		}
		ss.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), leaveTimeout)
		defer cancel()
		for _, id := range ids {
			if _, err := ss.svc.opts.Organs.Presence.Leave(ctx, &presencev1.LeaveRequest{PresenceId: id}, ss.call(nil)...); err != nil {
				// Already gone (expired, or left through another door): the presence is not live either way.
				ss.svc.opts.Logger.Debug("mcp: leave at session end", "presence", id, "err", err)
			}
		}
		ss.cancel()
	})
}

// Serve runs one session over t (stdin/stdout for `organism mcp`) with the connection's own
// credential until the client goes away, then leaves what the session joined.
func (s *Service) Serve(ctx context.Context, t sdk.Transport, token string) error {
	ss := s.newSession(credential{token: token, brain: peekBrain(token)}, false)
	err := ss.server.Run(ctx, t)
	ss.end()
	return err
}

// Connect starts one session over t without blocking (tests connect an in-memory client);
// closing the session leaves what it joined.
func (s *Service) Connect(ctx context.Context, t sdk.Transport, token string) (*sdk.ServerSession, error) {
	ss := s.newSession(credential{token: token, brain: peekBrain(token)}, false)
	return ss.server.Connect(ctx, t, nil)
}

// ServeIO runs one session over a reader and writer (stdin and stdout for `organism mcp`),
// newline-delimited JSON-RPC as the stdio transport specifies.
func (s *Service) ServeIO(ctx context.Context, r io.ReadCloser, w io.WriteCloser, token string) error {
	return s.Serve(ctx, &sdk.IOTransport{Reader: r, Writer: w}, token)
}
