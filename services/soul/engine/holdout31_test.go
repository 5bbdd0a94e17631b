package engine_test

import "testing"

// TestThirtyFirstHoldoutClasses: the thirty-first holdout's false drift, each beside a twin that stays
// drift. A sentence rooted in a home directory ("**User-level (`~/.archon/`):** … (`artifacts/`,
// `logs/`) … plus `archon.db`": Archon) names that directory's entries, not this repository's; a
// sentence asking whether a file appears expects it may not; a glob among branch names ("Main branches
// (`master`, `1.x`, `release/**`) are protected": sentry-cli) is a branch pattern; a package path with a
// type ("`pkg/proc/BinaryInfo`": delve) names the type; a count of a change's lines ("PRs smaller than 500
// lines, excluding `go.mod`": opentelemetry-collector) is no file's size.
func TestThirtyFirstHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("packages/cli/undefined/archon.db", "x\n")
	g.write("tools/logs/run.log", "x\n")
	g.write("tools/artifacts/a.txt", "x\n")
	g.write("release/notes.md", "# notes\n")
	g.write("pkg/proc/oldinfo.go", "package proc\n")
	g.write("pkg/proc/bininfo.go", "package proc\n\n// BinaryInfo holds debug symbols.\ntype BinaryInfo struct{ Arch string }\n")
	g.write("go.mod", "module example.com/app\n\ngo 1.24\n")
	g.write("go.sum", "example.com/dep v1.0.0 h1:x=\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("packages/cli/undefined/archon.db")
	g.remove("tools/logs/run.log")
	g.remove("tools/artifacts/a.txt")
	g.remove("release/notes.md")
	g.remove("pkg/proc/oldinfo.go")
	g.commit("2026-05-02T10:00:00Z", "remove strays")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"entries of a home directory", "**User-level (`~/.archon/`):** per-project workspaces under `workspaces/owner/repo/` (`source/`, `worktrees/`, `artifacts/`, `logs/`), plus `archon.db` and the global `config.yaml`.", nil},
		{"twin: a gone directory named alone", "Run logs are kept in `logs/` at the top.", []string{"evidence_file_missing logs/"}},
		{"a file the sentence asks about", "Point `ARCHON_HOME` at an empty temp dir and check whether an `archon.db` appears.", nil},
		{"twin: a gone file named as here", "The schema lives in `archon.db`.", []string{"evidence_file_missing archon.db"}},
		{"a branch pattern among branches", "- Main branches (`master`, `1.x`, `release/**`) are protected", nil},
		{"twin: a gone file beside branches", "- Main branches (`master`, `1.x`) are protected; notes live in `release/notes.md`", []string{"evidence_file_missing release/notes.md"}},
		{"a type of a package", "- **`pkg/proc/BinaryInfo`** - Debug symbols, function entries, line tables", nil},
		{"twin: a gone file of the package", "- **`pkg/proc/oldinfo.go`** - Debug symbols", []string{"evidence_file_missing pkg/proc/oldinfo.go"}},
		{"a change's size", "## How to structure PRs to get expedient reviews?\n\nWe recommend that PRs be smaller than 500 lines, excluding `go.mod` and `go.sum`\nchanges, to help reviewers perform thorough and timely reviews.", nil},
		{"twin: a file's size", "`go.mod` is about 500 lines long.", []string{"size_drift go.mod"}},
	})
}

// TestModuleSpecifiers: a relative name written without an extension is how code imports a module
// ("Throw `ServiceError` subclasses from `./errors`": openstatus's packages/services/AGENTS.md, whose
// module is src/errors.ts); it names that module when the document's package has one of that stem,
// while a module the package lost is still drift.
func TestModuleSpecifiers(t *testing.T) {
	g := newGitFixture(t)
	g.write("packages/services/src/errors.ts", "export class ServiceError extends Error {}\n")
	g.write("packages/services/helpers/index.ts", "export const h = 1\n")
	g.write("apps/web/errors/x.ts", "export {}\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("packages/services/helpers/index.ts")
	g.remove("apps/web/errors/x.ts")
	g.commit("2026-05-02T10:00:00Z", "drop helpers")
	repo := g.open(t)

	runDriftCases(t, repo, "packages/services/AGENTS.md", []driftCase{
		{"a module of the package", "- **Throw `ServiceError` subclasses** from `./errors`. Routers convert them.", nil},
		{"twin: a module the package lost", "- **Shared helpers** come from `./helpers`.", []string{"evidence_file_missing ./helpers"}},
	})
}

// TestIncludedFile: a step that tells the reader to add a file to their change names a file the
// change makes ("Include `RELEASE.md` file describing changes": strawberry's release bot deletes it at
// each release), while a sentence that points at the file as the repository's is still drift.
func TestIncludedFile(t *testing.T) {
	g := newGitFixture(t)
	g.write("RELEASE.md", "Release type: patch\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("RELEASE.md")
	g.commit("2026-05-02T10:00:00Z", "Release 0.2.1")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a file the change adds", "## Pull requests\n\n- Include `RELEASE.md` file describing changes", nil},
		{"twin: the file as the repository's", "## Pull requests\n\n- The release type is read from `RELEASE.md` at the top.", []string{"evidence_file_missing RELEASE.md"}},
	})
}

