package engine_test

import (
	"context"
	"slices"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// open opens the fixture as the server and the CLI do, so the class tests check through the real
// git reader rather than a stand-in.
func (g *gitFixture) open(t testing.TB) engine.Repo {
	t.Helper()
	repo, err := gitrepo.Open(context.Background(), g.root)
	if err != nil {
		t.Fatal(err)
	}
	return repo
}

// notes wraps one claim in the smallest soul the class tests share: a title and a Notes section.
func notes(body string) []byte {
	return []byte("# A\n\n## Notes\n\n" + body + "\n")
}

// driftLabeled checks one document through CheckRepo, the entry the server and the CLI share, and
// returns label of each drift finding in report order. An unverified mention (tiers.go) is reported
// too, its label prefixed "unverified ", and so is a document's disagreement with itself ("disagreement
// "): a twin a class must let through is still raised, and the label says in which tier.
func driftLabeled(t *testing.T, repo engine.Repo, doc string, src []byte, label func(engine.Finding) string) []string {
	t.Helper()
	rep, err := engine.CheckRepo(context.Background(), repo, doc, src, engine.ParseOptions{}, engine.CheckOptions{Now: mustTime("2026-07-06T09:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Stale {
		switch f.Kind {
		case engine.KindDrift:
			got = append(got, label(f))
		case engine.KindUnverified:
			got = append(got, "unverified "+label(f))
		case engine.KindDisagreement:
			got = append(got, "disagreement "+label(f))
		}
	}
	return got
}

// driftOf returns the anchors of the drift findings: the class tests compare these with the drift a
// class must let through.
func driftOf(t *testing.T, repo engine.Repo, doc string, src []byte) []string {
	t.Helper()
	return driftLabeled(t, repo, doc, src, func(f engine.Finding) string { return f.Anchor })
}

// findingsOf returns each drift finding as "reason anchor", for classes where the reason tells the
// twins apart.
func findingsOf(t *testing.T, repo engine.Repo, doc string, src []byte) []string {
	t.Helper()
	return driftLabeled(t, repo, doc, src, func(f engine.Finding) string { return f.Reason + " " + f.Anchor })
}

// assertDrift fails unless got is exactly want, in order.
func assertDrift(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got drift %q, want %q", got, want)
	}
}
