package engine_test

import "testing"

// TestTwentyFifthHoldoutClasses: files a document places in another checkout or in each user's project
// (meshtastic firmware's hardware harness, moved to its own repository; continue's settings lookup),
// and a repository written as owner/name before a place in it (foundry's `foundry-rs/book`), each
// beside its twin. A web address left without its scheme as a link target (dd-trace-rb) is still a
// broken link, reported as one.
func TestTwentyFifthHoldoutClasses(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/main.cpp", "int main() { return 0; }\n")
	g.write(".claude/commands/test.md", "# test\n")
	g.write(".claude/settings.json", "{}\n")
	g.write(".claude/agents.json", "{}\n")
	g.write("tests/helpers.py", "import pytest\n")
	g.write("harness/conftest.py", "import pytest\n")
	g.write("setup.cfg", "[metadata]\n")
	g.write("harness/unit/test_a.py", "def test_a(): pass\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	for _, f := range []string{".claude/commands/test.md", ".claude/settings.json", ".claude/agents.json", "tests/helpers.py", "harness/conftest.py", "setup.cfg", "harness/unit/test_a.py"} {
		g.remove(f)
	}
	g.commit("2026-05-02T10:00:00Z", "move the harness to its own repository")
	repo := g.open(t)

	runDriftCases(t, repo, "AGENTS.md", []driftCase{
		{"a section its heading places in another checkout", "### Hardware suite (`run-tests.sh`, from a fleet-harness checkout)\n\nSuite tiers:\n\n1. `tests/unit/` - pure Python.\n2. `tests/test_00_bake.py` - flashes each device.\n\n#### Artifacts\n\n- `tests/report.html` - the report every run writes.", nil},
		{"twin: a sibling section of this repository", "### Hardware suite (`run-tests.sh`, from a fleet-harness checkout)\n\n- `tests/unit/` - pure Python.\n\n### Slash commands\n\n- `.claude/commands/test.md` is the body of /test.", []string{"evidence_file_missing .claude/commands/test.md"}},
		{"twin: a heading that names this checkout in general words", "### Tests (run from the main checkout)\n\n- `tests/helpers.py` is the helper module.", []string{"evidence_file_missing tests/helpers.py"}},
		{"a bare name the document placed in another checkout", "### Hardware suite (from a fleet-harness checkout)\n\n- `tests/report.html` - the run's report.\n\n### Triage\n\nRead the log tails in `report.html` first.", nil},
		{"a file given to another checkout in parentheses", "`tests/conftest.py` (in the fleet-harness checkout) provides the fixtures; `pytest_generate_tests` in `conftest.py` makes the variants.", nil},
		{"twin: a bare name no other checkout holds", "`tests/conftest.py` (in the fleet-harness checkout) provides the fixtures; the metadata is in `setup.cfg`.", []string{"evidence_file_missing setup.cfg"}},
		{"twin: the same bare name with nothing placed elsewhere", "`pytest_generate_tests` in `conftest.py` makes the variants.", []string{"evidence_file_missing conftest.py"}},
		{"a table row whose first cell links another repository", "| Path | What |\n|---|---|\n| `src/` | Firmware source |\n| [fleet-harness](https://github.com/acme/fleet-harness) | the pytest harness (`unit/`, `mesh/`) |", nil},
		{"twin: a table row of this repository", "| Path | What |\n|---|---|\n| `src/` | Firmware source |\n| `harness/unit/` | the harness's unit tier |", []string{"evidence_file_missing harness/unit/"}},
		{"a place in a repository written as owner/name", "5. Document the setting in `acme/book` under\n   `src/pages/config/reference/`, with its default.", nil},
		{"twin: a place with no repository before it", "5. Document the setting under `src/pages/config/reference/`, with its default.", []string{"unverified unanchored src/pages/config/reference/"}},
		{"a web address without its scheme", "- `src/` - C bindings for the [libdatadog](github.com/DataDog/libdatadog) library", []string{"unanchored github.com/DataDog/libdatadog"}},
		{"twin: a relative link", "- `src/` - C bindings, described in [the guide](docs/bindings.md)", []string{"unanchored docs/bindings.md"}},
		{"a settings path the document also names under home", "- **Config locations** (lowest to highest precedence):\n  - `~/.claude/settings.json` (user-global)\n  - `.claude/settings.json` (project)", nil},
		{"twin: a settings file with no home twin", "- **Agents**: defined in `.claude/agents.json`.", []string{"evidence_file_missing .claude/agents.json"}},
	})
}

// TestLineHintAboveTheDocument: a package's document cites its parent package's file by its bare name
// and a line ("`flows.py:3084`" in src/prefect/runner/AGENTS.md, for src/prefect/flows.py, with nine
// other flows.py in the repository): the file above the document is the one meant, so a moved line is
// line drift there, not a name that never landed.
func TestLineHintAboveTheDocument(t *testing.T) {
	g := newGitFixture(t)
	g.write("src/app/flows.py", "import os\n\n\ndef load_flow(run):\n    return run\n")
	g.write("src/app/runner/runner.py", "def serve():\n    pass\n")
	g.write("src/app/server/flows.py", "def read_flows():\n    pass\n")
	g.write("docs/flows.py", "print('example')\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	repo := g.open(t)

	runDriftCases(t, repo, "src/app/runner/AGENTS.md", []driftCase{
		{"the parent package's file, its line moved", "`load_flow()` substitutes the base path (`flows.py:2`).", []string{"line_drift flows.py:2"}},
		{"the parent package's file, its line in place", "`load_flow()` substitutes the base path (`flows.py:4`).", nil},
		{"the document's own neighbour first", "`serve()` starts the runner (`runner.py:1`).", nil},
	})
}

// TestForgePageLinks: a relative link to a page the forge serves beside the files ("[GitHub
// Discussions](discussions)", nitro's CONTRIBUTING.md) names the page, not a file. A link to a file of
// that name the repository once had is still drift, and so is a link to any other missing name.
func TestForgePageLinks(t *testing.T) {
	g := newGitFixture(t)
	g.write("README.md", "# app\n")
	g.write("wiki/index.md", "# wiki\n")
	g.commit("2026-05-01T10:00:00Z", "init")
	g.remove("wiki/index.md")
	g.commit("2026-05-02T10:00:00Z", "move the wiki out")
	repo := g.open(t)

	runDriftCases(t, repo, "CONTRIBUTING.md", []driftCase{
		{"the forge's discussions page", "Ask questions in [GitHub Discussions](discussions).", nil},
		{"the forge's issues page", "Report bugs in [the issue tracker](issues/).", nil},
		{"twin: a directory of that name the repository had", "The guides are in [the wiki](wiki/).", []string{"evidence_file_missing wiki/"}},
		{"twin: another missing name", "Read [the guide](guide.md) first.", []string{"unanchored guide.md"}},
	})
}
