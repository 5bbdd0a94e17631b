package engine_test

import "testing"

// TestLeastLanguageVersions: a least language version a sentence states is compared with the manifest
// nearest the document (toolchains.go): below go.mod's `go` line, pyproject's `requires-python`,
// package.json's `engines.node` or Cargo.toml's `rust-version` is drift (k6's "use Go 1.23+" over `go
// 1.25.0`, mem0's "Python 3.9+" over `>=3.10`), and so is a stack's version with no least mark ("Go
// 1.24, Chi, and Fx", the fifty-fourth holdout's openlibrary). A version with no mark that a verb
// follows, one the sentence says beside the manifest's, one in the past tense or an upgrade, and one
// at or above the manifest's are not.
func TestLeastLanguageVersions(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module github.com/acme/widget\n\ngo 1.25.0\n")
	g.write("web/package.json", `{"name": "web", "engines": {"node": ">=20.11.0"}}`+"\n")
	g.write("py/pyproject.toml", "[project]\nname = \"w\"\nrequires-python = \">=3.10,<4\"\n")
	g.write("crates/Cargo.toml", "[package]\nname = \"w\"\nrust-version = \"1.80\"\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"Go below go.mod", "- `go.mod`: Go module dependencies (use Go 1.23+)", []string{"evidence_changed Go 1.23+"}},
		{"Go, or later", "- Requires Go 1.21 or later.", []string{"evidence_changed Requires Go 1.21 or later"}},
		{"twin: Go at go.mod's", "- **Language:** Go 1.25+", nil},
		{"twin: Go above go.mod's", "- **Go 1.26.4+** - Required for building and testing", nil},
		{"a stack's version with no least mark", "- **Primary language**: Go 1.24.0", []string{"evidence_changed Go 1.24.0"}},
		{"a stack's version in a list", "- Go 1.24, Chi, and Fx for the HTTP server.", []string{"evidence_changed Go 1.24"}},
		{"twin: a stack's version above go.mod's", "- Go 1.26, Chi, and Fx for the HTTP server.", nil},
		{"twin: no least mark, about the language", "- Go 1.22 changed loop variables to be per iteration.", nil},
		{"twin: no least mark, an upgrade", "- Upgraded from Go 1.24, with the new iterators.", nil},
		{"twin: the manifest's version named too", "- **Go 1.21+** (the project currently uses Go 1.25 in `go.mod`, but 1.21 is the minimum supported version)", nil},
		{"twin: history", "Since Hugo 0.48, Hugo uses the Go Modules support built into Go 1.11+ to build.", nil},
	})
	runDriftCases(t, repo, "web/AGENTS.md", []driftCase{
		{"Node below engines", "You need Node.js 18+ and pnpm.", []string{"evidence_changed need Node.js 18+"}},
		{"twin: Node at engines'", "You need Node.js 20 or newer.", nil},
	})
	runDriftCases(t, repo, "py/CONTRIBUTING.md", []driftCase{
		{"Python below requires-python", "- Python 3.9+ with `uv`.", []string{"evidence_changed Python 3.9+"}},
		{"twin: Python at it", "- Python 3.10+ with `uv`.", nil},
	})
	runDriftCases(t, repo, "crates/AGENTS.md", []driftCase{
		{"Rust below rust-version", "The MSRV: requires Rust 1.70.", []string{"evidence_changed requires Rust 1.70"}},
	})
	runDriftCases(t, repo, "docs/AGENTS.md", []driftCase{
		{"the nearest manifest is above the document", "Build with Go 1.22 or newer.", []string{"evidence_changed Go 1.22 or newer"}},
	})
}

// TestQuotedGoLine: a sentence that quotes go.mod's go line ("`go 1.25` in `go.mod`": the
// thirty-second holdout's air) states the manifest's own version, so a go.mod that moved on is drift
// and the same major and minor is not.
func TestQuotedGoLine(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module example.com/air\n\ngo 1.26.0\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a go line go.mod moved past", "- Language: Go (modules enabled; `go 1.25` in `go.mod`).", []string{"evidence_changed go 1.25 in go.mod"}},
		{"twin: the go line go.mod has", "- Language: Go (modules enabled; `go 1.26` in `go.mod`).", nil},
	})
}
