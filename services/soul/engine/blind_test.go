package engine_test

import (
	"fmt"
	"testing"
)

// TestBlindSymbols: a symbol soul cannot see cannot be said to be missing. A name some file of a
// language the index does not read mentions is no finding (it is defined where soul cannot look). Where
// a quarter or more of the scope's tracked sources are in such languages, a symbol no file mentions,
// with no removal from history behind it, is unverified, asserted or not; a removal history names keeps
// drift, and a scope whose unread files are test data, or a minority, keeps today's tiers.
func TestBlindSymbols(t *testing.T) {
	// a Ruby project with one Go helper whose function history removed
	ex := newGitFixture(t)
	ex.write("ash.gemspec", "Gem::Specification.new do |s|\n  s.name = 'ash'\nend\n")
	ex.write("lib/ash/resource.rb", "module Ash\n  class Resource\n  end\nend\n")
	ex.write("lib/ash/domain.rb", "module Ash\n  class Domain\n  end\nend\n")
	ex.write("tools/gen/gen.go", "package gen\n\nfunc Gen() {}\n\nfunc Legacy() {}\n")
	ex.write("docs/old.md", "# old\n")
	ex.commit("2026-06-01T10:00:00Z", "init")
	ex.write("tools/gen/gen.go", "package gen\n\nfunc Gen() {}\n")
	ex.remove("docs/old.md")
	ex.commit("2026-06-02T10:00:00Z", "gen: drop Legacy and the old guide")
	elixir := ex.open(t)

	// a Go module whose C files are a test corpus, and a Zig subtree with its own AGENTS.md
	gf := newGitFixture(t)
	for i := range 4 {
		gf.write(fmt.Sprintf("pkg%d/pkg.go", i), fmt.Sprintf("package pkg%d\n\nfunc Run() {}\n", i))
	}
	gf.write("store/store.go", "package store\n\nfunc Open() {}\n")
	for i := range 20 {
		gf.write(fmt.Sprintf("testdata/c/t%d.c", i), "int main(void) { return 0; }\n")
	}
	gf.write("zig/src/lib.zig", "pub const TaggedUnion = u8;\n")
	gf.commit("2026-06-01T10:00:00Z", "init")
	goRepo := gf.open(t)

	tests := []struct {
		name      string
		repo      string
		doc, body string
		want      []string
	}{
		// a name the unread language's files mention is defined where soul cannot see: no finding at all
		{"a Ruby class mentioned", "elixir", "AGENTS.md", "The options of `Ash.Resource` come from its DSL module.", nil},
		{"a Ruby class the sentence points at", "elixir", "AGENTS.md", "See `Ash.Domain` for the DSL.", nil},
		{"a Zig name in a nested document", "go", "zig/AGENTS.md", "Unions are converted via `lib.TaggedUnion`.", nil},
		{"a Zig name from the root", "go", "AGENTS.md", "See `lib.TaggedUnion` for the unions.", nil},
		// blind: a name no file mentions, whose absence was never established all the same
		{"a Ruby class nowhere, mentioned", "elixir", "AGENTS.md", "The options of `Ash.Policy` come from its DSL module.", []string{"unverified symbol_missing Ash.Policy"}},
		{"a Ruby class nowhere, pointed at", "elixir", "AGENTS.md", "See `Ash.Notifier` for the DSL.", []string{"unverified symbol_missing Ash.Notifier"}},
		{"a name nowhere, in a Zig subtree", "go", "zig/AGENTS.md", "Unions are converted via `lib.GoneUnion`.", []string{"unverified symbol_missing lib.GoneUnion"}},
		// drift twins: history, or a scope soul reads
		{"a removal history names, in a blind repo", "elixir", "AGENTS.md", "The table is built by `gen.Legacy()`.", []string{"symbol_removed gen.Legacy()"}},
		{"a gone path, in a blind repo", "elixir", "AGENTS.md", "The old guide is `docs/old.md`.", []string{"evidence_file_missing docs/old.md"}},
		{"C test data does not blind a Go module", "go", "AGENTS.md", "See `store.Reset()` for how a test starts clean.", []string{"symbol_missing store.Reset()"}},
		{"a Zig minority does not blind the root", "go", "AGENTS.md", "See `lib.GoneUnion` for the unions.", []string{"symbol_missing lib.GoneUnion"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo := goRepo
			if tc.repo == "elixir" {
				repo = elixir
			}
			assertDrift(t, findingsOf(t, repo, tc.doc, notes(tc.body)), tc.want)
		})
	}
}

