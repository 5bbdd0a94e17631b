package soul_test

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpctest"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul"
	"github.com/organism-dev/organism/services/soul/benchrepo"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// BenchmarkCheckSoulGRPC times CheckSoul through the real generated client, behind the real
// interceptor chain, on the fixtures the domain's benchmarks check (BenchmarkCheckAgents and
// BenchmarkCheckSoul in the checking engine): the 200-line AGENTS.md in a 10k-file, 20k-commit
// repository against issue 13's 300 ms, and the 10,000-line soul against its 100 ms warm bound.
// A recorded check (a receipt stored, as agents and CI call it) and a dry run (no receipt) are
// timed apart, so what the store adds shows. The API's figure minus the domain's is what
// resolving the brain, reading the document, storing the receipt and the wire cost.
func BenchmarkCheckSoulGRPC(b *testing.B) {
	agents, err := benchrepo.Agents("organism-soul-grpc-bench-agents-v1")
	if err != nil {
		b.Fatal(err)
	}
	soul10k, err := benchrepo.Soul("organism-soul-grpc-bench-soul10k-v1")
	if err != nil {
		b.Fatal(err)
	}
	docs := []struct {
		name, root, path string
		budget           time.Duration
		doc              func() ([]byte, error)
	}{
		{"agents-realistic", agents, "AGENTS.md", benchrepo.AgentsBudget, func() ([]byte, error) { return benchrepo.AgentsDoc(agents, false) }},
		{"agents-stale-heavy", agents, "AGENTS.md", benchrepo.AgentsBudget, func() ([]byte, error) { return benchrepo.AgentsDoc(agents, true) }},
		{"soul-10k", soul10k, benchrepo.SoulPath, benchrepo.SoulWarmBudget, func() ([]byte, error) { return benchrepo.SoulDoc(soul10k) }},
	}
	client := benchOrgan(b)
	for _, d := range docs {
		for _, dry := range []bool{false, true} {
			name := d.name
			if dry {
				name += "/dry-run"
			}
			b.Run(name, func(b *testing.B) {
				src, err := d.doc()
				if err != nil {
					b.Fatal(err)
				}
				// The brain's document is the file on disk, as a server reads it; the history is the domain bench's.
				if err := benchrepo.WriteDoc(d.root, d.path, src); err != nil {
					b.Fatal(err)
				}
				client.register(d.name, d.root, d.path)
				benchCheckGRPC(b, client.agent(d.name), &soulv1.CheckSoulRequest{Brain: d.name, DryRun: dry}, d.budget)
			})
		}
	}
}

// benchClient is soul on bufconn with a registry standing in for medulla (brain resolution only).
type benchClient struct {
	env      *grpctest.Env
	registry *registry
}

func benchOrgan(b *testing.B) *benchClient {
	b.Helper()
	c := &benchClient{registry: &registry{brains: map[string]*medullav1.Brain{}}}
	lazy := &lazyMedulla{}
	svc, err := soul.Open(context.Background(), soul.Options{DataDir: b.TempDir(), Medulla: lazy})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { svc.Close() })
	c.env = grpctest.Start(b, grpctest.Options{}, func(r grpc.ServiceRegistrar) {
		medullav1.RegisterMedullaServiceServer(r, c.registry)
		svc.Register(r)
	})
	lazy.MedullaServiceClient = medullav1.NewMedullaServiceClient(c.env.Conn(auth.Credentials{}))
	return c
}

func (c *benchClient) register(brain, root, soulPath string) {
	c.registry.mu.Lock()
	defer c.registry.mu.Unlock()
	c.registry.brains[brain] = &medullav1.Brain{Name: brain, RepoRoot: root, SoulPath: soulPath}
}

// agent is a curator bound to brain: the caller CI and agents check their own soul as.
func (c *benchClient) agent(brain string) soulv1.SoulServiceClient {
	return soulv1.NewSoulServiceClient(c.env.Agent("agent-bench", "curator", brain))
}

func benchCheckGRPC(b *testing.B, client soulv1.SoulServiceClient, req *soulv1.CheckSoulRequest, budget time.Duration) {
	check := func() *soulv1.CheckSoulResponse {
		// A call that never answers fails the benchmark instead of hanging it.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		resp, err := client.CheckSoul(ctx, req)
		if err != nil {
			b.Fatal(err)
		}
		return resp
	}
	gitrepo.ResetCache()
	first := check()
	rep := first.GetReport()
	if rep.GetByState().GetVerifiedFresh() == 0 || rep.GetByState().GetEvidenceStale() == 0 {
		b.Fatalf("%s: got %s, want fresh and stale claims", req.GetBrain(), rep.GetReceiptLine())
	}
	if got, want := first.GetReceipt() != nil, !req.GetDryRun(); got != want {
		b.Fatalf("%s: got a receipt %v, want %v", req.GetBrain(), got, want)
	}
	// Cold: no cached snapshot or history, as a server's first check of a repository pays it.
	benchrepo.Measure(b, func() { check() }, gitrepo.ResetCache, nil).Report(b, budget)
	b.ReportMetric(float64(rep.GetClaims().GetVerifiable()), "verifiable-claims")
	b.ReportMetric(float64(rep.GetByState().GetEvidenceStale()), "stale-claims")
}
