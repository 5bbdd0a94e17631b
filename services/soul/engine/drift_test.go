package engine_test

import (
	"context"
	"slices"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// driftOf checks one document through CheckRepo, the entry the server and the CLI share, and returns
// the anchors of its drift findings in report order: the class tests compare these with the drift a
// class must let through.
func driftOf(t *testing.T, repo engine.Repo, doc string, src []byte) []string {
	t.Helper()
	rep, err := engine.CheckRepo(context.Background(), repo, doc, src, engine.ParseOptions{}, engine.CheckOptions{Now: mustTime("2026-07-06T09:00:00Z")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Stale {
		if f.Kind == engine.KindDrift {
			got = append(got, f.Anchor)
		}
	}
	return got
}

// assertDrift fails unless got is exactly want, in order.
func assertDrift(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got drift %q, want %q", got, want)
	}
}
