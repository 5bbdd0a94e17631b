package engine_test

import "testing"

// TestTwentiethHoldoutClasses: a path of the project the claim names (worktrunk's
// `codex-rs/core-plugins/src/manifest.rs` beside "the Codex manifest"), a path's old name beside its new
// one (`hooks/claude-hooks.json` and `hooks/hooks.json`), a file named for the one the reader means
// (`test/specific.test.ts`), a commit's type and scope (`refactor(decoder)`), a Rust method named new
// (`Cmd::new()`) and Rust's standard library by its module (`thread::sleep`, with a `sleep` of the
// repository's own elsewhere), each beside its twin.
func TestTwentiethHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("plugins/hooks/claude-hooks.json", "{\"hooks\": {}}\n")
	g.write("src/testing/mod.rs", "pub struct Retry;\n\nimpl Retry {\n    pub fn sleep(&self, attempt: u32) {}\n}\n")
	g.write("docs/demos/thread.md", "# a thread\n")
	g.write("test/stream.test.ts", "test('stream', () => {})\n")
	g.write("src/shell_exec.rs", "pub struct Cmd {\n    program: String,\n}\n\nfn helper() {}\n\nimpl Cmd {\n    /// Create a builder.\n    pub fn new(program: impl Into<String>) -> Self {\n        Cmd { program: program.into() }\n    }\n}\n\nimpl std::fmt::Display for Cmd {\n    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }\n}\n")
	g.write("crates/pool/src/worker.rs", "pub fn spawn_worker() {}\n")
	g.write("crates/pool/src/queue/mod.rs", "pub fn push() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.git("mv", "plugins/hooks/claude-hooks.json", "plugins/hooks/hooks.json")
	g.commit("2026-06-02T10:00:00Z", "hooks: the file Claude discovers by convention")
	repo := g.open(t)

	runDriftCases(t, repo, "CLAUDE.md", []driftCase{
		{"a path of the project the claim names", "- The Codex manifest carries its hooks inline (`resolve_manifest_hooks`, defined in `codex-rs/core-plugins/src/manifest.rs`), which overrides `plugins/hooks/hooks.json`.", nil},
		{"twin: the same path, no project named", "- The manifest carries its hooks inline (`resolve_manifest_hooks`, defined in `codex-rs/core-plugins/src/manifest.rs`), which overrides `plugins/hooks/hooks.json`.", []string{"unanchored codex-rs/core-plugins/src/manifest.rs"}},
		{"a path's old name beside its new one", "- The hooks live in `plugins/hooks/hooks.json`. (Scoping via the filename instead — `plugins/hooks/claude-hooks.json` — breaks discovery.)", nil},
		{"twin: the old name alone", "- The hooks live in `plugins/hooks/claude-hooks.json`; Claude discovers it.", []string{"evidence_file_missing plugins/hooks/claude-hooks.json"}},
		{"a file named for the one the reader means", "Run one file: `npx vitest --run test/specific.test.ts`", nil},
		{"twin: a real file name gone", "Run one file: `npx vitest --run test/limits.test.ts`", []string{"unverified unanchored test/limits.test.ts"}},
		{"a conventional commit's type and scope", "Prefix commits with their type, e.g. `refactor(decoder)` or `fix(parser)`.", nil},
		{"twin: a call with an argument defined nowhere", "Decode with `reframe(decoder)` first.", []string{"unverified symbol_missing reframe()"}},
		{"a method of a Rust impl block away from its struct", "Build commands with `Cmd::new()`.", nil},
		{"a trait method of the type", "Print one through `Cmd::fmt`.", nil},
		{"twin: a method no impl block has", "Build commands with `Cmd::spawn()`.", []string{"unverified symbol_missing Cmd::spawn()"}},
		{"Rust's standard library by its module", "**Rule of thumb:** if your producer thread needs `thread::sleep` to line up with a deadline, you're racing the scheduler.", nil},
		{"twin: a module of this repository without the function", "The pool's queue starts workers with `queue::spawn_worker`.", []string{"unverified evidence_changed queue::spawn_worker"}},
	})
}

// TestCommandBlockReportsEveryLine: each line of a command block whose anchor fails is a row of its own
// (erlmcp's CONTRIBUTING named four removed make targets in one block and one was reported); a block
// with one failing line still makes one row.
func TestCommandBlockReportsEveryLine(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "build:\n\techo build\n\nworkspace-test:\n\techo test\n\nworkspace-lint:\n\techo lint\n\ncoverage-report:\n\techo cover\n")
	g.commit("2026-01-20T10:00:00Z", "workspace targets")
	g.write("Makefile", "build:\n\techo build\n")
	g.commit("2026-01-27T10:00:00Z", "drop the workspace targets")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"every removed target of a block", "Before a pull request:\n\n```bash\nmake build\nmake workspace-test\nmake workspace-lint\nmake coverage-report\n```\n", []string{"evidence_changed make workspace-test", "evidence_changed make workspace-lint", "evidence_changed make coverage-report"}},
		{"one removed target, one row", "Before a pull request:\n\n```bash\nmake build\nmake workspace-test\n```\n", []string{"evidence_changed make workspace-test"}},
	})
}
