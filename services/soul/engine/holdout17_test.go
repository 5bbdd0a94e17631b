package engine_test

import "testing"

// TestSeventeenthHoldoutClasses: a link into a submodule (dragonfly's helio) and a glob as git's
// pathspecs read it (pulumi's `proto/*.proto`), each beside its twins (browser-use's prompts, moved one
// level down, stay drift).
func TestSeventeenthHoldoutClasses(t *testing.T) {
	sub := newGitFixture(t)
	sub.write("util/fibers/fiber.h", "#pragma once\n")
	sub.commit("2026-06-01T10:00:00Z", "helio")
	g := newGitFixture(t)
	g.write("src/util/io.cc", "int io() { return 0; }\n")
	g.write("proto/pulumi/engine.proto", "syntax = \"proto3\";\n")
	g.write("api/server.go", "package api\n")
	g.write("agent/system_prompt.md", "# prompt\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("agent/system_prompt.md")
	g.write("agent/prompts/system_prompt.md", "# prompt\n")
	g.commit("2026-06-01T12:00:00Z", "move the prompts")
	g.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.root, "helio")
	g.commit("2026-06-02T10:00:00Z", "add helio")
	g.git("submodule", "deinit", "-q", "-f", "helio") // a clone without its submodules
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a link into a submodule", "Fiber-aware: `util::fb2::Fiber` → [helio/util/fibers/](helio/util/fibers/)", nil},
		{"twin: a link into a directory of this repository", "I/O helpers → [src/util/fibers/](src/util/fibers/)", []string{"unanchored src/util/fibers/"}},
		{"a glob as git reads it", "Do not edit generated files by hand: edit `proto/*.proto` and regenerate.", nil},
		{"twin: a glob whose files a commit moved one level down", "Agent prompts are in markdown files: `agent/system_prompt*.md`", []string{"evidence_file_missing agent/system_prompt*.md"}},
		{"twin: a glob nothing matches at any depth", "Do not edit generated files by hand: edit `api/*.proto` and regenerate.", []string{"unverified evidence_file_missing api/*.proto"}},
	})
}
