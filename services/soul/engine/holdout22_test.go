package engine_test

import "testing"

// TestTwentySecondHoldoutClasses: a crate of the workspace by its package name (opendal's
// `opendal::layers`, whose crate sits in core/), a short alias (nicegui's `d.BG_BLUE`, with a minified
// `class d` in a bundle) and the place a tool writes its output (cline's "Generates into
// `src/generated/`"), each beside its twin.
func TestTwentySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("core/Cargo.toml", "[workspace]\nmembers = [\".\"]\n\n[package]\nexclude = [\"/tests/\"]\nname = \"opendal\"\n")
	g.write("core/src/lib.rs", "pub mod layers {\n    pub struct RetryLayer;\n}\n\npub mod services {}\n")
	g.write("codec/Cargo.toml", "[package]\nname = \"opendal-codec\"\n")
	g.write("codec/src/lib.rs", "pub mod codecs {}\n")
	g.write("bindings/python/opendal/__init__.py", "from ._opendal import *\n")
	g.write("website/design.py", "BG_BLUE = 'bg-blue-500'\n")
	g.write("website/page.py", "from website import design as d\n\nprint(d.BG_BLUE)\n")
	g.write("dist/bundle.js", "class d{constructor(){this.x=1}}class o{}\n")
	g.write("proto/task.proto", "syntax = \"proto3\";\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a crate by its package name", "4. Re-export it from the facade when users should access it through `opendal::layers`.", nil},
		{"twin: a module the crate lacks", "4. Re-export it from the facade when users should access it through `opendal::codecs`.", []string{"unverified evidence_changed opendal::codecs"}},
		{"a type's file named for any type", "- Test files mirror source files (`Foo.swift` → `FooTests.swift`).", nil},
		{"a test named for any behaviour", "- Test names drop the prefix: write `fooBehavior()`, not `testFooBehavior()`.", nil},
		{"a short alias", "- Use constants from `website/design.py` (`d.BG_BLUE`) in f-strings.", nil},
		{"a tool's output directory", "- **Protos**: run them after any `.proto` change. Generates into `src/shared/proto/`, `src/generated/`.", nil},
		{"twin: a directory the sentence places files in", "- **Protos**: the sources are in `proto/`, `src/protos/`.", []string{"unverified unanchored src/protos/"}},
	})
}

// TestTwentySecondHoldoutBlocks: command blocks after one that clones another repository and enters it
// run there, up to the section's end or a block that changes back (playwright-mcp's CONTRIBUTING:
// "git clone …/playwright", "cd playwright", then "npm run watch" in the next block).
func TestTwentySecondHoldoutBlocks(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"scripts\": {\"build\": \"tsc\", \"watch\": \"tsc -w\"}}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.write("package.json", "{\"scripts\": {\"build\": \"tsc\"}}\n")
	g.commit("2026-05-02T10:00:00Z", "the core moved to the playwright monorepo")
	repo := g.open(t)

	clone := "## Setup\n\nClone the Playwright repository.\n\n```bash\ngit clone https://github.com/microsoft/playwright\ncd playwright\n```\n\nInstall and watch.\n\n```bash\nnpm ci\nnpm run watch\n```\n"
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a block after one that entered a clone", clone, nil},
		{"twin: a block in the next section", clone + "\n## Here\n\n```bash\nnpm run watch\n```\n", []string{"evidence_changed npm run watch"}},
		{"twin: a block that changes back", clone + "\nBack home:\n\n```bash\ncd ..\nnpm run watch\n```\n", []string{"evidence_changed npm run watch"}},
	})
}

// TestElixirNames: Elixir modules and functions are read (hermes-mcp's CLAUDE.md cites 75 of them, and
// soul had checked one): a module by its dotted name, a function by its module and arity, an atom in a
// keyword list no function; a function its module no longer defines fails.
func TestElixirNames(t *testing.T) {
	g := newGitFixture(t)
	g.write("lib/hermes/mcp/message.ex", "defmodule Hermes.MCP.Message do\n  @kinds [\n    encode_error: \"Encode error\"\n  ]\n\n  def decode(data, opts \\\\ []) do\n    {data, opts}\n  end\n\n  def encode_request(req, id), do: {req, id}\nend\n")
	g.write("lib/hermes/deploy.ex", "defmodule Hermes.Deploy do\n  def plan, do: :ok\nend\n")
	g.write("lib/hermes/mcp.ex", "defmodule Hermes.MCP do\n  def version, do: 1\nend\n")
	g.write("lib/hermes/deploy/distributed/orchestrator.ex", "defmodule Hermes.Deploy.Distributed.Orchestrator do\n  def start_link(opts), do: {:ok, opts}\nend\n")
	g.write("lib/hermes/application.ex", "defmodule Hermes.Application do\n  def children, do: [{Registry, keys: :unique, name: Hermes.MCP.SenderRegistry}]\nend\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a namespace of modules", "- Deployments are owned by the orchestrator (`Hermes.Deploy.Distributed`).", nil},
		{"a module name the code uses as a registry's name", "- Senders are found through `Hermes.MCP.SenderRegistry`.", nil},
		{"a module by its dotted name", "- Messages are built with `Hermes.MCP.Message`.", nil},
		{"a function with its arity", "- Build one with `Hermes.MCP.Message.decode/2`, send with `Message.encode_request/2`.", nil},
		{"a bare name and arity is no path", "- Build one with `Message.decode/2` and the `init_request/1` builder.", nil},
		{"an atom of a keyword list is no function", "- Build one with `Message.encode_error/1`.", []string{"unverified symbol_missing Message.encode_error"}},
		{"a module nowhere, mentioned", "- The options of `Hermes.MCP.Policy` come from its DSL module.", []string{"unverified symbol_missing Hermes.MCP.Policy"}},
	})
}
