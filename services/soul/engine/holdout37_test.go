package engine_test

import "testing"

// TestThirtySeventhHoldoutBareDirectory: a directory name written with its slash is answered by a
// tracked directory of that name, or by a module file of a language whose module may be either; any
// other file of that stem does not stand for it (headscale's deleted `routes/` beside docs/ref/routes.md,
// alertmanager's `mute/` beside notify/mute.go).
func TestThirtySeventhHoldoutBareDirectory(t *testing.T) {
	g := newGitFixture(t)
	g.write("hscontrol/routes/primary.go", "package routes\n")
	g.write("hscontrol/dns/dns.go", "package dns\n")
	g.write("docs/ref/routes.md", "# routes\n")
	g.write("notify/mute.go", "package notify\n")
	g.write("src/commands.rs", "pub fn run() {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("hscontrol/routes/primary.go")
	g.commit("2026-06-02T10:00:00Z", "delete routes package")
	repo := g.open(t)

	line := func(names string) string {
		return "## `hscontrol/` packages\n\n- " + names + " — routing, MagicDNS, helpers.\n"
	}
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a deleted package beside a page of its name", line("`routes/`, `dns/`"), []string{"evidence_file_missing routes/"}},
		{"a package no commit had, beside a Go file of its name", line("`mute/`, `dns/`"), []string{"unverified unanchored mute/"}},
		{"twin: a directory of that name", line("`dns/`"), nil},
		{"twin: a Rust module file of that name", line("`commands/`, `dns/`"), nil},
	})
}

// TestThirtySeventhHoldoutTreeUnderRepoName: a tree drawn under the repository's own name, which is also
// the name of one of its directories (huggingface/tokenizers: "tokenizers/" over tokenizers/, bindings/
// and docs/), is read from the top when its entries fit the top better than that directory.
func TestThirtySeventhHoldoutTreeUnderRepoName(t *testing.T) {
	g := newGitFixture(t)
	g.write("go.mod", "module github.com/huggingface/tokenizers\n\ngo 1.22\n")
	g.write("tokenizers/src/lib.rs", "pub fn f() {}\n")
	g.write("tokenizers/Makefile", "test:\n\tcargo test\n")
	g.write("bindings/python/Makefile", "test:\n\tpytest\n")
	g.write("docs/index.md", "# docs\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	tree := func(entries string) string {
		return "## Repository layout\n\n```\ntokenizers/\n  tokenizers/         # Core Rust library\n    src/\n    Makefile\n" + entries + "```\n"
	}
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"the repository's name over its top", tree("  bindings/\n    python/\n  docs/\n"), nil},
		{"twin: an entry the top lacks", tree("  bindings/\n    java/\n  docs/\n"), []string{"unverified unanchored bindings/java/"}},
	})
}

// TestThirtySeventhHoldoutKeyPath: a jq-style key followed by the data file it is a key of ("see
// `.engines.node` in `web/package.json`", tilt's CONTRIBUTING.md) is no path.
func TestThirtySeventhHoldoutKeyPath(t *testing.T) {
	g := newGitFixture(t)
	g.write("web/package.json", "{\"engines\": {\"node\": \">=20\"}}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"a key of the file named after it", "## Prerequisites\n\n- **Node.js** (LTS - see `.engines.node` in `web/package.json`)\n", nil},
		{"twin: a dotted file name before a directory", "## Prerequisites\n\n- Configure the linter in `.eslintrc.json` in `web/`.\n",
			[]string{"unverified unanchored .eslintrc.json"}},
	})
}

// TestThirtySeventhHoldoutOutputSample: a block the paragraph before it introduces as output the reader
// may meet ("In case you see a linter error such as:", skaffold's DEVELOPMENT.md, over a transcript
// naming hack/linter.sh, since renamed) is no list of commands; one introduced as steps to run is.
func TestThirtySeventhHoldoutOutputSample(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "test:\n\thack/golangci-lint.sh\n")
	g.write("hack/linter.sh", "#!/bin/sh\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("hack/linter.sh")
	g.write("hack/golangci-lint.sh", "#!/bin/sh\n")
	g.commit("2026-06-02T10:00:00Z", "rename the linter script")
	repo := g.open(t)

	block := func(lead string) string {
		return "## Unit Tests\n\n" + lead + "\n\n```shell\nmake test\nRUN hack/linter.sh\nERRO Running error: no such linter \"gocritic\"\n```\n\nre-run the install script.\n"
	}
	runDriftCases(t, repo, "DEVELOPMENT.md", []driftCase{
		{"an error the reader may see", block("In case you see a linter error such as:"), nil},
		{"output the reader will see", block("You should see something like this:"), nil},
		{"twin: steps to run", block("To lint by hand, run:"), []string{"evidence_file_missing hack/linter.sh"}},
	})
}
