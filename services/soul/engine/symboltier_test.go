package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestSymbolTier: a symbol missing, or not under the qualifier written, is drift only when history
// names the commit that removed it (or the tree shows where its file went); with no such evidence it is
// an unverified mention. Over twenty-four holdouts such symbol flags were true once in 24 (tiers.go).
// A nested module deleted with its own file is found in the directory its language files it in, where
// its qualifier's bare name is defined by too many files to walk (hermes-mcp's `Hermes.Server.Behaviour`,
// gone with lib/hermes/server/behaviour.ex).
func TestSymbolTier(t *testing.T) {
	g := newGitFixture(t)
	g.write("lib/app/server.ex", "defmodule App.Server do\n  def start, do: :ok\nend\n")
	for _, m := range []string{"Base", "Component", "Registry", "Supervisor", "Frame"} {
		g.write(fmt.Sprintf("lib/app/server/%s.ex", strings.ToLower(m)), fmt.Sprintf("defmodule App.Server.%s do\nend\n", m))
	}
	g.write("lib/app/server/behaviour.ex", "defmodule App.Server.Behaviour do\n  @callback init(term) :: term\nend\n")
	g.write("lib/app/server/http_client.ex", "defmodule App.Server.HTTPClient do\nend\n")
	g.write("src/lib.rs", "pub mod store;\n")
	g.write("src/store.rs", "pub mod disk;\npub struct Store;\n")
	g.write("src/store/disk.rs", "pub struct Pool;\n")
	g.write("src/worker.rs", "pub fn run() {\n    std::thread::sleep(std::time::Duration::from_millis(1));\n}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("lib/app/server/behaviour.ex")
	g.remove("lib/app/server/http_client.ex")
	gone := g.commit("2026-05-02T10:00:00Z", "drop the behaviour and the client")[:7]
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a standard-library member", "- Wait with `thread::sleep` between polls.", nil},
		{"a member never defined under a type here", "- Open a pool with `Store.open_pool()`.", []string{"unverified symbol_missing Store.open_pool()"}},
		{"a nested module deleted with its file", "- Implement `App.Server.Behaviour` callbacks in your module.", []string{"symbol_removed App.Server.Behaviour"}},
		{"a nested module whose file name is its name in snake case", "- Call out through `App.Server.HTTPClient`.", []string{"symbol_removed App.Server.HTTPClient"}},
		{"twin: a nested module that never was", "- Implement `App.Server.Handler` callbacks in your module.", []string{"unverified symbol_missing App.Server.Handler"}},
		{"twin: a nested module that is there", "- Register with `App.Server.Registry`.", nil},
	})
	withDetail := func(f engine.Finding) string { return f.Reason + " " + f.Anchor + " | " + f.Detail }
	got := driftLabeled(t, repo, "AGENTS.md", notes("- Implement `App.Server.Behaviour` callbacks in your module."), withDetail)
	assertDrift(t, got, []string{"symbol_removed App.Server.Behaviour | Server.Behaviour was removed in " + gone + " (lib/app/server/behaviour.ex)"})
}
