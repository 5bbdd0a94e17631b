package engine_test

import "testing"

// TestThirtySixthHoldoutIncludedTarget: a make target removed from a file the Makefile includes, even a
// file that has since moved, is drift naming the removing commit (kubernetes-sigs/kueue's
// `make toc-verify` was defined in Makefile-verify.mk, later hack/make/verify.mk); before, history was
// asked of the Makefile alone and the target read as one no commit had defined. One that is still
// included holds; one no file ever defined stays an unverified mention.
func TestThirtySixthHoldoutIncludedTarget(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "include Makefile-verify.mk\n\nbuild:\n\tgo build\n")
	g.write("Makefile-verify.mk", "toc-verify:\n\tmdtoc\n\nfmt-verify:\n\tgofmt\n")
	g.write("vendor/x/rules.mk", "docs-verify:\n\ttrue\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.write("Makefile-verify.mk", "fmt-verify:\n\tgofmt\n")
	g.write("vendor/x/rules.mk", "other:\n\ttrue\n")
	g.commit("2026-06-02T10:00:00Z", "use git diff instead of verify-toc.sh")
	g.remove("Makefile-verify.mk")
	g.write("hack/make/verify.mk", "fmt-verify:\n\tgofmt\n")
	g.write("Makefile", "include hack/make/verify.mk\n\nbuild:\n\tgo build\n")
	g.commit("2026-06-03T10:00:00Z", "move the make fragments to hack/make")
	repo := g.open(t)

	line := func(target string) string {
		return "## Checks\n\n**Common single checks**: `make build`, `make " + target + "`.\n"
	}
	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"removed from a fragment that moved since", line("toc-verify"), []string{"evidence_changed make toc-verify"}},
		{"twin: still in the included fragment", line("fmt-verify"), nil},
		{"twin: removed only from a vendored fragment", line("docs-verify"), []string{"unverified evidence_changed make docs-verify"}},
		{"twin: never defined", line("lint-verify"), []string{"unverified evidence_changed make lint-verify"}},
	})
}

