package soul_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var t0 = time.Date(2026, 7, 6, 9, 0, 0, 0, time.UTC)

// registry stands in for medulla on the same bufconn server, behind the same interceptor chain:
// it answers GetBrain from a map and Memorize with a fixed receipt, and records what each
// Memorize carried and who called. Soul's module tests its own laws against it; the laws where
// soul and the real medulla meet are tested in joints/.
type registry struct {
	medullav1.UnimplementedMedullaServiceServer
	mu     sync.Mutex
	brains map[string]*medullav1.Brain
	writes []memorized
	// refuse, when set, is what Memorize answers instead of admitting the write.
	refuse error
}

type memorized struct {
	req    *medullav1.MemorizeRequest
	caller string
}

func (r *registry) GetBrain(_ context.Context, req *medullav1.GetBrainRequest) (*medullav1.GetBrainResponse, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	b, ok := r.brains[req.GetName()]
	if !ok {
		return nil, status.Error(codes.NotFound, "no such brain")
	}
	return &medullav1.GetBrainResponse{Brain: b}, nil
}

func (r *registry) Memorize(ctx context.Context, req *medullav1.MemorizeRequest) (*medullav1.MemorizeResponse, error) {
	id, _ := auth.FromContext(ctx)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes = append(r.writes, memorized{req: proto.Clone(req).(*medullav1.MemorizeRequest), caller: id.AgentID})
	if r.refuse != nil {
		return nil, r.refuse
	}
	return &medullav1.MemorizeResponse{Claim: &medullav1.Claim{Slug: req.GetSlug(), Version: 1}, Receipt: memoryReceipt(req.GetBrain(), req.GetSlug())}, nil
}

func (r *registry) written() []memorized {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]memorized(nil), r.writes...)
}

// fixture runs soul with the registry on bufconn.
type fixture struct {
	t        *testing.T
	env      *grpctest.Env
	clock    *clock.Fake
	registry *registry
	owner    soulv1.SoulServiceClient
	agent    soulv1.SoulServiceClient // agent-7, bound to loja
	repo     string
}

type seqIDs struct {
	mu sync.Mutex
	n  int
}

func (s *seqIDs) New(prefix string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	// twelve digits, as RandomIDs' twelve hex characters: a fixture that stores more than ten receipts
	// must not mint one twice
	return fmt.Sprintf("%s_%012d", prefix, s.n)
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{t: t, clock: clock.NewFake(t0), registry: &registry{brains: map[string]*medullav1.Brain{}}}
	lazy := &lazyMedulla{}
	svc, err := soul.Open(context.Background(), soul.Options{DataDir: t.TempDir(), Clock: f.clock, Medulla: lazy, IDs: &seqIDs{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	f.env = grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		medullav1.RegisterMedullaServiceServer(r, f.registry)
		svc.Register(r)
	})
	// soul calls medulla with the original caller's credential, as serve wires it
	lazy.MedullaServiceClient = medullav1.NewMedullaServiceClient(f.env.Conn(auth.Credentials{}))
	f.owner = soulv1.NewSoulServiceClient(f.env.Owner())
	f.agent = f.agentIn("agent-7", "loja")
	f.repo = writeRepo(t, t.TempDir(), smallSoul)
	f.register("loja", f.repo, "docs/PATHOS.md")
	return f
}

// lazyMedulla lets soul hold a medulla client whose connection exists only once the test server runs.
type lazyMedulla struct{ medullav1.MedullaServiceClient }

func (f *fixture) agentIn(id, brain string) soulv1.SoulServiceClient {
	return soulv1.NewSoulServiceClient(f.env.Agent(id, "curator", brain))
}

func (f *fixture) register(name, root, soulPath string) {
	f.registry.mu.Lock()
	defer f.registry.mu.Unlock()
	f.registry.brains[name] = &medullav1.Brain{Name: name, RepoRoot: root, SoulPath: soulPath}
}

const smallSoul = "# PATHOS\n\n## Checkpoint 3 — the loja era\n\n### Current State\n\n" +
	"- `src/main.go` serves the shop.\n" +
	"- `src/gone.go` holds the cart.\n" +
	"- Tag `v0.1.0` is cut.\n\n" +
	"## Operating Doctrine\n\n- Never ship on a Friday.\n"

// writeRepo makes a git repository with a fixed history, so shas (and goldens) are stable.
func writeRepo(t *testing.T, root, soulText string) string {
	t.Helper()
	files := map[string]string{"src/main.go": "package main\n\nfunc main() {}\n", "docs/PATHOS.md": soulText}
	for rel, body := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "loja (#1)"}, {"tag", "v0.1.0"}} {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2026-07-01T10:00:00Z", "GIT_COMMITTER_DATE=2026-07-01T10:00:00Z", "GIT_CONFIG_NOSYSTEM=1", "HOME="+root)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return root
}

// refusalOf returns the status code, ErrorInfo reason and BadRequest fields of a refusal.
func refusalOf(t *testing.T, err error) (codes.Code, string, []string) {
	t.Helper()
	if err == nil {
		t.Fatal("got success, want a refusal")
	}
	st := status.Convert(err)
	reason := ""
	var fields []string
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason = d.GetReason()
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				fields = append(fields, v.GetField())
			}
		}
	}
	return st.Code(), reason, fields
}

// ctx bounds every call of a test, so a call that never answers fails the test in seconds.
func ctx() context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	_ = cancel // released when the deadline passes; each test's calls finish long before
	return c
}
