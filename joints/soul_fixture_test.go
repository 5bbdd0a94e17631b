package joints

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/grpctest"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/medulla"
	"github.com/organism-dev/organism/services/soul"
)

// Every name here starts with soul: the joints package is shared by every organ's tests.

var soulT0 = time.Date(2026, 7, 6, 9, 0, 0, 0, time.UTC)

// soulLazyMedulla lets soul hold a medulla client whose connection exists only once the shared test server runs.
type soulLazyMedulla struct{ medullav1.MedullaServiceClient }

// soulFixture runs a real medulla and a real soul behind one interceptor chain on bufconn.
type soulFixture struct {
	t       *testing.T
	env     *grpctest.Env
	clock   *clock.Fake
	medulla medullav1.MedullaServiceClient // owner
	owner   soulv1.SoulServiceClient
	agent   soulv1.SoulServiceClient // agent-7, bound to loja
	repo    string
}

type soulSeqIDs struct {
	mu sync.Mutex
	n  int
}

func (s *soulSeqIDs) New(prefix string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	return prefix + "_" + strings.Repeat("0", 11) + string(rune('0'+s.n%10))
}

func newSoulFixture(t *testing.T) *soulFixture {
	t.Helper()
	f := &soulFixture{t: t, clock: clock.NewFake(soulT0)}
	med, err := medulla.Open(context.Background(), medulla.Options{DataDir: t.TempDir(), Clock: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { med.Close() })
	lazy := &soulLazyMedulla{}
	svc, err := soul.Open(context.Background(), soul.Options{DataDir: t.TempDir(), Clock: f.clock, Medulla: lazy, IDs: &soulSeqIDs{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	f.env = grpctest.Start(t, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		med.Register(r)
		svc.Register(r)
	})
	// soul calls medulla with the original caller's credential, as serve wires it
	lazy.MedullaServiceClient = medullav1.NewMedullaServiceClient(f.env.Conn(auth.Credentials{}))
	f.medulla = medullav1.NewMedullaServiceClient(f.env.Owner())
	f.owner = soulv1.NewSoulServiceClient(f.env.Owner())
	f.agent = f.agentIn("agent-7", "loja")
	f.repo = soulWriteRepo(t, t.TempDir(), soulSmall)
	f.register("loja", f.repo, "docs/PATHOS.md")
	return f
}

func (f *soulFixture) agentIn(id, brain string) soulv1.SoulServiceClient {
	return soulv1.NewSoulServiceClient(f.env.Agent(id, "curator", brain))
}

func (f *soulFixture) register(name, root, soulPath string) {
	f.t.Helper()
	if _, err := f.medulla.RegisterBrain(context.Background(), &medullav1.RegisterBrainRequest{Name: name, RepoRoot: root, SoulPath: soulPath}); err != nil {
		f.t.Fatalf("register %s: %v", name, err)
	}
}

const soulSmall = "# PATHOS\n\n## Checkpoint 3 — the loja era\n\n### Current State\n\n" +
	"- `src/main.go` serves the shop.\n" +
	"- `src/gone.go` holds the cart.\n" +
	"- Tag `v0.1.0` is cut.\n\n" +
	"## Operating Doctrine\n\n- Never ship on a Friday.\n"

// soulWriteRepo makes a git repository with a fixed history, so shas are stable.
func soulWriteRepo(t *testing.T, root, soulText string) string {
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

// soulRefusalOf returns the status code, ErrorInfo reason and BadRequest fields of a refusal.
func soulRefusalOf(t *testing.T, err error) (codes.Code, string, []string) {
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
