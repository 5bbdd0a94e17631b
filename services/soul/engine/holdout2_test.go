package engine_test

import (
	"strings"
	"testing"
)

// TestHoldout2Classes pins the classes a second out-of-sample run found (gemini-cli, nushell, zod, llm
// and seven more clones the checker had never seen, after the first holdout's fixes): names that
// need not exist as files or symbols here, and anchors read with the wrong scope. Each class has its
// drift twin: the same wording where the repository does not bear it out still flags.
func TestHoldout2Classes(t *testing.T) {
	g := newGitFixture(t)
	g.write("main.go", "package main\n\nfunc main() {}\n")
	g.write("package.json", "{\n  \"name\": \"m\",\n  \"scripts\": {\"test\": \"vitest run\"},\n  \"devDependencies\": {\"vitest\": \"^3.0.0\"}\n}\n")
	g.write("packages/cli/src/tools.test.ts", "import { describe, it, expect, type vi } from 'vitest';\n")
	g.write("packages/cli/src/store.ts", "export type Store = {\n  get(): string;\n};\n")
	memo := strings.Repeat("// padding\n", 4) + "export const parseContext = perCall();\n"
	g.write("packages/zod/src/v4/core/memoizer.ts", memo)
	g.write("crates/nu-std/tests/test_dirs.nu", "use std\n")
	g.commit("2026-06-01T10:00:00Z", "init (#1)")
	g.commit("2026-06-02T10:00:00Z", "perf: keep fast mode (#5718)")
	repo := g.open(t)
	tests := []struct {
		name, body string
		want       []string
	}{
		// git's own state in each clone, which git never tracks
		{"a hook written under .git/", "Add the hook:\n\n```sh\necho x > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit\n```", nil},
		{"a tracked hooks directory stays drift", "Hooks live in `.githooks/pre-commit`.", []string{"unverified unanchored .githooks/pre-commit"}},
		// "path/to" under a real prefix
		{"path/to inside a path", "Run one test: `npm test -- src/path/to/file.test.ts`", nil},
		{"a path segment alone stays drift", "The walker lives in `src/path/walk.test.ts`.", []string{"unverified unanchored src/path/walk.test.ts"}},
		// a metasyntactic file name under real directories
		{"a foo file in a real directory", "Run one module, e.g,\n`crates/nu-std/tests/test_foo.nu`", nil},
		{"a foo file with no extension", "A unit tests file (`./crates/nu-std/tests/test_foo`) goes beside it.", nil},
		{"a real name in the same directory stays drift", "Run one module: `crates/nu-std/tests/test_http.nu`", []string{"unverified evidence_file_missing crates/nu-std/tests/test_http.nu"}},
		// the place a step just wrote things in
		{"the new things a step made", "Then review the new snapshots in `tests/__snapshots__/` to make sure they look correct.", nil},
		{"the same place said to hold files stays drift", "Then review the snapshots in `tests/__snapshots__/` to make sure they look correct.", []string{"unverified unanchored tests/__snapshots__/"}},
		// one sentence giving one quantity several values by condition
		{"a schedule in one sentence", "Instances get no slots: **≤12 own properties cost 128 bytes, 13–20 cost 848, ≥21 cost 1616** (`main.go` measures this).", nil},
		{"two sentences that disagree stay drift", "- The battery runs 37 cases from `main.go`.\n- The battery runs 36 cases via `main.go`.\n", []string{"disagreement contradicted ", "disagreement contradicted "}},
		// a merge word of a neighbouring span
		{"a bare number beside a merged one", "Cross-reference by number: `#4433`, `commit abc`, `merged in #5718`.", nil},
		// a type imported, not defined
		{"a type imported from a dependency", "Use `vi.stubEnv('NAME', 'value')` in `beforeEach`.", nil},
		{"a member a local alias lacks stays drift", "Call `Store.put()` to save.", []string{"unverified symbol_missing Store.put()"}},
		// a member of a runtime global
		{"a runtime global's member", "Avoid modifying `process.env` directly.", nil},
		{"a file named after a global stays drift", "The design is in `process.md`.", []string{"unverified unanchored process.md"}},
		// the wording the document tells you not to write
		{"a quoted counter-example", "Say what the code does: \"the parse context is per-call\", not \"`core/memoizer.ts:99` sets it\".", nil},
		{"the same cite outside the quote stays drift", "The parse context is set at `core/memoizer.ts:99`.", []string{"line_drift core/memoizer.ts:99"}},
		// a line hint written from inside one package of a monorepo
		{"a line hint relative to a package", "The parse context is set at `core/memoizer.ts:5` (`parseContext`).", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertDrift(t, findingsOf(t, repo, "AGENTS.md", notes(tc.body)), tc.want)
		})
	}
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"a number its own clause says merged stays drift", "The fix was merged in `#4433`.", []string{"ref_missing #4433"}},
	})
}
