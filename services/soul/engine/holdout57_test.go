package engine_test

import (
	"strings"
	"testing"
)

// TestFiftySeventhHoldoutClasses: the false rows of the fifty-seventh holdout, each beside a twin that
// stays drift.
func TestFiftySeventhHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("pyproject.toml", "[project]\nname = \"gui\"\nrequires-python = \">=3.11\"\n")
	g.write("tool/main.go", "package main\n"+strings.Repeat("// line\n", 49))
	g.write("bin/cli", "#!/bin/sh\n"+strings.Repeat("echo\n", 9))
	g.write("contracts/src/core/Pay.sol", "contract Pay {}\n")
	g.write("portal/apps/web/test/page_test.exs", "defmodule PageTest do\nend\n")
	g.write("server/migrations/20240101000000_initial_schema.sql", "create table t (id int);\n")
	g.write("cpp/AGENTS.md", "# cpp\n\nshort\n")
	g.write("package.json", "{}\n")
	g.write("skills/commit/SKILL.md", "# commit\n")
	g.gone("2026-05-01T10:00:00Z", "2026-05-02T10:00:00Z", "STD_COMPLETENESS.md", "cpp/shared/gen/ball.pb.h", "server/migrations/guilds.sql", "madsci/squid/__init__.py", "contracts/src/Old.sol", "contracts/lib/Old.sol", "test/old_test.exs", "spec/old_spec.exs")
	g.commit("2026-05-03T10:00:00Z", "feat(csharp): #369 nuget tool packaging (#433)")
	g.write("README.md", "# widget\n")
	g.commit("2026-05-04T10:00:00Z", "docs: readme (#434)")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a release line is no size", "```sh\n# Python 3.11+ (CI pins the 3.13 line).\ngo run tool/main.go\n```", nil},
		{"twin: a size beside the file", "- `tool/main.go` (about 3 lines) runs the tool.", []string{"size_drift tool/main.go"}},
		{"a tree entry's size is its own line's", "```\nwidget/\n├── bin/cli             # CLI entry point\n├── .agents/loop/        # loop\n│   ├── loop.sh           # Main loop (4,244 lines)\n│   ├── PROMPT_build.md   # build prompt\n│   ├── PROMPT_plan.md    # plan prompt\n│   └── PROMPT.md         # prompt\n├── skills/               # skills\n│   └── commit/           # commit\n└── package.json\n```", nil},
		{"twin: the size on the entry's own line", "```\nwidget/\n├── bin/cli             # CLI entry point (4,244 lines)\n├── .agents/loop/        # loop\n│   └── PROMPT.md         # prompt\n├── skills/               # skills\n│   └── commit/           # commit\n└── package.json\n```", []string{"size_drift bin/cli"}},
		{"a major version alone holds over a minor", "- **Python 3** with Tkinter GUI", nil},
		{"twin: a minor version below the manifest's", "- **Python 3.9** with Tkinter GUI", []string{"evidence_changed Python 3.9"}},
		{"an issue a subject names, landed", "- With #369 landed, re-verify the encoder.", nil},
		{"a blob's hash", "- `git hash-object Ball.cs` returned the same blob hash (`85f5ef99e0990ee12a1d00d8e066a02418f899d8`) before and after.", nil},
		{"twin: the same id called a commit", "- Fixed in commit `85f5ef99e0990ee12a1d00d8e066a02418f899d8`.", []string{"ref_missing 85f5ef99e0990ee12a1d00d8e066a02418f899d8"}},
		{"a made-up id for tests", "- Uses fixed SHA `abc1234` for deterministic test assertions.", nil},
		{"twin: a commit that is not there", "- Fixed in commit `abc9235`.", []string{"ref_missing abc9235"}},
		{"entries of a round log", "- **Climbs the corpus (Round 5):** the `tool/main.go` sweep is now at **251 passed / 324**.\n- **Full parity (Round 15, this PR):** the `tool/main.go` sweep is now at **320 passed / 320**.", nil},
		{"twin: two statements of one count", "- **Climbs the corpus:** the `tool/main.go` sweep is now at **251 passed / 324**.\n- The `tool/main.go` sweep is now at **320 passed / 320**.", []string{"disagreement contradicted ", "disagreement contradicted "}},
		{"items that count different gaps", "1. **Protobuf oneof constants** — RESOLVED in `tool/main.go` (71 errors).\n2. **Named-parameter binding** — RESOLVED in `tool/main.go` (22 errors).", nil},
		{"twin: one gap counted twice", "1. **Binding** — RESOLVED in `tool/main.go` (71 errors).\n2. Binding — RESOLVED in `tool/main.go` (22 errors).", []string{"disagreement contradicted ", "disagreement contradicted "}},
		{"an old name after a semicolon", "- The inventory (issue #135; was `STD_COMPLETENESS.md`) is written by the generator.", nil},
		{"twin: the old name as the place", "- The inventory (issue #135) is kept in `STD_COMPLETENESS.md`.", []string{"evidence_file_missing STD_COMPLETENESS.md"}},
		{"a directory a dash says is not there", "- The C++ build is libprotobuf-free — no `cpp/shared/gen/`, no protobuf FetchContent.", nil},
		{"twin: the directory as the output", "- Protos are kept in `cpp/shared/gen/`.", []string{"evidence_file_missing cpp/shared/gen/"}},
		{"a glob whose files sit deeper", "- Computes SHA256 of all `contracts/src/*.sol` files before a deploy.", nil},
		{"twin: a glob nothing matches", "- Computes SHA256 of all `contracts/lib/*.sol` files before a deploy.", []string{"evidence_file_missing contracts/lib/*.sol"}},
		{"a package name a layout leaves to fill", "- Package code lives in `madsci/package_name/`.", nil},
		{"twin: a package that went", "- Package code lives in `madsci/squid/`.", []string{"evidence_file_missing madsci/squid/"}},
		{"a file of the monorepo the sentence names", "> See `docs/spec/node-ci-cd-contract.md` in the\n> operator monorepo for the contract.", nil},
		{"a markdown link's syntax shown", "- [Links](url)", nil},
		{"twin: a link to a missing file", "- [Links](urls.md)", []string{"unanchored urls.md"}},
	})
	// a soul's PR anchors stay answerable to its log; an ordinary document's are held (judge.go)
	runSoulCases(t, repo, []driftCase{
		{"twin: a number no subject names", "- With #371 landed, re-verify the encoder.", []string{"ref_missing #371"}},
	})
	runDriftCases(t, repo, "server/migrations/AGENTS.md", []driftCase{
		{"a migration by the name after its timestamp", "- `initial_schema.sql` - Core data model", nil},
		{"twin: a migration that went", "- `guilds.sql` - Multi-server architecture", []string{"evidence_file_missing guilds.sql"}},
	})
	runDriftCases(t, repo, "cpp/encoder/AGENTS.md", []driftCase{
		{"a line of a file the sentence names", "- Unhandled nodes are dropped (~line 880 in encoder.cpp) — see `../AGENTS.md` § Known gaps.", nil},
		{"twin: a line of the cited file", "- Unhandled nodes are dropped (line 880 of `../AGENTS.md`).", []string{"line_drift ../AGENTS.md:880"}},
	})
	runDriftCases(t, repo, "portal/AGENTS.md", []driftCase{
		{"a glob of each app below the document", "- Sweep: `Repo.update` and raw `%Subject{` in `test/**/*_test.exs`.", nil},
		{"twin: a glob no app matches", "- Sweep: `Repo.update` and raw `%Subject{` in `spec/**/*_spec.exs`.", []string{"evidence_file_missing spec/**/*_spec.exs"}},
	})
}

// TestFiftySeventhHoldoutRequiredVersion: a least version a sentence calls required is the manifest's
// requirement, so a manifest that asks for less says the sentence is out of date (the fifty-seventh
// holdout's ezbeq, one of its misses).
func TestFiftySeventhHoldoutRequiredVersion(t *testing.T) {
	g := newGitFixture(t)
	g.write("pyproject.toml", "[project]\nname = \"eq\"\nrequires-python = \">=3.11, <3.16\"\n")
	g.commit("2026-05-03T10:00:00Z", "init")
	repo := g.open(t)
	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a required version above the manifest's", "- **Python 3.13+** required", []string{"evidence_changed Python 3.13+"}},
		{"twin: a version the project also runs on", "- Tested on **Python 3.13+**", nil},
		{"twin: the manifest's own requirement", "- **Python 3.11+** required", nil},
	})
}
