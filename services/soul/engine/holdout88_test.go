package engine_test

import "testing"

// TestEightyEighthHoldoutClasses: the false rows of the eighty-eighth holdout, each beside a twin that
// stays drift.
func TestEightyEighthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", `{"name":"capture","devDependencies":{"typescript":"6.0.2"}}`+"\n")
	g.write("app/GenTest.kt", "class GenTest\n")
	g.write("upgrade/install-1.0.1.php", "<?php\n")
	g.gone("2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z",
		"files/app.db", "mockups/skills-panel.sh", "scripts/gen-screenshots.sh", "codex-rs/protocol/src/v2.rs")
	g.commit("2026-05-03T10:00:00Z", "app (#101)")
	g.write("app/Other.kt", "class Other\n")
	g.commit("2026-05-04T10:00:00Z", "other (#102)")
	g.git("tag", "v1.0.0")
	g.git("tag", "v1.1.0")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		// after a colon, a whole number and a plural noun count things
		{"a count after a colon", "It is a pnpm monorepo written in TypeScript: 27 first-party workspaces under `app/`.", nil},
		{"twin: a version after a colon", "It is a pnpm monorepo written in TypeScript: 5 (strict) under `app/`.", []string{"evidence_changed TypeScript: 5"}},
		// the default a variable points at, made at run time
		{"a variable's default place", "- Use `VAMOS_APP_FILES_ROOT` for durable applet files. Default: `./files`.", nil},
		{"twin: the place without a default", "- Use `VAMOS_APP_FILES_ROOT` for durable applet files, as `./files` holds them.", []string{"evidence_file_missing ./files"}},
		// numbers in the aside of another repository's pull request
		{"numbers in another repository's aside", "The deployer shipped in acme/fbuild#595 (refined in #923, #928).", nil},
		// a version named in a sentence other than the one that speaks of a release
		{"another product's version, the release word a sentence away", "- The probe's v1.0.7 firmware hung the debugger for minutes. The deployer shipped in #101.", nil},
		{"twin: the release word in the version's sentence", "- Then v1.0.7 shipped with the deployer in #101.", []string{"version_not_tagged v1.0.7"}},
		// names shown as how to name, one since deleted
		{"names under a naming rule", "- Name mockups descriptively: `mockups/skills-panel.sh`, `mockups/settings-panel.sh`, etc.", nil},
		{"twin: names to run", "- Run the mockups: `mockups/skills-panel.sh`, `mockups/settings-panel.sh`, etc.", []string{"evidence_file_missing mockups/skills-panel.sh"}},
		// a version written as its form
		{"a version's form in a file name", "- `upgrade/install-X.Y.Z.php` — upgrade scripts, found by the module's version.", nil},
		{"twin: one version's file", "- `upgrade/install-1.0.9.php` — the upgrade script of the module's version.", []string{"unanchored upgrade/install-1.0.9.php"}},
		// a section about the upstream project
		{"paths of the upstream project", "## Upstream Source\n\nWire type names match the upstream Rust definitions:\n\n- `codex-rs/protocol/src/v2.rs` — notification structs", nil},
		{"twin: the same list under another heading", "## Protocol Source\n\nWire type names match these Rust definitions:\n\n- `codex-rs/protocol/src/v2.rs` — notification structs", []string{"evidence_file_missing codex-rs/protocol/src/v2.rs"}},
		// a bare path a sentence says was replaced
		{"a replaced script, no code span", "- `app/GenTest.kt`: Generate documentation screenshots. Replaces scripts/gen-screenshots.sh.", nil},
		{"twin: a script used, no code span", "- `app/GenTest.kt`: Generate documentation screenshots. Calls scripts/gen-screenshots.sh.", []string{"evidence_file_missing scripts/gen-screenshots.sh"}},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: numbers in this repository's aside", "The deployer shipped in #595 (refined in #923, #928).", []string{"ref_missing #595", "ref_missing #923", "ref_missing #928"}},
	})
}

// TestEightyEighthHoldoutEnteredDirs: a directory a command enters is a place the document sends the
// reader (the eighty-eighth holdout's fluid.sh, whose `cd sdk/virsh-sandbox-py` outlived the SDK's
// rename): gone since history had it, it is drift with where it went; one history never saw is a place
// the steps make, and one that is here holds.
func TestEightyEighthHoldoutEnteredDirs(t *testing.T) {
	g := newGitFixture(t)
	g.write("sdk/virsh-sandbox-py/setup.py", "from setuptools import setup\n")
	g.write("web/package.json", `{"name":"web"}`+"\n")
	g.commit("2026-04-01T10:00:00Z", "sdk")
	g.git("mv", "sdk/virsh-sandbox-py", "sdk/fluid-sdk-py")
	g.commit("2026-04-02T10:00:00Z", "rename the sdk")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a renamed directory a step enters", "## Build\n\n```bash\ncd sdk/virsh-sandbox-py && pip install -e .\n```", []string{"evidence_file_missing sdk/virsh-sandbox-py/"}},
		{"a directory that is here", "## Build\n\n```bash\ncd sdk/fluid-sdk-py && pip install -e .\n```", nil},
		{"a directory a scaffold makes", "## Start\n\n```bash\nnpx create-vite my-app && cd my-app && npm install\n```", nil},
		{"a build directory", "## Build\n\n```bash\ncmake -B build && cd build && ninja\n```", nil},
		{"a directory history never saw", "## Build\n\n```bash\ncd tools/gen && go run .\n```", nil},
	})
	// attack: a soul (SOUL-INV-1) cannot vouch for a step by entering a directory this repository never had
	runDriftCases(t, repo, "PATHOS.md", []driftCase{
		{"attack: a soul's step into a directory never here keeps its drift", "## Current state\n\n```bash\ncd tools/gen && go run .\n```", []string{"unanchored tools/gen/"}},
	})
}
