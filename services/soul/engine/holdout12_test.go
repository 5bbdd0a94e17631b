package engine_test

import (
	"strings"
	"testing"

	"github.com/organism-dev/organism/services/soul/engine"
)

// TestTwelfthHoldoutFormerHome: a name a sentence places in the past ("the validation that used to
// live in\n  `validate.ParamRef`", sqlc, wrapped inside a list item) whose bare name lives on under
// another qualifier (sqlc's ast.ParamRef): "defined, but not under validate" is what the sentence
// says, on one line or across a break. The twin, the same name said of today, stays drift.
func TestTwelfthHoldoutFormerHome(t *testing.T) {
	g := newGitFixture(t)
	g.write("internal/validate/param_ref.go", "package validate\n\nfunc ParamRef() error { return nil }\n")
	g.write("internal/validate/func.go", "package validate\n\nfunc FuncCall() error { return nil }\n")
	g.write("internal/ast/param_ref.go", "package ast\n\ntype ParamRef struct{ Number int }\n")
	g.write("src/main.go", "package main\n\nfunc main() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("internal/validate/param_ref.go")
	g.commit("2026-06-02T10:00:00Z", "retire the validator")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"used to, wrapped in a list item", "- `Dollar` — the placeholder-style validation that used to live in\n  `validate.ParamRef`\n- `Err` — a syntax error", nil},
		{"used to, wrapped between the words", "- `Dollar` — the placeholder-style validation that used to\n  live in `validate.ParamRef`", nil},
		{"used to, on one line", "- `Dollar` — the validation that used to live in `validate.ParamRef`", nil},
		{"used to, wrapped in a paragraph", "The placeholder-style validation used to live in\n`validate.ParamRef` before the rewrite.", nil},
		{"twin: said of today", "- `Dollar` — the placeholder-style validation that lives in `validate.ParamRef`", []string{"symbol_removed validate.ParamRef"}},
		{"twin: said of today, wrapped", "- `Dollar` — the placeholder-style validation that lives in\n  `validate.ParamRef`", []string{"symbol_removed validate.ParamRef"}},
	})
}

// TestTypeScriptSignatures: electron declares `process._linkedBinding` as overloaded method signatures
// of an interface in a .d.ts file (`_linkedBinding(name: 'x'): X;`), and a commit that reformatted
// them read as its removal. A signature is a definition; a call statement (`foo(a);`) stays none, and
// signatures a commit truly deleted stay drift.
func TestTypeScriptSignatures(t *testing.T) {
	kept := newGitFixture(t)
	kept.write("lib/process.ts", "export const argv = []\n")
	kept.write("typings/ambient.d.ts", "declare namespace NodeJS {\n  interface Process {\n    internalBinding?(name: string): any;\n    _linkedBinding(name: 'app'): {\n      app: App\n    };\n  }\n}\n")
	kept.commit("2026-06-01T10:00:00Z", "init")
	kept.write("typings/ambient.d.ts", "declare namespace NodeJS {\n  interface Process {\n    internalBinding?(name: string): any;\n    _linkedBinding(name: string): any;\n    _linkedBinding(name: 'app'): AppBinding;\n  }\n}\n")
	kept.commit("2026-06-02T10:00:00Z", "tweak the bindings for readability")
	gone := newGitFixture(t)
	gone.write("lib/process.ts", "export const argv = []\n")
	gone.write("typings/ambient.d.ts", "declare namespace NodeJS {\n  interface Process {\n    _linkedBinding(name: 'app'): {\n      app: App\n    };\n  }\n}\n")
	gone.commit("2026-06-01T10:00:00Z", "init")
	gone.write("typings/ambient.d.ts", "declare namespace NodeJS {\n  interface Process {\n    argv: string[];\n  }\n}\n")
	gone.commit("2026-06-02T10:00:00Z", "drop the bindings")

	const cites = "Type declaration: `typings/ambient.d.ts` maps `process._linkedBinding('electron_browser_{name}')`."
	runDriftCases(t, kept.open(t), "AGENTS.md", []driftCase{
		{"overloads an interface declares", cites, nil},
		{"an optional method signature", "Node's own bindings come through `process.internalBinding()`.", nil},
	})
	runDriftCases(t, gone.open(t), "AGENTS.md", []driftCase{
		{"twin: signatures a commit deleted", cites, []string{"symbol_removed process._linkedBinding()"}},
	})
}

