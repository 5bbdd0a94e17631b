package corpus_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul/corpus"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

const realCorpus = "../testdata/real"

// The bar: at least this share of drift findings true, and no fewer true findings than the checker
// found before the precision work (floorTrue, counted on this corpus at the start of SOUL-PRECISION).
const (
	minPrecision = 0.95
	floorTrue    = 9
)

// checkCase builds one case's repository and returns the drift findings of a check.
func checkCase(ctx context.Context, tb testing.TB, c corpus.Case, dir string) []corpus.Finding {
	tb.Helper()
	root, err := c.Build(ctx, dir)
	if err != nil {
		tb.Fatalf("%s: build: %v", c.ID, err)
	}
	return drift(ctx, tb, c, root)
}

// drift is detailFindings without the details: the real corpus labels findings by line, anchor and
// reason, its drift and its unverified mentions alike.
func drift(ctx context.Context, tb testing.TB, c corpus.Case, root string) []corpus.Finding {
	tb.Helper()
	var out []corpus.Finding
	for _, f := range detailFindings(ctx, tb, c.ID, c.Doc, root) {
		out = append(out, f.Finding)
	}
	return out
}

// detailDrift keeps the drift findings of detailFindings: what a plant expects.
func detailDrift(ctx context.Context, tb testing.TB, id, doc, root string) []corpus.DetailFinding {
	tb.Helper()
	var out []corpus.DetailFinding
	for _, f := range detailFindings(ctx, tb, id, doc, root) {
		if !f.Unverified {
			out = append(out, f)
		}
	}
	return out
}

// detailFindings checks one document of a built repository and keeps each drift finding and unverified
// mention with its detail (a moved-to hint or a removing commit is what a plant expects); the real and
// planted corpora both score through it, so they judge one check.
func detailFindings(ctx context.Context, tb testing.TB, id, doc, root string) []corpus.DetailFinding {
	tb.Helper()
	repo, err := gitrepo.Open(ctx, root)
	if err != nil {
		tb.Fatalf("%s: open: %v", id, err)
	}
	rel, src, err := engine.LoadSoul(repo.Root(), doc, 0)
	if err != nil {
		tb.Fatalf("%s: load: %v", id, err)
	}
	rep, err := engine.CheckRepo(ctx, repo, rel, src, engine.ParseOptions{}, engine.CheckOptions{Now: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		tb.Fatalf("%s: check: %v", id, err)
	}
	var out []corpus.DetailFinding
	for _, f := range rep.Stale {
		if f.Kind == engine.KindDrift || f.Kind == engine.KindUnverified {
			out = append(out, corpus.DetailFinding{Finding: corpus.Finding{Line: f.Line, Anchor: orDash(f.Anchor), Reason: f.Reason, Unverified: f.Kind == engine.KindUnverified}, Detail: f.Detail})
		}
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func TestRealCorpusPrecision(t *testing.T) {
	cases, err := corpus.Load(realCorpus)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 25 {
		t.Fatalf("got %d documents in the corpus, want at least 25", len(cases))
	}
	var s corpus.Score
	for _, c := range cases {
		s.Add(c, checkCase(context.Background(), t, c, t.TempDir()))
	}
	for _, u := range s.Unlabelled {
		t.Errorf("unlabelled finding (label it in labels.txt): %s", u)
	}
	for _, w := range s.Wrong {
		t.Logf("false finding: %s", w)
	}
	for _, m := range s.Tier {
		t.Errorf("tier: %s", m)
	}
	for _, m := range s.Missed {
		// recall never drops silently: a labelled-true finding the engine no longer raises is a failure
		t.Errorf("missed true finding (the checker no longer raises it): %s", m)
	}
	t.Logf("drift precision %.3f (%d true of %d), drift recall %.3f (%d missed); unverified %d (%d labelled unverified, %d labelled false)", s.Precision(), s.TruePos, s.TruePos+s.FalsePos, s.Recall(), s.FalseNeg, s.Unverified, s.UnverifiedTrue, s.UnverifiedFalse)
	if s.Precision() < minPrecision {
		t.Errorf("got precision %.3f, want at least %.2f", s.Precision(), minPrecision)
	}
	if s.TruePos < floorTrue {
		t.Errorf("got %d true findings, want at least %d (the count before the precision work)", s.TruePos, floorTrue)
	}
}

// BenchmarkRealCorpus prints precision and recall over the corpus and the check time per document
// (repositories built once, outside the timer).
func BenchmarkRealCorpus(b *testing.B) {
	ctx := context.Background()
	cases, err := corpus.Load(realCorpus)
	if err != nil {
		b.Fatal(err)
	}
	roots := make([]string, len(cases))
	for i, c := range cases {
		if roots[i], err = c.Build(ctx, filepath.Join(b.TempDir(), fmt.Sprint(i))); err != nil {
			b.Fatal(err)
		}
	}
	var s corpus.Score
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		s = corpus.Score{}
		for i, c := range cases {
			s.Add(c, drift(ctx, b, c, roots[i]))
		}
	}
	b.StopTimer()
	perDoc := float64(b.Elapsed().Milliseconds()) / float64(b.N*len(cases))
	b.ReportMetric(s.Precision()*100, "precision%")
	b.ReportMetric(s.Recall()*100, "recall%")
	b.ReportMetric(float64(s.Unverified), "unverified")
	b.ReportMetric(perDoc, "ms/doc")
	b.ReportMetric(perDoc/300, "x300ms-budget")
}
