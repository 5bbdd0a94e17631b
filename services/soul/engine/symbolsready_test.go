package engine_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
)

// earlyRepo is a Repo that calls SymbolsReady its own way: never, with the answer's lines, or with lines
// the answer does not hold.
type earlyRepo struct {
	*gitrepo.Repo // its history and ages too
	way           string
}

func (e *earlyRepo) Batch(ctx context.Context, q engine.BatchQuery) (engine.BatchAnswer, error) {
	ready := q.SymbolsReady
	q.SymbolsReady = nil
	ans, err := e.Repo.Batch(ctx, q)
	switch {
	case ready == nil || err != nil:
	case e.way == "answer":
		ready(ans.SymbolLines)
	case e.way == "other":
		ready([]engine.SourceLine{{Path: "server.go", Line: 7, Text: "func (s *Server) Reload() {}"}})
	}
	return ans, err
}

// TestSymbolsReadyChangesNoAnswer: the symbol index built while Batch runs is the one built after it;
// a Repo that never calls SymbolsReady, or calls it with other lines than it answers, gets the same
// report as the one that calls it with its answer.
func TestSymbolsReadyChangesNoAnswer(t *testing.T) {
	g := newGitFixture(t)
	g.write("server.go", "package app\n\ntype Server struct{}\n\nfunc (s *Server) Serve() {}\n\nfunc (s *Server) Close() {}\n")
	g.commit("2026-06-01T10:00:00Z", "start")
	g.write("server.go", "package app\n\ntype Server struct{}\n\nfunc (s *Server) Serve() {}\n")
	g.commit("2026-06-02T10:00:00Z", "drop Close")
	doc := strings.Join([]string{"# Agents", "", "## API", "",
		"- `Server.Close()` stops the listener.", "- `Server.Serve()` runs it.", "- `Server.Reload()` reloads the config.", ""}, "\n")
	now := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	report := func(way string) string {
		t.Helper()
		repo, err := gitrepo.Open(context.Background(), g.root)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := engine.CheckRepo(context.Background(), &earlyRepo{Repo: repo, way: way}, "AGENTS.md", []byte(doc), engine.ParseOptions{}, engine.CheckOptions{Now: now, IncludeClaims: true})
		if err != nil {
			t.Fatal(err)
		}
		out, _ := json.Marshal(rep)
		return string(out)
	}
	want := report("never")
	if !strings.Contains(want, "was removed in") || !strings.Contains(want, "has no member Reload") {
		t.Fatalf("the fixture's report: got %.400s, want a removed Close and a missing Reload", want)
	}
	for _, way := range []string{"answer", "other"} {
		t.Run(way, func(t *testing.T) {
			if got := report(way); got != want {
				t.Fatalf("SymbolsReady called with the %s lines: got\n%.2000s\nwant\n%.2000s", way, got, want)
			}
		})
	}
}
