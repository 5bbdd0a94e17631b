package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul/benchrepo"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// agentsRepo is the shared fixture, built once per machine and cached in the temp dir.
func agentsRepo(b *testing.B) string {
	b.Helper()
	root, err := benchrepo.Agents("organism-soul-bench-agents-v1")
	if err != nil {
		b.Fatal(err)
	}
	return root
}

func agentsDoc(b *testing.B, root string, staleHeavy bool) []byte {
	b.Helper()
	src, err := benchrepo.AgentsDoc(root, staleHeavy)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkCheckAgents times one check of a 200-line AGENTS.md in a 10k-file, 20k-commit repository.
// ms/cold-check starts with no cached snapshot (a CLI run or a repository's first check); ms/check is
// a server re-checking it. Both carry their ratio to the 300 ms budget.
func BenchmarkCheckAgents(b *testing.B) {
	root := agentsRepo(b)
	for _, doc := range []struct {
		name       string
		staleHeavy bool
	}{{"realistic", false}, {"stale-heavy", true}} {
		b.Run(doc.name, func(b *testing.B) { benchAgents(b, root, agentsDoc(b, root, doc.staleHeavy)) })
	}
}

func benchAgents(b *testing.B, root string, src []byte) {
	ctx := context.Background()
	check := func() *engine.Report {
		repo, err := gitrepo.Open(ctx, root)
		if err != nil {
			b.Fatal(err)
		}
		rep, err := engine.CheckRepo(ctx, repo, "AGENTS.md", src, engine.ParseOptions{}, engine.CheckOptions{Now: time.Now()})
		if err != nil {
			b.Fatal(err)
		}
		return rep
	}
	gitrepo.ResetCache()
	rep := check()
	if rep.ByState.Fresh == 0 || rep.ByState.Stale == 0 {
		b.Fatalf("agents doc: got %s, want fresh and stale claims", rep.ReceiptLine)
	}
	benchrepo.Measure(b, func() { check() }, gitrepo.ResetCache, nil).Report(b, benchrepo.AgentsBudget)
	b.ReportMetric(float64(rep.Totals.Verifiable), "verifiable-claims")
	b.ReportMetric(float64(rep.ByState.Stale), "stale-claims")
}