// TestBareCalls: a call with no qualifier, defined nowhere, is as often a builtin or a dependency's
// function as a renamed one of this project. History is asked where its sentence's neighbours are
// defined: a removal it names is drift; with none, or no neighbour to say where, it is unverified.
// A strong assertion keeps a traceless call drift, as it does a path.
func TestBareCalls(t *testing.T) {
	g := newGitFixture(t)
	g.write("cc.go", "package cc\n\nfunc NewConfig() { AdjustLongDouble() }\n\nfunc AdjustLongDouble() {}\n")
	g.write("etc.go", "package cc\n\nfunc LongDouble64Flag() string { return \"\" }\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.write("cc.go", "package cc\n\nfunc NewConfig() { fixLongDouble() }\n\nfunc fixLongDouble() {}\n")
	g.commit("2026-06-02T10:00:00Z", "cc: rename AdjustLongDouble")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		{"a builtin", "Breakpoints using `breakpoint()` drop you into pdb.", []string{"unverified symbol_missing breakpoint()"}},
		{"a dependency's function", "Examples link the library via `lazyDependency(\"vt\")`.", []string{"unverified symbol_missing lazyDependency()"}},
		{"a renamed function beside its caller", "When set, `NewConfig` calls `AdjustLongDouble()` to fold long double.", []string{"symbol_removed AdjustLongDouble()"}},
		{"a renamed function alone in its sentence (the trade-off)", "Call `AdjustLongDouble()` for such ABIs.", []string{"unverified symbol_missing AdjustLongDouble()"}},
		{"a call the sentence points at", "See `breakpoint()` for the debugger.", []string{"symbol_missing breakpoint()"}},
		{"a qualified call history was asked about", "Tests call `cc.Reset()` first.", []string{"unverified symbol_missing cc.Reset()"}},
		{"a call that is defined", "`NewConfig()` reads the host compiler.", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}

// TestNamesSoulCannotIndex: the seventh holdout's false findings. A C# SDK's documented types live in
// .cs files, which the index does not read; a Scala build's defs live in Mill's .mill files, which it
// now reads as Scala (with Scala's def, val and trait). Each twin keeps the finding where no file holds
// the name.
func TestNamesSoulCannotIndex(t *testing.T) {
	cs := newGitFixture(t)
	cs.write("src/Core/McpJsonUtilities.cs", "namespace Mcp;\npublic static class McpJsonUtilities {\n  public static JsonSerializerOptions DefaultOptions { get; } = new();\n}\n")
	cs.write("src/Core/Pipeline.cs", "using System.Text.Json;\nasync Task Invoke(Func<Task> next) { await next(); }\n")
	cs.write("tools/gen.py", "def gen():\n    pass\n")
	cs.commit("2026-06-01T10:00:00Z", "init")
	csharp := cs.open(t)

	sc := newGitFixture(t)
	sc.write("project/deps/package.mill", "object Scala {\n  def defaultInternal = \"3.3.4\"\n}\n")
	sc.write("modules/cli/src/Main.scala", "object Main {\n  def run(args: Seq[String]): Unit = ()\n}\ntrait Command\n")
	sc.commit("2026-06-01T10:00:00Z", "init")
	scala := sc.open(t)

	tests := []struct {
		name, repo, body string
		want             []string
	}{
		{"a C# property", "cs", "See `McpJsonUtilities.DefaultOptions` for the serializer settings.", nil},
		{"a .NET namespace", "cs", "Serialization uses `System.Text.Json` throughout.", nil},
		{"a delegate call in C#", "cs", "Middleware must call `next()` once.", nil},
		{"a C# name nowhere", "cs", "See `McpJsonUtilities.LegacyOptions` for the old settings.", []string{"unverified symbol_missing McpJsonUtilities.LegacyOptions"}},
		{"a Mill build's def", "scala", "The default Scala version is `Scala.defaultInternal`.", nil},
		{"a Scala method", "scala", "The entry point is `Main.run()`.", nil},
		{"a Scala trait", "scala", "Every subcommand implements `Command`'s contract via `Command.run()`.", nil},
		{"a Scala member nowhere", "scala", "See `Main.start()` for the entry point.", []string{"symbol_missing Main.start()"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo := csharp
			if tc.repo == "scala" {
				repo = scala
			}
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
}
