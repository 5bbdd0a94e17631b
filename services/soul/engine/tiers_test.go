package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestConfidenceTiers: a drift finding needs evidence. A name with no trace in history and no
// definition is drift only when its sentence asserts it exists (each strong form below, each with
// its weak twin); otherwise it is an unverified mention, still reported. History keeps drift drift.
func TestConfidenceTiers(t *testing.T) {
	repo := tierFixture(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		// strong assertions of a traceless name: drift
		{"a markdown link target", "For server changes see the [server docs](./tools/server/README-dev.md).", []string{"unanchored ./tools/server/README-dev.md"}},
		{"an image target", "The layout: ![arch](docs/arch.png)", []string{"unanchored docs/arch.png"}},
		{"see X", "**Hooks**: shell commands run before a tool. See `HOOKS.md` for details.", []string{"unanchored HOOKS.md"}},
		{"see also X", "See also `docs/hooks.md`.", []string{"unanchored docs/hooks.md"}},
		{"refer to X", "Please refer to `docs/hooks.md` before adding one.", []string{"unanchored docs/hooks.md"}},
		{"read X opening a clause", "Before you start, read `docs/hooks.md`.", []string{"unanchored docs/hooks.md"}},
		{"documented in X", "The hook protocol is documented in `docs/hooks.md`.", []string{"unanchored docs/hooks.md"}},
		{"described in X", "Each hook is described in the `docs/hooks.md` file.", []string{"unanchored docs/hooks.md"}},
		{"X describes", "`docs/hooks.md` describes every hook.", []string{"unanchored docs/hooks.md"}},
		{"said to be committed", "Only durable artifacts are committed: `proofs/*.proof` and the index.", []string{"evidence_file_missing proofs/*.proof"}},
		{"a symbol to see", "See `store.Reset()` for how a test starts clean.", []string{"symbol_missing store.Reset()"}},
		// the same names only mentioned: unverified
		{"a program reads X", "The CLI reads `HOOKS.md` at start.", []string{"unverified unanchored HOOKS.md"}},
		{"a place named in passing", "Hooks live in `docs/hooks.md`.", []string{"unverified unanchored docs/hooks.md"}},
		{"a glob nothing matches", "Fixtures are `proofs/*.proof` files.", []string{"unverified evidence_file_missing proofs/*.proof"}},
		{"a symbol defined nowhere", "Tests call `store.Reset()` first.", []string{"unverified symbol_missing store.Reset()"}},
		{"a weak path under a real directory", "The `store/legacy` package is frozen.", []string{"unverified evidence_file_missing store/legacy"}},
		// history is evidence, asserted or not
		{"a path that was there and is gone", "The old guide is `docs/old.md`.", []string{"evidence_file_missing docs/old.md"}},
		{"a real file", "The entry point is `main.go`.", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}

// TestUnverifiedIsNoStaleClaim: a claim whose only failure is an unverified mention fails no check,
// so the receipt line counts it as unverified, not stale, and Findings (a receipt's verdict) leaves
// it out; a claim with history behind its failure is still stale (duckdb-python's CLAUDE.md read
// "5 stale" over a report of 0 drift).
func TestUnverifiedIsNoStaleClaim(t *testing.T) {
	repo := tierFixture(t)
	tests := []struct {
		name, body      string
		stale, findings int
		line            string
	}{
		{"a mention only", "Hooks live in `docs/hooks.md`.", 0, 0, "0 stale"},
		{"a mention and a drift", "Hooks live in `docs/hooks.md`.\n\nThe old guide is `docs/old.md`.", 1, 1, "1 stale"},
		{"fresh", "The entry point is `main.go`.", 0, 0, "1 fresh · 0 stale"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := checkDoc(t, repo, "AGENTS.md", string(notes(tc.body)))
			if rep.Findings() != tc.findings || !strings.Contains(rep.ReceiptLine, tc.line) {
				t.Errorf("findings %d, receipt line %q; want %d findings and %q", rep.Findings(), rep.ReceiptLine, tc.findings, tc.line)
			}
			if tc.stale == 0 && tc.line != "1 fresh · 0 stale" && !strings.Contains(rep.ReceiptLine, "1 unverified") {
				t.Errorf("receipt line %q: want the mention counted as 1 unverified", rep.ReceiptLine)
			}
		})
	}
}

// tierFixture is a repository with a live entry point, a live store package and a guide history removed.
func tierFixture(t *testing.T) engine.Repo {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("store/store.go", "package store\n\nfunc Open() {}\n")
	g.write("docs/old.md", "# old\n")
	g.write("docs/index.md", "# docs\n") // docs/ stays: a gone ancestor would be evidence (evidence.go)
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("docs/old.md")
	g.commit("2026-06-02T10:00:00Z", "docs: drop the old guide")
	return g.open(t)
}
