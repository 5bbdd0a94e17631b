package engine_test

import "testing"

// TestFiguresTableRowsAreConditions pins that the rows of one figures table measure one quantity under
// different conditions (their first cell): their differing counts are different subjects. The twins:
// two prose sentences, or one row label twice, that disagree are still contradicted.
func TestFiguresTableRowsAreConditions(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	repo := g.open(t)
	head := "# A\n\n## Figures\n\n| measure | figure |\n|---|---|\n"
	tests := []struct {
		name, body string
		want       []string
	}{
		{"rows under different conditions", head +
			"| writes/s, first version (`main.go`), 8 pairs | 8,716 |\n" +
			"| writes/s, final version (`main.go`), 6 pairs | 11,493 |\n", nil},
		{"one row label twice stays contradicted", head +
			"| writes/s, final version | 8 pairs in `main.go` |\n" +
			"| writes/s, final version | 6 pairs in `main.go` |\n",
			[]string{"disagreement contradicted ", "disagreement contradicted "}},
		{"two sentences stay contradicted", "# A\n\n## Figures\n\n" +
			"- The battery runs 37 cases from `main.go`.\n" +
			"- The battery runs 36 cases via `main.go`.\n",
			[]string{"disagreement contradicted ", "disagreement contradicted "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", []byte(tc.body)), tc.want)
		})
	}
}

// TestGlobPerPackage pins that a glob matching nothing at the root but under several packages
// ("store/migrations/*.sql" with services/*/store/migrations/) is a convention relative to each
// package, and one under a single package is that package's (as a plain path that resolves uniquely).
// The twin: a glob matching nowhere is still raised (unverified when no commit ever matched it,
// globtrace.go; drift with history behind it, TestGlobHistory).
func TestGlobPerPackage(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("services/a/store/migrations/0001_init.sql", "create table a (id int);\n")
	g.write("services/b/store/migrations/0001_init.sql", "create table b (id int);\n")
	g.write("services/b/store/migrations/0002_more.sql", "create table c (id int);\n")
	g.write("services/a/seeds/one.csv", "x\n")
	g.write("services/a/store/pgstore.go", "package store\n")
	g.write("services/b/store/pgstore.go", "package store\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		{"a glob under several packages", "Each organ's `store/` keeps its `store/migrations/*.sql`.", nil},
		{"a glob under one package resolves there, as a unique plain path does", "Each organ keeps its `seeds/*.csv` beside the store.", nil},
		{"a glob matching nowhere stays drift", "Each organ's `store/` keeps its `store/schema/*.sql`.", []string{"unverified evidence_file_missing store/schema/*.sql"}},
		{"a directory or a glob, the glob holding", "The PostgreSQL store sits beside it (`store/pgx/` or `store/pg*.go`).", nil},
		{"a directory or a glob, neither holding, stays drift", "The PostgreSQL store sits beside it (`store/pgx/` or `store/pq*.go`).", []string{"unverified unanchored store/pgx/"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}

// TestProtocolMethodIsNoPath pins that a JSON-RPC method name (`tools/list`) in a claim or section about
// such a protocol is no path, even where its first word is a real directory (tools/). The twins: the
// same name with no protocol named, or a file name with an extension, stays drift.
func TestProtocolMethodIsNoPath(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("tools/gen.go", "package tools\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		{"a method under an MCP heading", "# Agents (MCP)\n\n## Tools\n\n`main.go` checks this table against `tools/list`.\n", nil},
		{"a method named in a JSON-RPC claim", "# A\n\n## Notes\n\nThe JSON-RPC server in `main.go` answers `resources/read`.\n", nil},
		{"no protocol named stays drift", "# A\n\n## Notes\n\n`main.go` checks this table against `tools/list`.\n", []string{"unverified evidence_file_missing tools/list"}},
		{"a file name stays drift", "# Agents (MCP)\n\n## Tools\n\n`main.go` checks this table against `tools/list.go`.\n", []string{"unverified unanchored tools/list.go"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", []byte(tc.body)), tc.want)
		})
	}
}