// TestPackageMemberIsNoDirectory: a directory written with its slash stays a directory whatever the
// package above it defines ("IO under `zml/io/`" after zml/io/ moved out, while zml's sources still
// declare an io constant: the twentieth holdout's zml, labelled true).
func TestPackageMemberIsNoDirectory(t *testing.T) {
	g := newGitFixture(t)
	g.write("zml/io/vfs.zig", "pub const Vfs = struct {};\n")
	g.write("zml/zml.zig", "pub const io = @import(\"io.zig\");\npub const Tensor = struct {};\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("zml/io/vfs.zig")
	g.write("vfs/vfs.zig", "pub const Vfs = struct {};\n")
	g.commit("2026-05-02T10:00:00Z", "promote vfs")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a gone directory of a package", "Core library code lives in `zml/`, with IO under `zml/io/`.", []string{"evidence_file_missing zml/io/"}},
		{"twin: a type of the package", "Tensors are `zml/Tensor` values.", nil},
	})
}

// TestQuotedMakeValue: the words of a quoted variable on a make line are no targets ("make test
// SCOPE="-E 'test(foo) and not test(bar)'"": vector's nextest filter), while a target after the value
// still is one.
func TestQuotedMakeValue(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "test:\n\tcargo nextest run\nlint:\n\tcargo clippy\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a quoted filter", "```bash\n# Use a nextest filter expression\nmake test SCOPE=\"-E 'test(foo) and not test(bar)'\"\n```", nil},
		{"twin: a missing target after the value", "```bash\nmake test SCOPE=\"-E 'test(foo)'\" bench\n```", []string{"unverified evidence_changed make bench"}},
	})
}

// TestReceiverMembers: a member called on the code's own instance names the member, wherever its class
// defines it ("`this.setState()`": cloudflare/agents' Agent.setState), and a member defined nowhere is
// still a mention.
func TestReceiverMembers(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/index.ts", "export class Agent {\n  setState(state: unknown) {}\n  async schedule() {}\n}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a member of the instance", "State changes go through `this.setState()` and timers through `this.schedule()`.", nil},
		{"twin: a member defined nowhere", "Queues go through `this.enqueueTask()`.", []string{"unverified symbol_missing enqueueTask()"}},
	})
}

// TestThirtySecondHoldoutClasses: the thirty-second holdout's false drift, each beside a twin. A glob in
// an "or" list with a trunk branch is a branch pattern ("Building `main` or `hotfix/*` will publish":
// microsoft/mcp); a capitals tag in brackets is what a title opens with ("`[BUG/ISSUE]`": UniGetUI); an
// import into a tool's dot-directory the repository never held is that tool's state in each checkout
// ("@./.taskmaster/CLAUDE.md": ddev).
func TestThirtySecondHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("hotfix/notes.md", "# notes\n")
	g.write(".claude/rules.md", "# rules\n")
	g.write("README.md", "# app\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("hotfix/notes.md")
	g.remove(".claude/rules.md")
	g.commit("2026-05-02T10:00:00Z", "drop")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a branch pattern beside a trunk", "Only manual runs publish. Building `main` or `hotfix/*` will publish to `npmjs.com`.", nil},
		{"twin: a gone file beside a trunk word", "The hotfix notes are in `hotfix/notes.md`.", []string{"evidence_file_missing hotfix/notes.md"}},
		{"a title tag", "- Please make sure to preceed titles with the `[BUG/ISSUE]` string, so they can be easily identified.", nil},
	})
	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a tool's state imported", "## Task Master AI Instructions\n\n**Import Task Master's workflow.**\n@./.taskmaster/CLAUDE.md", []string{"unverified unanchored @./.taskmaster/CLAUDE.md"}},
		{"twin: an import a commit deleted", "## Rules\n\n@./.claude/rules.md", []string{"evidence_file_missing @./.claude/rules.md"}},
		{"twin: an import that never landed", "## Guide\n\n@./docs/agent-guide.md", []string{"unanchored @./docs/agent-guide.md"}},
	})
}

// TestChainedCommands: a command line is one finding per cause. "pnpm lint:fix && pnpm fmt:fix" with
// both scripts removed is two (the thirty-second holdout's supabase/cli listed only the first), while
// two make targets on a line with no Makefile are one.
func TestChainedCommands(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"scripts\": {\"lint:fix\": \"eslint --fix .\", \"fmt:fix\": \"prettier -w .\", \"test\": \"vitest\"}}\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.write("package.json", "{\"scripts\": {\"test\": \"vitest\"}}\n")
	g.commit("2026-05-02T10:00:00Z", "move to nx targets")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"two removed scripts on a line", "For the workspaces:\n\n```sh\npnpm lint:fix && pnpm fmt:fix\npnpm test\n```", []string{"evidence_changed pnpm lint:fix", "evidence_changed pnpm fmt:fix"}},
		{"twin: two targets, no Makefile", "Build:\n\n```sh\nmake build && make install\n```", []string{"evidence_file_missing make build"}},
	})
}