// TestTypeScriptSignatureLines: the line shapes behind TestTypeScriptSignatures. A signature with its
// return type and ";" defines its name in a TypeScript file; a call statement, a call inside a
// ternary and the same signature shape in a JavaScript file define nothing.
func TestTypeScriptSignatureLines(t *testing.T) {
	cases := []struct {
		name, path, text string
		want             bool
	}{
		{"an interface's overload", "typings/ambient.d.ts", "    _linkedBinding(name: 'app'): AppBinding;", true},
		{"an optional method", "typings/ambient.d.ts", "    internalBinding?(name: string): any;", true},
		{"a generic signature with an object type", "src/api.ts", "  get<T>(key: string): { value: T };", true},
		{"a function type it returns", "src/api.mts", "  on(event: 'close', listener: (code: number) => void): this;", true},
		{"twin: a call statement", "src/start.ts", "  warmUp(1);", false},
		{"twin: a call with a ternary inside", "src/start.ts", "  render(ok ? (a) : b);", false},
		{"twin: a signature shape in JavaScript", "src/start.js", "  warmUp(name): any;", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := engine.DefinitionLine(tc.path, tc.text); got != tc.want {
				t.Errorf("DefinitionLine(%q, %q): got %v, want %v", tc.path, tc.text, got, tc.want)
			}
		})
	}
}

// TestRewrittenDefinitionStays: a removed definition line whose file still opens a line the same way
// (Java's `public void run(String job) {` rewritten as the interface's `public void run(String job);`)
// is a rewrite, not a removal: no "removed in" verdict stands for a name its file still defines, and the
// interface's declaration holds the member. The twin deletes the method and stays drift.
func TestRewrittenDefinitionStays(t *testing.T) {
	const class = "public class Runner {\n    public void run(String job) {\n    }\n}\n"
	kept := newGitFixture(t)
	kept.write("src/Runner.java", class)
	kept.commit("2026-06-01T10:00:00Z", "init")
	kept.write("src/Runner.java", "public interface Runner {\n    public void run(String job);\n}\n")
	kept.commit("2026-06-02T10:00:00Z", "make Runner an interface")
	gone := newGitFixture(t)
	gone.write("src/Runner.java", class)
	gone.commit("2026-06-01T10:00:00Z", "init")
	gone.write("src/Runner.java", "public interface Runner {\n    public void stop();\n}\n")
	gone.commit("2026-06-02T10:00:00Z", "replace run with stop")

	const cites = "Jobs start through `Runner.run()`."
	runDriftCases(t, kept.open(t), "AGENTS.md", []driftCase{
		{"a method its file still declares", cites, nil},
	})
	runDriftCases(t, gone.open(t), "AGENTS.md", []driftCase{
		{"twin: a method a commit deleted", cites, []string{"symbol_removed Runner.run()"}},
	})
}