// TestThirtySixthHoldoutNonClaims: the thirty-sixth holdout's false drift, each beside a twin that stays
// drift. gitoxide's "the `Maintenance` section of the `makefile`" (its Makefile, lowered as prose lowers
// words) and "`make fmt`" listed as an example commit subject; flipt's "there is **no
// `tailwind.config.js`**"; headscale's "Read `hs-*.stderr.log`", logs its tests write (an unverified
// mention, no longer asserted); vcluster's
// "Create a `vcluster.yaml` that sets ...", then "-f ./vcluster.yaml".
func TestThirtySixthHoldoutNonClaims(t *testing.T) {
	g := newGitFixture(t)
	g.write("Makefile", "##@ Maintenance\nfmt:\n\tcargo fmt\n")
	g.write("docs/Setup.md", "# setup\n")
	g.write("src/index.css", "@import 'tailwindcss';\n")
	g.write("integration/logs.go", "package integration\n")
	g.write("chart/values.yaml", "a: 1\n")
	g.write("vcluster.yaml", "controlPlane: {}\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	g.remove("vcluster.yaml")
	g.commit("2026-06-02T10:00:00Z", "drop the conformance config")
	repo := g.open(t)

	runDriftCases(t, repo, "DEVELOPMENT.md", []driftCase{
		{"a conventional name in lower case", "## Maintenance Guide\n\nUtilities can be found in the `Maintenance` section of the `makefile`. Run `make` to get an overview.\n", nil},
		{"twin: a path in another case", "## Guide\n\nStart with `docs/setup.md` before anything.\n",
			[]string{"evidence_file_missing docs/setup.md"}},
		{"an example commit subject", "## Commit Messages\n\nEverything else uses no prefix. Examples could be:\n\n- make test modules mirror the modules\n- `make lint-all`\n- thanks clippy\n", nil},
		{"twin: a sentence of that section keeps its command", "## Commit Messages\n\nRun `make lint-all` before you write one.\n",
			[]string{"unverified evidence_changed make lint-all"}},
		{"twin: the same item under another heading", "## Checks\n\nRun these:\n\n- `make lint-all`\n",
			[]string{"unverified evidence_changed make lint-all"}},
		{"there is no such file", "## Styling\n\n- **Styling**: Tailwind **v4**; config is CSS-first in `src/index.css`; there is **no `tailwind.config.js`**.\n", nil},
		{"twin: there is such a file", "## Styling\n\n- **Styling**: Tailwind config lives in `tailwind.config.js`.\n",
			[]string{"unverified unanchored tailwind.config.js"}},
		{"logs a run writes", "## Gotchas\n\n- Flakes are almost always code. Read `hs-*.stderr.log` before blaming Docker.\n",
			[]string{"unverified evidence_file_missing hs-*.stderr.log"}},
		{"a log file a run writes", "## Gotchas\n\n- Read `integration/run.log` before blaming Docker.\n",
			[]string{"unverified unanchored integration/run.log"}},
		{"twin: a file a run does not write", "## Gotchas\n\n- Read `integration/run.txt` before blaming Docker.\n",
			[]string{"unanchored integration/run.txt"}},
		{"a file the reader creates", "## Deploy\n\n#### Create a `vcluster.yaml`\n\nCreate a `vcluster.yaml` that sets the image to be your locally built Docker image.\n\n#### Deploy vCluster\n\nLaunch your vCluster using your `vcluster.yaml`\n\n```\n./dist/<ARCH>/vcluster create my-vcluster -f ./vcluster.yaml --local-chart-dir chart\n```\n", nil},
		{"twin: an entry in a file that must be there", "## Release\n\nCreate a `docs/changes.md` entry for each fix.\n\nUpdate `docs/changes.md` before the release.\n",
			[]string{"unverified unanchored docs/changes.md"}},
	})
}

// TestThirtySixthHoldoutVersions: a language version a sentence says a tool ships in is no least version
// of the project (temporalio/sdk-typescript: "Corepack ... is included in Node 14+" over engines.node >=
// 20.3.0); a manifest's version given as the current one is compared with the manifest (vendure's and
// mikro-orm's `lerna.json`, adk-go's `go.mod`, each a release or a bump behind).
func TestThirtySixthHoldoutVersions(t *testing.T) {
	g := newGitFixture(t)
	g.write("package.json", "{\"name\": \"sdk\", \"version\": \"1.9.0\", \"engines\": {\"node\": \">= 20.3.0\"}}\n")
	g.write("lerna.json", "{\"version\": \"3.5.4\", \"npmClient\": \"npm\"}\n")
	g.write("go.mod", "module example.com/adk\n\ngo 1.26.6\n")
	g.write("crates/core/Cargo.toml", "[package]\nname = \"core\"\nversion = \"0.4.2\"\nedition = \"2021\"\n\n[dependencies]\nserde = { version = \"1\" }\n")
	g.commit("2026-06-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"what a Node release ships", "## Install pnpm\n\nCorepack is the recommended way to install `pnpm` and is included in Node 14+.\n", nil},
		{"twin: what the project needs", "## Install\n\nThe SDK requires Node 14+.\n", []string{"evidence_changed requires Node 14+"}},
		{"lerna.json, a release behind", "## Key Files\n\n- `lerna.json` - Monorepo version (currently 3.5.2)\n",
			[]string{"evidence_changed lerna.json version 3.5.2"}},
		{"twin: lerna.json as it is", "## Key Files\n\n- `lerna.json` - Monorepo versioning (current: 3.5.4)\n", nil},
		{"go.mod, a bump behind", "## Overview\n\nRequires the Go version declared in `go.mod` (currently 1.26.5).\n",
			[]string{"evidence_changed go.mod version 1.26.5"}},
		{"twin: go.mod by its minor version", "## Overview\n\nRequires the Go version declared in `go.mod` (currently 1.26).\n", nil},
		{"twin: a version of the past", "## Overview\n\nThe `lerna.json` version field was added in 3.5.0.\n", nil},
	})
	runDriftCases(t, repo, "crates/core/AGENTS.md", []driftCase{
		{"the crate's Cargo.toml, nearest the document", "## Crate\n\nThe crate's `Cargo.toml` is currently at 0.4.1.\n",
			[]string{"evidence_changed Cargo.toml version 0.4.1"}},
		{"twin: the crate's version as it is", "## Crate\n\nThe crate's `Cargo.toml` is currently at 0.4.2.\n", nil},
	})
}
