package engine_test

import (
	"testing"
)

// TestRustEdition: a Rust edition a document states is the nearest Cargo.toml's own, or the
// workspace's a crate inherits (the forty-sixth holdout's mdmcp: two plugin AGENTS.md said "Rust 2024
// edition" over `edition = "2021"`). A sentence about moving editions, one with no word of Rust, and a
// crate with no edition at all are not compared.
func TestRustEdition(t *testing.T) {
	g := newGitFixture(t)
	g.write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n\n[workspace.package]\nedition = \"2024\"\n")
	g.write("crates/core/Cargo.toml", "[package]\nname = \"core\"\nedition.workspace = true\n")
	g.write("plugins/slack/Cargo.toml", "[package]\nname = \"slack\"\nversion = \"0.1.0\"\nedition = \"2021\"\n")
	g.write("plugins/bare/Cargo.toml", "[package]\nname = \"bare\"\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "plugins/slack/AGENTS.md", []driftCase{
		{"a crate on another edition", "- Rust 2024 edition; follow `rustfmt` defaults (4-space indent, trailing commas, sorted imports where applicable).", []string{"evidence_changed 2024 edition"}},
		{"the crate's own edition", "- Edition 2021; use stable Rust.", nil},
		{"the manifest's line quoted", "The crate sets `edition = \"2024\"` in Cargo.toml.", []string{`evidence_changed edition = "2024`}},
		{"twin: a migration", "We plan to move to the Rust 2024 edition next quarter.", nil},
		{"twin: no word of Rust", "The 2024 edition of the style guide applies.", nil},
	})
	runDriftCases(t, repo, "crates/core/AGENTS.md", []driftCase{
		{"an inherited edition", "Rust 2024 edition throughout.", nil},
		{"twin: an inherited edition mismatched", "Rust 2021 edition throughout.", []string{"evidence_changed 2021 edition"}},
	})
	runDriftCases(t, repo, "plugins/bare/AGENTS.md", []driftCase{
		{"twin: a crate that sets none", "Rust 2018 edition.", nil},
	})
}