// TestGeneratedProjectCommands: a command block that creates a project and goes on in it (electric's
// "npx @electric-sql/start my-app", then "pnpm claim") runs the later commands in the generated
// project, whose scripts are the template's. The twins: the same script alone, before the generator,
// or after a tool npx runs that creates nothing, stays drift.
func TestGeneratedProjectCommands(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"scripts": {"build": "tsc", "test": "vitest"}}`+"\n")
	g.write("Makefile", "build:\n\tgo build ./...\n")
	g.write("src/index.ts", "export const a = 1\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	block := func(lines ...string) string { return "```sh\n" + strings.Join(lines, "\n") + "\n```" }
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a scoped starter, then its script", block("npx @electric-sql/start my-app", "pnpm claim"), nil},
		{"create and enter, then a script", block("pnpm create vite@latest my-app -- --template react", "cd my-app", "pnpm storybook"), nil},
		{"a crate, then a target", block("cargo new demo && cd demo", "make bench"), nil},
		{"a made-up directory entered", block("cd my-project", "pnpm seed"), nil},
		{"one line creates, enters and runs", block("npx create-next-app@latest web && cd web && npm run lint:fix"), nil},
		{"twin: the script alone", block("pnpm claim"), []string{"unverified evidence_changed pnpm claim"}},
		{"twin: the script before the generator", block("pnpm claim", "npx @electric-sql/start my-app"), []string{"unverified evidence_changed pnpm claim"}},
		{"twin: npx runs a tool, not a generator", block("npx prettier --write src/", "pnpm claim"), []string{"unverified evidence_changed pnpm claim"}},
		{"twin: init adopts this directory", block("cargo init", "make bench"), []string{"unverified evidence_changed make bench"}},
	})
}

// TestOtherRepositoriesBranchesAndPlaceholders: the twelfth holdout's unverified mentions that name
// nothing of this tree: another repository by owner/name (spree's "`spree/agent-skills` standalone
// repo", "cloned from `spree/spree-starter`", prisma's path "in [prisma/ignite](...) (`skills/.pilot/`)"),
// a branch pattern (reflex's "the `r/pre-*` branch", "every push to `main`, `r/pre-*`"), and names
// made to be replaced (`tests/Feature/SomeTest.php`, `test/path/to_test.exs`, "a `createX()`
// factory"). Each twin names the same kind of thing as this tree's and is still reported.
func TestOtherRepositoriesBranchesAndPlaceholders(t *testing.T) {
	g := newGitFixture(t)
	g.write("spree/core/app/models/spree/product.rb", "module Spree\n  class Product\n  end\nend\n")
	g.write("tests/Feature/ProductTest.php", "<?php\n")
	g.write("test/product_test.exs", "defmodule ProductTest do\nend\n")
	g.write("src/services.ts", "export function createRegistry() {}\n")
	for _, n := range []string{"a", "b", "c", "d"} {
		g.write("src/"+n+".ts", "export const "+n+" = 1\n")
	}
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a standalone repo by owner/name", "Skills ship in the `spree/agent-skills` standalone repo.", nil},
		{"a template repo by owner/name", "It is the canonical source of the `spree/dashboard-starter` template repo.", nil},
		{"cloned from owner/name", "The server app is cloned from `spree/spree-starter` on setup.", nil},
		{"a path in a linked repository", "Drive skills live in [acme/ignite](https://github.com/acme/ignite) (`skills/.pilot/`).", nil},
		{"twin: owner/name shape, a directory here", "The storefront lives in `spree/storefront`.", []string{"unverified evidence_file_missing spree/storefront"}},
		{"twin: the same path, no other repository", "Drive skills live in `skills/.pilot/`.", []string{"unverified unanchored skills/.pilot/"}},
		{"the branch a pattern names", "Prereleases push back to the `r/pre-*` branch they are dispatched on.", nil},
		{"branches a push goes to", "It runs on every push\nto `main`, `r/pre-*`, and `r/hotfix/**`.", nil},
		{"a branch named again in its claim", "It runs on every push to `main` and `r/hotfix/**`: final versions only publish from `main` or `r/hotfix/**`.", nil},
		{"twin: a glob of files", "The release notes are `notes/pre-*`.", []string{"unverified evidence_file_missing notes/pre-*"}},
		{"twin: the glob in a claim with another branch", "Pushes to `r/hotfix/**` publish the notes in `notes/pre-*`.", []string{"unverified evidence_file_missing notes/pre-*"}},
		{"a Some file in a command", "```sh\nphp artisan test --compact tests/Feature/SomeTest.php  # specific file\n```", nil},
		{"path/to run into the name", "Run a single file: `mix test test/path/to_test.exs`.", nil},
		{"a verb and X", "Stateful services are exposed through an interface plus a `createX()` factory.", nil},
		{"twin: a real-looking test file", "```sh\nphp artisan test --compact tests/Feature/OrderTest.php\n```", []string{"unverified unanchored tests/Feature/OrderTest.php"}},
		{"twin: a real-looking test path", "Run a single file: `mix test test/order_test.exs`.", []string{"unverified unanchored test/order_test.exs"}},
		{"twin: a factory's own name", "Stateful services are exposed through an interface plus a `createCache()` factory.", []string{"unverified symbol_missing createCache()"}},
	})
}
