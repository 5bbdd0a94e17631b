package engine_test

import "testing"

// TestTwoHundredSeventeenthHoldoutClasses: the false rows of the two-hundred-and-seventeenth holdout that
// were fixed, each beside a twin that stays a finding.
func TestTwoHundredSeventeenthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"app","devDependencies":{"eslint":"^9.39.4"}}`+"\n")
	g.write("package-lock.json", "{}\n")
	g.write("pnpm-lock.yaml", "lockfileVersion: 9\n")
	g.write("tools/tests/class/expected/AST.g.h", "// generated\n")
	g.write("limo-MCP/server.py", "print(1)\n")
	g.write("BOOTSTRAP.md", "# set up\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("limo-MCP/server.py")
	g.write("worker/limo-MCP/server.py", "print(1)\n")
	g.remove("BOOTSTRAP.md")
	g.remove("pnpm-lock.yaml")
	g.commit("2026-06-02T10:00:00Z", "move the MCP server under worker/, onboarding done")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// houseofsirka: each package manager's lock file, one of which is there
		{"lock files as alternatives", "The lockfile at the repo root: `pnpm-lock.yaml` → pnpm, `yarn.lock` → yarn, `package-lock.json` → npm.", nil},
		{"twin: one lock file named alone", "Commit `pnpm-lock.yaml` with every dependency change.", []string{"evidence_file_missing pnpm-lock.yaml"}},
		// skillbridge: a question whether a file exists
		{"a question whether it exists", "**Before anything else: does `BOOTSTRAP.md` exist in this repository?**", nil},
		{"twin: the file named as there", "**Before anything else: read `BOOTSTRAP.md` in this repository.**", []string{"evidence_file_missing BOOTSTRAP.md"}},
		// react-router-template: a version the code is ready for
		{"a version the code is ready for", "The local `eslint-rules/max-file-lines.js` rule uses `context.filename` so it is ready for ESLint 10.", nil},
		{"twin: the version built with", "Linting runs on ESLint 10.", []string{"evidence_changed ESLint 10"}},
		// Ai-living-care: a folder's files by the folder's own name, under a package
		{"a folder's files under a package", "`limo-MCP/**` 의 **코드는 담당 연구원 소유**다.", nil},
		{"twin: a folder that is nowhere", "`limo-viz/**` 의 **코드는 담당 연구원 소유**다.", []string{"unverified evidence_file_missing limo-viz/**"}},
	})
	// miniscript2: a placeholder stem under a folder
	runDriftCases(t, repo, "tools/CLAUDE.md", []driftCase{
		{"a placeholder stem in a folder", "- `expected/ClassName.g.h` - Expected C++ header output", nil},
		{"twin: a real stem in a folder", "- `expected/Parser.g.h` - Expected C++ header output", []string{"unanchored expected/Parser.g.h"}},
	})
}
